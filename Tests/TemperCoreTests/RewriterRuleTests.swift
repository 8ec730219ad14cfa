import Foundation
import TemperAHAP
import TemperCore
import Testing

@Suite struct RewriterRuleTests {
    let rewriter = RewriterFixtures.rewriter()
    let explosion = RewriterFixtures.haptic(RewriterFixtures.explosion)

    @Test func nominalPassesTheExplosionUntouched() {
        let decision = rewriter.decide(explosion, condition: .nominal)
        #expect(decision.outcome == .pass)
        #expect(decision.request == explosion)
        #expect(decision.rules.isEmpty)
        #expect(decision.energyBeforeMillijoules > 0)
        #expect(decision.energyAfterMillijoules == decision.energyBeforeMillijoules)
    }

    @Test func fairThinsParticlesAndKeepsHaptics() {
        let visual = SensoryRequest(id: "shatter", usage: .game, kind: .visual(VisualEffect(particleCount: 4000, qualityLevel: 3)))
        let decision = rewriter.decide(visual, condition: Condition(tier: .fair))
        #expect(decision.outcome == .rewritten)
        #expect(decision.request?.kind == .visual(VisualEffect(particleCount: 2000, qualityLevel: 3)))
        #expect(decision.fired("visual.particlesScaled"))
        #expect(rewriter.decide(explosion, condition: Condition(tier: .fair)).outcome == .pass)
    }

    @Test func seriousTurnsThePatternIntoASimpleImpact() {
        let decision = rewriter.decide(explosion, condition: Condition(tier: .serious))
        #expect(decision.outcome == .fallback)
        guard case .impact(let style, let intensity)? = decision.systemFeedback else {
            Issue.record("expected an impact, got \(String(describing: decision.request))")
            return
        }
        #expect(style == .medium)
        #expect(intensity > 0 && intensity <= 1)
        #expect(decision.fired("haptics.simpleImpact"))
        #expect(decision.energyAfterMillijoules < decision.energyBeforeMillijoules)
    }

    @Test func offDropsNonExemptPatternsAndKeepsExemptOnesSimple() {
        let rewriter = RewriterFixtures.rewriter(RewriterFixtures.uniform(FeedbackRules(haptics: .off)))
        let game = rewriter.decide(explosion, condition: .nominal)
        #expect(game.outcome == .dropped)
        #expect(game.request == nil)
        #expect(game.energyAfterMillijoules == 0)
        let alarm = rewriter.decide(RewriterFixtures.haptic(RewriterFixtures.explosion, usage: .alarm), condition: .nominal)
        #expect(alarm.outcome == .fallback)
        #expect(alarm.fired("exempt.simplest"))
        let tick = SensoryRequest(id: "tick", usage: .ui, kind: .system(.selection))
        #expect(rewriter.decide(tick, condition: .nominal).outcome == .dropped)
    }

    @Test func criticalKeepsOnlyExemptUsagesInTheirSimplestForm() {
        let critical = Condition(tier: .critical)
        #expect(rewriter.decide(explosion, condition: critical).outcome == .dropped)
        #expect(rewriter.decide(explosion, condition: critical).fired("exemptOnly.dropped"))
        let alarm = rewriter.decide(RewriterFixtures.haptic(RewriterFixtures.alarm, usage: .alarm), condition: critical)
        #expect(alarm.outcome == .fallback)
        #expect(alarm.systemFeedback.map { if case .impact(.medium, _) = $0 { true } else { false } } == true)
        let call = rewriter.decide(RewriterFixtures.audio(at: Vector3(1, 0, -1), usage: .communication), condition: critical)
        #expect(call.outcome == .rewritten)
        #expect(call.audioCue?.rendering == .twoD)
    }

    @Test func lowPowerCapsTheRumbleWithAReleaseAndClipsItsCurves() throws {
        let decision = rewriter.decide(
            RewriterFixtures.haptic(RewriterFixtures.alarm),
            condition: Condition(tier: .nominal, lowPower: true)
        )
        #expect(decision.outcome == .rewritten)
        let pattern = try #require(decision.pattern)
        let rumble = try #require(pattern.events.first { $0.type == .hapticContinuous })
        #expect(rumble.time == 0.1)
        #expect(rumble.duration == 0.5)
        #expect(rumble.value(of: .releaseTime) == 0.1)
        let curve = try #require(pattern.parameterCurves.first)
        #expect(abs((curve.controlPoints.last?.time ?? 0) - 0.5) < 1e-9)
        // Clipped between 0.8 at 1 s and the start: linear from 1.0 at 0 to 0.8 at 1 s gives 0.9 at 0.5 s.
        #expect(abs((curve.controlPoints.last?.value ?? 0) - 0.9) < 1e-9)
        #expect(decision.fired("haptics.rumbleCapped"))
        #expect(decision.fired("haptics.curvesClipped"))
        #expect(decision.energyAfterMillijoules < decision.energyBeforeMillijoules)
    }

