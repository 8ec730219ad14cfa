import Foundation
import TemperAHAP
import TemperCore
import TemperPatterns
import TemperTestSupport
import Testing

/// The perception model (issue 23, items 1 and 2): felt strength from the lowered drive, perceived change on every
/// decision and conversion, and its words.
@Suite struct PerceptionTests {
    let estimator = EnergyFixtures.phone
    let rumble = EnergyFixtures.pattern(
        EnergyFixtures.transient(intensity: 0.9, sharpness: 0.7),
        EnergyFixtures.continuous(at: 0.05, duration: 0.8, intensity: 0.8, sharpness: 0.4)
    )

    func request(_ pattern: AHAPPattern, usage: UsageClass = .game) -> SensoryRequest {
        SensoryRequest(id: "felt", usage: usage, kind: .haptic(HapticPatternRequest(pattern: pattern)))
    }

    func rewriter(_ rules: FeedbackRules) -> Rewriter {
        Rewriter(policy: Policy(name: "perception", tiers: [.fair: rules], lowPower: [:], exemptUsages: []), energyModel: estimator)
    }

    /// Scaling every intensity by s scales acceleration by s (γ = 2), so the change is 20·log10(s) dB whatever the
    /// magnitude exponent: 0.9 is 0.92 dB weaker.
    @Test func aUniformScaleIsTwentyLogOfItInDecibels() throws {
        var scaled = rumble
        for index in scaled.items.indices {
            guard case .event(var event) = scaled.items[index] else { continue }
            event.parameters = event.parameters.map { $0.id == .hapticIntensity ? .init(id: $0.id, value: $0.value * 0.9) : $0 }
            scaled.items[index] = .event(event)
        }
        let change = try #require(estimator.perceivedChange(from: .ahap(rumble, waveforms: [:]), to: .ahap(scaled, waveforms: [:])))
        #expect(abs(change.decibels - 20 * log10(0.9)) < 0.01, "\(change.decibels)")
    }

    /// Issue 23's done-when: a change under 1 dB is reported as unnoticeable, on the decision and in words.
    @Test func aChangeUnderOneDecibelIsUnnoticeable() throws {
        let decision = rewriter(FeedbackRules(intensityScale: 0.9)).decide(request(rumble), condition: Condition(tier: .fair))
        let change = try #require(decision.perceivedChange)
        #expect(decision.outcome == .rewritten)
        #expect(change.decibels < -0.5 && change.decibels > -1, "\(change.decibels)")
        #expect(change.verdict == .unnoticeable)
        #expect(change.words == "0.9 dB weaker: unnoticeable")
        #expect(decision.perceivedChangeDecibels == change.decibels)
    }

    /// Around the JND the words say so: 0.8 is about 2 dB weaker.
    @Test func aTwoDecibelChangeIsAtTheEdgeOfWhatPeopleNotice() throws {
        let decision = rewriter(FeedbackRules(intensityScale: 0.8)).decide(request(rumble), condition: Condition(tier: .fair))
        let change = try #require(decision.perceivedChange)
        #expect(change.words == "about 2 dB weaker: at the edge of what people notice")
    }

    /// Issue 23's done-when: a simple-impact fallback is reported as a large change, whatever its dB figure.
    @Test func aSimpleImpactFallbackIsALargeChange() throws {
        let decision = rewriter(FeedbackRules(haptics: .simpleImpact(.light))).decide(request(rumble), condition: Condition(tier: .fair))
        let change = try #require(decision.perceivedChange)
        #expect(decision.outcome == .fallback)
        #expect(change.verdict == .large)
        #expect(change.replaced)
        #expect(change.words == "replaced by a simple impact: a large change")
        #expect(change.decibels < -6, "a light tap for an 0.8 s rumble: \(change.decibels) dB")
    }

    /// Removing the continuous events names the rumble as the event that changed most, and as gone.
    @Test func theEventsThatChangedMostAreNamed() throws {
        let decision = rewriter(FeedbackRules(haptics: .transientsOnly)).decide(request(rumble), condition: Condition(tier: .fair))
        let change = try #require(decision.perceivedChange)
        let first = try #require(change.changedMost.first)
        #expect(first.event == "HapticContinuous" && first.decibels == nil, "\(change.changedMost)")
        #expect(change.verdict == .large)
    }

