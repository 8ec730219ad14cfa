import Testing

@testable import TemperCore

/// The ledger keeps what its mix drives summed as it admits and forgets (issue 19's decision benchmark), and a
/// price reads those sums and a request's blocks rather than mixing every piece again: what it reads must be what
/// mixing from scratch gives.
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
            guard index % 50 == 49, let list = kept.haptics[0], let sums = kept.hapticSums[0] else { continue }
            try #require(sums.count == list.count)
            var fresh: [DriveSums] = []
            DriveSums.update(&fresh, of: list, from: 0)
            for piece in [0, list.count / 2, list.count - 1] {
                let incremental = sums[piece].subtracting(sums[0])
                let scratch = fresh[piece].subtracting(fresh[0])
                #expect(
                    abs(incremental.continuousMilliwattSeconds - scratch.continuousMilliwattSeconds) <= 1e-9
                        * max(1, scratch.continuousMilliwattSeconds)
                )
                #expect(
                    abs(incremental.transientMilliwattSeconds - scratch.transientMilliwattSeconds) <= 1e-9
                        * max(1, scratch.transientMilliwattSeconds)
                )
            }
            for span in [list[0].start..<start + 1, (start - 1.3)..<(start + 0.2), (start - 0.25)..<(start - 0.05)] {
                let read = kept.hapticTotals(in: span, continued: nil, adding: [], at: 0, haptics: haptics).without
                let scratch = Self.fromScratch(kept, in: span)
                #expect(Self.close(read, scratch), "read \(read.totalMillijoules) mJ, from scratch \(scratch.totalMillijoules) mJ")
            }
        }
        #expect(forgotInsideARun)
    }

    /// Where the request outplays everything kept under a block of its voices, the price adds the block's sums:
    /// the same totals as merging it voice by voice, with the benchmark's 64 explosions and taps and with a
    /// sparser stream.
    @Test(arguments: [2.0, 1.31, 0.5])
    func aRequestsBlocksPriceWhatMergingItVoiceByVoiceDoes(startSeconds: Double) throws {
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
                    rise: haptics.riseSeconds,
                    floor: startSeconds - haptics.tailSeconds,
                    ceiling: last + haptics.tailSeconds
                )
                let blocked = kept.hapticTotals(
                    in: view.span,
                    continued: view.continued,
                    adding: own,
                    blocks: signal.hapticBlocks,
                    at: startSeconds,
                    haptics: haptics
                )
                let merged = kept.hapticTotals(in: view.span, continued: view.continued, adding: own, at: startSeconds, haptics: haptics)
                #expect(
                    Self.close(blocked.with, merged.with),
                    "blocks \(blocked.with.totalMillijoules) mJ, merged \(merged.with.totalMillijoules) mJ"
                )
                #expect(blocked.with.totalMillijoules > blocked.without.totalMillijoules)
            }
        }
    }

    /// A block that starts with a loud click and ends soft, over kept pieces each weaker than the voice above it
    /// though not all weaker than the softest: the mix plays the block as it is, so a price reads its voices
    /// without merging them (the benchmark's explosion: its first block was merged). A kept piece as strong as the
    /// voice above it (the kept one wins a tie), or the least gap between the voices, and it is merged.
    @Test func aBlockThatOutplaysEachPieceUnderItIsNotMerged() throws {
        func voice(_ start: Double, _ end: Double, _ milliwatts: Double) -> VoiceMixer.Voice {
            VoiceMixer.Voice(start: start, end: end, milliwatts: milliwatts, eventIndex: 0)
        }
        let own = [voice(0, 0.01, 400), voice(0.01, 0.02, 100), voice(0.02, 0.03, 50)]
        let block = try #require(VoiceBlock.blocks(of: own).first)
        #expect(block.voices == 0..<3 && block.minMilliwatts == 50 && block.isSeamless)
        func outplays(_ kept: [VoiceMixer.Voice], _ block: VoiceBlock, of own: [VoiceMixer.Voice]) -> Int? {
            kept.withUnsafeBufferPointer { pieces in
                own.withUnsafeBufferPointer { voices in
                    var after = 0
                    let whole = MixedPlayback.outplays(
                        block,
                        of: VoiceMixer.Placed(voices, at: 1),
                        pieces,
                        from: &after,
                        upTo: pieces.count,
                        before: 1.03
                    )
                    return whole ? after : nil
                }
            }
        }
        let kept = [voice(1, 1.01, 300), voice(1.01, 1.02, 90), voice(1.02, 1.03, 40), voice(1.03, 1.04, 500)]
        #expect(outplays(kept, block, of: own) == 3)
        var tie = kept
        tie[1].milliwatts = 100
        #expect(outplays(tie, block, of: own) == nil)
        var gap = own
        gap[1].start += 1e-10
        let gapped = try #require(VoiceBlock.blocks(of: gap).first)
        #expect(gapped.voices == 0..<3 && !gapped.isSeamless)
        #expect(outplays(kept, gapped, of: gap) == nil)
    }
}