    @Test func theRumbleCapShortensWhateverContinuousEventsAModeKeeps() throws {
        let rewriter = RewriterFixtures.rewriter(RewriterFixtures.uniform(FeedbackRules(rumbleCapSeconds: 0.3)))
        let decision = rewriter.decide(RewriterFixtures.haptic(RewriterFixtures.alarm), condition: .nominal)
        let rumble = try #require(decision.pattern?.events.first { $0.type == .hapticContinuous })
        #expect(rumble.duration == 0.3)
        #expect(rumble.value(of: .releaseTime) == 0.1)
        #expect(decision.fired("haptics.rumbleCapped"))
    }

    @Test func theDefaultPolicyFollowsTheBrief() throws {
        let rewriter = RewriterFixtures.rewriter(.default)
        #expect(rewriter.decide(explosion, condition: .nominal).outcome == .pass)
        #expect(rewriter.decide(explosion, condition: Condition(tier: .serious)).outcome == .fallback)
        #expect(
            rewriter.decide(explosion, condition: Condition(tier: .nominal, lowPower: true)).systemFeedback.map {
                if case .impact(.medium, _) = $0 { true } else { false }
            } == true
        )
        #expect(rewriter.decide(explosion, condition: Condition(tier: .critical)).outcome == .dropped)
        #expect(
            rewriter.decide(RewriterFixtures.haptic(RewriterFixtures.alarm, usage: .alarm), condition: Condition(tier: .critical)).outcome
                == .fallback
        )
    }

    @Test func transientsOnlyKeepsAnUncoveredOnsetAsATransient() throws {
        let rewriter = RewriterFixtures.rewriter(RewriterFixtures.uniform(FeedbackRules(haptics: .transientsOnly)))
        let alarm = try #require(rewriter.decide(RewriterFixtures.haptic(RewriterFixtures.alarm), condition: .nominal).pattern)
        #expect(alarm.events.map(\.type) == [.hapticTransient, .hapticTransient])
        #expect(alarm.events.map(\.time) == [0, 0.1])
        // The explosion's rumble starts 20 ms after the crack, which already marks the moment.
        let explosion = try #require(rewriter.decide(explosion, condition: .nominal).pattern)
        #expect(explosion.events.map(\.time) == [0])
    }

    @Test func intensityScaleMultipliesEveryHapticIntensity() throws {
        let rewriter = RewriterFixtures.rewriter(RewriterFixtures.uniform(FeedbackRules(intensityScale: 0.5)))
        let pattern = try #require(rewriter.decide(explosion, condition: .nominal).pattern)
        #expect(pattern.events.map { $0.value(of: .hapticIntensity) } == [0.5, 0.5])
        let impact = SensoryRequest(id: "tap", usage: .ui, kind: .system(.impact(.light, intensity: 0.8)))
        #expect(rewriter.decide(impact, condition: .nominal).systemFeedback == .impact(.light, intensity: 0.4))
    }

    @Test func nonEssentialAudioOffDropsGameAudioButNotAlarms() {
        let rewriter = RewriterFixtures.rewriter(RewriterFixtures.uniform(FeedbackRules(nonEssentialAudio: false)))
        #expect(rewriter.decide(RewriterFixtures.audio(at: Vector3(0, 0, -2)), condition: .nominal).outcome == .dropped)
        #expect(rewriter.decide(RewriterFixtures.audio(at: Vector3(0, 0, -2), usage: .alarm), condition: .nominal).outcome == .pass)
    }

    @Test func audioVolumeScaleLowersTheVolume() {
        let rewriter = RewriterFixtures.rewriter(RewriterFixtures.uniform(FeedbackRules(audioVolumeScale: 0.5)))
        let decision = rewriter.decide(RewriterFixtures.audio(at: Vector3(0, 0, -2)), condition: .nominal)
        #expect(decision.audioCue?.volume == 0.45)
        #expect(decision.fired("audio.volumeScaled"))
    }

    @Test func decisionsRoundTripThroughJSON() throws {
        let decision = rewriter.decide(RewriterFixtures.audio(at: Vector3(1, 1, -2)), condition: Condition(tier: .serious))
        let encoded = try JSONEncoder().encode(decision)
        #expect(try JSONDecoder().decode(Decision.self, from: encoded) == decision)
    }

    @Test func decisionsAreDeterministic() {
        for condition in RewriterFixtures.allConditions {
            #expect(rewriter.decide(explosion, condition: condition) == rewriter.decide(explosion, condition: condition))
        }
    }
}