    /// A pass changes nothing; a sound has no felt strength; a dropped pattern is no longer felt.
    @Test func passesSoundsAndDropsReportTheirChange() throws {
        let pass = rewriter(FeedbackRules()).decide(request(rumble), condition: Condition(tier: .fair))
        #expect(pass.perceivedChange == PerceivedChange.none)
        let cue = SensoryRequest(id: "cue", usage: .game, kind: .audio(AudioCue(position: .zero, rendering: .twoD, durationSeconds: 0.2)))
        #expect(rewriter(FeedbackRules(audioVolumeScale: 0.5)).decide(cue, condition: Condition(tier: .fair)).perceivedChange == nil)
        let dropped = rewriter(FeedbackRules(haptics: .off)).decide(request(rumble), condition: Condition(tier: .fair))
        let change = try #require(dropped.perceivedChange)
        #expect(dropped.outcome == .dropped && change.gone && change.words == "no longer felt: a large change")
    }

    /// The decision's JSON carries the figure beside the energy, and reads back.
    @Test func theDecisionJSONCarriesThePerceivedChange() throws {
        let decision = rewriter(FeedbackRules(intensityScale: 0.9)).decide(request(rumble), condition: Condition(tier: .fair))
        let data = try JSONEncoder().encode(decision)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((object["perceivedChangeDecibels"] as? Double).map { abs($0 - (decision.perceivedChangeDecibels ?? 0)) < 1e-9 } == true)
        let nested = try #require(object["perceivedChange"] as? [String: Any])
        #expect(nested["words"] as? String == "0.9 dB weaker: unnoticeable")
        #expect(try JSONDecoder().decode(Decision.self, from: data) == decision)
    }

    /// Issue 23's done-when: a conversion reports its perceptual change beside its energy change.
    @Test func aConversionReportsItsPerceivedChange() throws {
        let timeline = PatternTimeline(
            source: .haptic,
            tracks: [
                PatternTrack(
                    amplitude: [.init(time: 0, value: 0.6), .init(time: 0.4, value: 0.6)],
                    frequency: [.init(time: 0, value: 0.5)]
                )
            ]
        )
        let (_, cost) = try ConversionCost.converting(timeline, from: timeline, to: .ahap, on: estimator)
        let change = try #require(cost.perceivedChange)
        #expect(abs(change.decibels) < 1, "AHAP carries the track as written: \(change.decibels) dB")
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(cost)) as? [String: Any])
        #expect(object["perceivedChangeDecibels"] is Double)
        #expect(object["sourceMillijoules"] is Double)
    }

    /// Formats cut a pattern into different events: an AHAP rumble becomes a timeline track. The events that
    /// changed most are then compared over their span, so none reads as gone while the same drive plays.
    @Test func eventsWithoutAMatchAreComparedOverTheirSpan() throws {
        let timeline = PatternTimeline(
            source: .haptic,
            tracks: [PatternTrack(amplitude: [.init(time: 0.05, value: 0.3), .init(time: 0.85, value: 0.3)])]
        )
        let change = try #require(estimator.perceivedChange(from: .ahap(rumble, waveforms: [:]), to: timeline))
        let continuous = try #require(change.changedMost.first { $0.event == "HapticContinuous" }, "\(change.changedMost)")
        #expect(continuous.decibels != nil && continuous.decibels! < 0, "\(continuous)")
        #expect(!change.gone)
    }

    /// The threshold and the figures the article states.
    @Test func theFiguresAreTheDocumentedOnes() {
        #expect(VibrotactilePerception.magnitudeExponent == 0.89)
        #expect(VibrotactilePerception.amplitudeJNDDecibels == 2.3)
        #expect(VibrotactilePerception.frequencyJNDFraction == 0.18)
        #expect(abs(pow(10, VibrotactileThreshold.decibels(hertz: 150) / 20) - 0.027) < 0.0005, "0.027 g at 150 Hz")
        #expect(VibrotactilePerception.magnitude(sensationDecibels: 0) == 0, "at threshold nothing is felt")
        #expect(PerceivedChange.verdict(0.99) == .unnoticeable)
        #expect(PerceivedChange.verdict(2.5) == .edge)
        #expect(PerceivedChange.verdict(4) == .noticeable)
        #expect(PerceivedChange.verdict(-6) == .large)
    }
}
