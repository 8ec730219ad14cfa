import Testing

@testable import TemperCore

/// The ledger keeps what it admitted already mixed as it admits and forgets (issue 19's decision benchmark), and a
/// price reads those pieces in one pass, cut to a view, rather than mixing every voice again: what it reads must be
/// what mixing from scratch gives.
@Suite struct IncrementalLedgerTests {
    typealias R = RewriterFixtures

    static let explosion = R.estimator.playbackSignal(of: R.haptic(R.explosion, id: "explosion").kind).premixed()
    static let tap = R.estimator.playbackSignal(of: SensoryRequest.Kind.system(.impact(.light, intensity: 0.6))).premixed()
    static let buzz = R.estimator.playbackSignal(of: PlaybackLedgerTests.buzzRequest("buzz").kind).premixed()

    /// What the kept pieces inside `span` cost mixed from scratch: copied into a new mix and priced whole.
    static func fromScratch(_ kept: MixedPlayback, in span: Range<Double>) -> EnergyBreakdown {
        var mix = ActuatorMix(estimator: R.estimator.withoutPowerTracking, itemCount: 1, totalsOnly: true)
        for output in kept.haptics.keys.sorted() {
            for piece in kept.haptics[output]! {
                if var placed = MixView.placed(piece, at: 0, in: span, numberedFrom: 0) {
                    placed.eventIndex = 0
                    mix.hapticVoices.append(placed)
                }
            }
        }
        return mix.totals()
    }

    static func close(_ a: EnergyBreakdown, _ b: EnergyBreakdown) -> Bool {
        let scale = max(1, a.totalMillijoules, b.totalMillijoules)
        return abs(a.transientsMillijoules - b.transientsMillijoules) <= 1e-9 * scale
            && abs(a.continuousMillijoules - b.continuousMillijoules) <= 1e-9 * scale
            && abs(a.overheadMillijoules - b.overheadMillijoules) <= 1e-9 * scale
    }

    /// Admits a busy stream, forgets with `now` inside a run (the explosions overlap without a break), admits
    /// more: after each step the running sums are those of the pieces kept, and the kept mix read through them
    /// (its runs' middles as differences of sums) costs what the same pieces cost mixed from scratch.
    @Test func theKeptSumsAfterAdmitsAndForgetsPriceWhatAFreshMixDoes() throws {
        var kept = MixedPlayback()
        let haptics = R.estimator.profile.haptics
        var state: UInt64 = 19
        var start = 0.0
        var forgotInsideARun = false
        for index in 0..<900 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            start += Double(state >> 40) / Double(1 << 24) * (index < 600 ? 0.06 : 0.5)
            let signal = [Self.explosion, Self.tap, Self.buzz][Int((state >> 20) % 3)]
            guard case .voices(let mix, _, _) = signal.content else { continue }
            kept.add(mix, hapticMix: signal.hapticMix, at: start)
            if index % 150 == 149 {
                // Forget up to a moment inside the busy stretch: the run it cuts loses its first pieces.
                let before = kept.haptics[0] ?? []
                kept.forget(before: start - 0.3 + haptics.tailSeconds)
                let dropped = before.count - (kept.haptics[0]?.count ?? 0)
                if dropped > 0, dropped < before.count, before[dropped].start <= before[dropped - 1].end + VoiceMixer.contiguity {
                    forgotInsideARun = true
                }
            }
            guard index % 50 == 49, let list = kept.haptics[0] else { continue }
            for span in [list[0].start..<start + 1, (start - 1.3)..<(start + 0.2), (start - 0.25)..<(start - 0.05)] {
                let read = kept.hapticTotals(in: span, continued: nil, adding: [], at: 0, haptics: haptics).without
                let scratch = Self.fromScratch(kept, in: span)
                #expect(Self.close(read, scratch), "read \(read.totalMillijoules) mJ, from scratch \(scratch.totalMillijoules) mJ")
            }
        }
        #expect(forgotInsideARun)
    }

    /// Where what is kept keeps the actuator busy around the request, the price's view is cut a memory of the
    /// carried level beyond the request's ends: it adds what the uncut view (the request's whole tail on either
    /// side) adds, with the benchmark's 64 explosions and taps and with a sparser stream, and never less than
    /// nothing.
    @Test(arguments: [2.0, 1.31, 0.5])
    func aPriceInACutViewIsWhatTheWholeViewAdds(startSeconds: Double) throws {
        let haptics = R.estimator.profile.haptics
        for spacing in [1.0 / 32, 0.37] {
            var kept = MixedPlayback()
            for index in 0..<64 {
                let signal = index.isMultiple(of: 2) ? Self.explosion : Self.tap
                guard case .voices(let mix, _, _) = signal.content else { continue }
                kept.add(mix, hapticMix: signal.hapticMix, at: Double(index) * spacing)
            }
            for signal in [Self.explosion, Self.buzz] {
                let own = try #require(signal.hapticMix)
                let last = startSeconds + (signal.hapticsEndSeconds ?? 0)
                let view = kept.hapticView(
                    from: startSeconds,
                    to: last,
                    settle: MixedPlayback.settleSeconds(haptics),
                    memory: LevelTails.memorySeconds(haptics),
                    floor: startSeconds - haptics.tailSeconds,
                    ceiling: last + haptics.tailSeconds
                )
                let cut = kept.hapticTotals(in: view.span, continued: view.continued, adding: own, at: startSeconds, haptics: haptics)
                let whole = kept.hapticTotals(
                    in: (startSeconds - haptics.tailSeconds)..<(last + haptics.tailSeconds),
                    continued: nil,
                    adding: own,
                    at: startSeconds,
                    haptics: haptics
                )
                let (cutAdds, wholeAdds) = (cut.with.subtracting(cut.without), whole.with.subtracting(whole.without))
                #expect(
                    abs(cutAdds.totalMillijoules - wholeAdds.totalMillijoules) < 1e-9 * max(1, whole.with.totalMillijoules),
                    "cut view adds \(cutAdds.totalMillijoules) mJ, the whole view \(wholeAdds.totalMillijoules) mJ"
                )
                #expect(cutAdds.totalMillijoules >= -1e-9)
            }
        }
    }
}
