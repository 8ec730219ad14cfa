import TemperAHAP
import TemperCore
import TemperPatterns
import Testing

/// Price caches key payloads by ``PayloadKey``, which hashes only a summary of a pattern: equal payloads must
/// still be one key, and payloads that share the summary must still be two.
@Suite struct PayloadKeyTests {
    private func transient(at time: Double, intensity: Double) -> AHAPItem {
        .event(AHAPEvent(type: .hapticTransient, time: time, parameters: [.init(id: .hapticIntensity, value: intensity)]))
    }

    private func pattern(middle intensity: Double) -> HapticPattern {
        .ahap(
            AHAPPattern(items: [transient(at: 0, intensity: 1), transient(at: 0.1, intensity: intensity), transient(at: 0.2, intensity: 1)]
            ),
            waveforms: [:]
        )
    }

    @Test func equalPatternsBuiltApartAreOneKey() {
        let first = PayloadKey(pattern(middle: 0.5))
        let second = PayloadKey(pattern(middle: 0.5))
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
    }

    @Test func patternsThatDifferOnlyInTheMiddleAreTwoKeys() {
        // Same counts, same first and last events: the summaries collide, and equality tells them apart.
        var prices: [PayloadKey: Double] = [:]
        prices[PayloadKey(pattern(middle: 0.5))] = 1
        prices[PayloadKey(pattern(middle: 0.25))] = 2
        #expect(prices.count == 2)
        #expect(prices[PayloadKey(pattern(middle: 0.5))] == 1)
        #expect(prices[PayloadKey(pattern(middle: 0.25))] == 2)
    }

    @Test func timelinesThatDifferInTheirPointsAreTwoKeys() {
        func timeline(peak: Double) -> HapticPattern {
            PatternTimeline(
                source: .haptic,
                tracks: [
                    PatternTrack(
                        motor: .main,
                        amplitude: [.init(time: 0, value: 0), .init(time: 0.1, value: peak), .init(time: 0.2, value: 0)]
                    )
                ]
            )
        }
        #expect(PayloadKey(timeline(peak: 1)) != PayloadKey(timeline(peak: 0.5)))
        #expect(Set([PayloadKey(timeline(peak: 1)), PayloadKey(timeline(peak: 0.5)), PayloadKey(timeline(peak: 1))]).count == 2)
    }

    @Test func theSameCueIsOneKeyAndAnotherIsAnother() {
        let cue = AudioCue(position: Vector3(0, 0, -1), sceneToMetres: 1, listener: .init(), volume: 1, durationSeconds: 1)
        var louder = cue
        louder.volume = 0.5
        #expect(PayloadKey(.audio(cue)) == PayloadKey(.audio(cue)))
        #expect(PayloadKey(.audio(cue)) != PayloadKey(.audio(louder)))
    }
}
