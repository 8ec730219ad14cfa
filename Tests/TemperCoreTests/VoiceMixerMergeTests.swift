import Testing

@testable import TemperCore

/// A price merges the request's own mix with the ledger's kept mix in one pass (issue 19's speed goal); the merge
/// must play exactly what mixing every voice again plays.
@Suite struct VoiceMixerMergeTests {
    typealias R = RewriterFixtures
    typealias Voice = VoiceMixer.Voice

    /// Pieces in time order that do not overlap, some touching, some with equal power, as a mix leaves them.
    static func mixed(seed: UInt64, count: Int, eventIndex: Int) -> [Voice] {
        var state = seed
        var time = 0.0
        var voices: [Voice] = []
        for _ in 0..<count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let gap = state >> 62 == 0 ? Double(state >> 40 & 0xFF) / 2_560 : 0
            let length = 0.001 + Double(state >> 20 & 0xFF) / 5_120
            // Four power levels only, so the two signals often tie.
            let milliwatts = Double(state >> 8 & 3) * 40
            let start = time + gap
            time = start + length
            voices.append(Voice(start: start, end: time, milliwatts: milliwatts, eventIndex: eventIndex, isContinuous: state & 1 == 0))
        }
        return voices
    }

    /// What a mix plays, moment by moment: each stretch's start, end, power and kind.
    static func played(_ voices: [Voice], _ segments: [VoiceMixer.Segment]) -> [(Double, Double, Double, Bool)] {
        var played: [(Double, Double, Double, Bool)] = []
        for segment in segments {
            let voice = voices[segment.voice]
            if let last = played.last, last.1 == segment.start, last.2 == voice.milliwatts, last.3 == voice.isContinuous {
                played[played.count - 1].1 = segment.end
            } else {
                played.append((segment.start, segment.end, voice.milliwatts, voice.isContinuous))
            }
        }
        return played
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func mergingTwoMixesPlaysWhatMixingEveryVoiceAgainPlays(seed: UInt64) {
        let kept = Self.mixed(seed: seed, count: 200, eventIndex: 0)
        let own = Self.mixed(seed: seed &+ 100, count: 120, eventIndex: 1)
        var merged: [Voice] = []
        VoiceMixer.merge(kept[...], own[...], into: &merged)
        let all = kept + own
        let expected = Self.played(all, VoiceMixer.mix(all))
        let got = Self.played(merged, VoiceMixer.mix(merged))
        #expect(got.count == expected.count)
        for (a, b) in zip(got, expected) {
            #expect(a.0 == b.0 && a.1 == b.1 && a.2 == b.2 && a.3 == b.3, "merged \(a) against mixed \(b)")
        }
    }

    @Test func aPremixedSignalIsPricedAsTheSignalItCameFrom() throws {
        let explosion = R.estimator.playbackSignal(of: R.haptic(R.explosion, id: "explosion").kind)
        let tap = R.estimator.playbackSignal(of: .system(.impact(.light, intensity: 0.6)))
        var ledger = PlaybackLedger()
        for index in 0..<64 { ledger.admit(index.isMultiple(of: 2) ? explosion : tap, at: 2 * Double(index) / 64) }
        let plain = try #require(ledger.marginalEnergy(of: explosion, at: 2))
        let premixed = try #require(ledger.marginalEnergy(of: explosion.premixed(), at: 2))
        #expect(explosion.hapticMix == nil && explosion.premixed().hapticMix != nil)
        #expect(plain.totalMillijoules > 0)
        #expect(abs(premixed.totalMillijoules - plain.totalMillijoules) <= 1e-12 * plain.totalMillijoules)
    }
}
