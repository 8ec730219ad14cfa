import Foundation
import TemperAHAP
import TemperCore
import TemperPatterns
import TemperTestSupport
import Testing

/// The trim nobody can feel (issue 23, item 3): the policy key, the rewriter's first rule, and its bound.
@Suite struct PerceptualTrimTests {
    let estimator = EnergyFixtures.phone
    let rumble = EnergyFixtures.pattern(
        EnergyFixtures.transient(intensity: 1, sharpness: 0.9),
        EnergyFixtures.continuous(at: 0.05, duration: 0.6, intensity: 0.7, sharpness: 0.3)
    )

    func decide(_ rules: FeedbackRules, _ kind: SensoryRequest.Kind) -> Decision {
        let policy = Policy(name: "trim", tiers: [.fair: rules], lowPower: [:], exemptUsages: [])
        return Rewriter(policy: policy, energyModel: estimator).decide(
            SensoryRequest(id: "t", usage: .game, kind: kind),
            condition: Condition(tier: .fair)
        )
    }

    @Test func theTrimIsTheFirstRuleAndStaysWithinItsLimit() throws {
        let decision = decide(
            FeedbackRules(intensityScale: 0.9, trim: PerceptualTrim(maxDecibels: 2)),
            .haptic(HapticPatternRequest(pattern: rumble))
        )
        #expect(decision.ruleNames == ["haptics.trim", "haptics.intensityScale"])
        #expect(decision.energyAfterMillijoules < decision.energyBeforeMillijoules * 0.8)
        let trimOnly = decide(FeedbackRules(trim: PerceptualTrim(maxDecibels: 2)), .haptic(HapticPatternRequest(pattern: rumble)))
        let change = try #require(trimOnly.perceivedChangeDecibels)
        #expect(change >= -2 - 1e-9 && change < -1.5, "\(change) dB")
        #expect(trimOnly.outcome == .rewritten)
        #expect(trimOnly.rules.first?.reason.message.contains("at the edge of what people notice") == true)
    }

    @Test func aSystemImpactIsTrimmedToo() throws {
        let decision = decide(FeedbackRules(trim: PerceptualTrim(maxDecibels: 1)), .system(.impact(.medium, intensity: 1)))
        guard case .system(.impact(_, let intensity)) = decision.request?.kind else {
            Issue.record("expected an impact, got \(String(describing: decision.request?.kind))")
            return
        }
        #expect(abs(intensity - pow(10, -1.0 / 20)) < 0.01, "\(intensity)")
        #expect(try #require(decision.perceivedChangeDecibels) >= -1 - 1e-9)
    }

    @Test func trimIsReadRangeCheckedAndWrittenBack() throws {
        let policy = try Policy.parse(yaml: "version: 1\ntiers:\n  fair:\n    trim: {maxDecibels: 2}\n", file: "p.yaml")
        #expect(policy.tiers[.fair]?.trim?.maxDecibels == 2)
        let withUnit = try Policy.parse(yaml: "version: 1\ntiers:\n  fair:\n    trim: {maxDecibels: 1.5 dB}\n", file: "p.yaml")
        #expect(withUnit.tiers[.fair]?.trim?.maxDecibels == 1.5)
        let errors = Policy.check(yaml: "version: 1\ntiers:\n  fair:\n    trim: {maxDecibels: 9}\n", file: "p.yaml")
        let error = try #require(errors.first)
        #expect(error.path == "tiers.fair.trim.maxDecibels", "\(error)")
        #expect(error.message.contains("0 dB to 6 dB"), "\(error.message)")
        #expect(Policy.check(yaml: "version: 1\ntiers:\n  fair:\n    trim: {maxDB: 2}\n", file: "p.yaml").map(\.code).contains(.unknownKey))
        #expect(Policy.check(yaml: "version: 1\ntiers:\n  fair:\n    trim: 2\n", file: "p.yaml").count == 1)
        let none = try Policy.parse(yaml: "version: 1\ntiers:\n  fair:\n    trim: none\n", file: "p.yaml")
        #expect(none.tiers[.fair]?.trim == nil)
    }

    /// Issue 32, item 2: a pitch change past half the smallest JND only when the policy says so, and the effective
    /// policy writes it back; a tier that names a trim without it does not inherit it.
    @Test func aPolicyAllowsAPitchChangeOnlyExplicitly() throws {
        let yaml =
            "version: 1\ntiers:\n  fair:\n    trim: {maxDecibels: 2, allowPitchChange: true}\n  serious:\n    trim: {maxDecibels: 3}\n"
        let policy = try Policy.parse(yaml: yaml, file: "p.yaml")
        #expect(policy.tiers[.fair]?.trim == PerceptualTrim(maxDecibels: 2, allowsPitchChange: true))
        #expect(policy.tiers[.serious]?.trim == PerceptualTrim(maxDecibels: 3))
        #expect(policy.yamlDocument().contains("trim: {maxDecibels: 2, allowPitchChange: true}"))
        #expect(policy.yamlDocument().contains("trim: {maxDecibels: 3}\n"))
        let reread = try Policy.parse(yaml: policy.yamlDocument(), file: "effective.yaml")
        #expect(reread.tiers[.fair]?.trim == policy.tiers[.fair]?.trim)
        let errors = Policy.check(yaml: "version: 1\ntiers:\n  fair:\n    trim: {maxDecibels: 2, allowPitchChange: 1.5}\n", file: "p.yaml")
        #expect(errors.map(\.path) == ["tiers.fair.trim.allowPitchChange"], "\(errors)")
    }

    /// Allowed, the rewriter's trim moves a 170 Hz buzz past 6.5 % toward resonance (at most the 18 % average JND)
    /// and its reason says the policy allowed it; the default stays within 6.5 %.
    @Test func anAllowedPitchChangeMovesFartherAndSaysSo() throws {
        let bright = SensoryRequest.Kind.haptic(
            HapticPatternRequest(pattern: EnergyFixtures.pattern(EnergyFixtures.continuous(duration: 0.5, intensity: 0.8, sharpness: 1)))
        )
        let allowed = decide(FeedbackRules(trim: PerceptualTrim(maxDecibels: 2, allowsPitchChange: true)), bright)
        let change = try #require(allowed.perceivedChange)
        #expect(change.largestPitchChange > 0.065 + 1e-9 && change.largestPitchChange <= 0.18 + 1e-9, "\(change)")
        #expect(try #require(allowed.rules.first).reason.message.contains("as the policy allows"))
        let standard = decide(FeedbackRules(trim: PerceptualTrim(maxDecibels: 2)), bright)
        #expect(try #require(standard.perceivedChange).largestPitchChange <= 0.065 + 1e-9)
        #expect(allowed.energyAfterMillijoules < standard.energyAfterMillijoules, "a move closer to resonance costs less")
    }

    @Test func thePhonePolicyTrimsTwoDecibelsAtFair() throws {
        let url = PackagePaths.root.appendingPathComponent("Policies/phone.yaml")
        let phone = try Policy.parse(yaml: String(contentsOf: url, encoding: .utf8), file: "phone.yaml")
        #expect(phone.tiers[.fair]?.trim?.maxDecibels == 2)
        #expect(phone.tiers[.nominal]?.trim == nil)
    }

    /// Issue 23, item 3: the trim also moves sharpness toward resonance, within the frequency JND, where that is
    /// cheaper. On the phone (120–170 Hz, resonance 145 Hz) 120 Hz moves by 18 % to 141.6 Hz and 170 Hz to 145 Hz.
    @Test func aShiftMovesAFrequencyByAtMostTheJNDTowardResonance() throws {
        let shift = try #require(estimator.resonanceShift(fraction: VibrotactilePerception.frequencyJNDFraction))
        #expect(abs(shift.hertz(120) - 141.6) < 1e-9)
        #expect(shift.hertz(170) == 145)
        #expect(shift.hertz(145) == 145)
        #expect(abs(shift.sharpness(0) - 21.6 / 50) < 1e-9, "sharpness 0 is 120 Hz; 141.6 Hz is 0.432")
        #expect(abs(shift.sharpness(1) - 0.5) < 1e-9, "sharpness 1 is 170 Hz, moved to resonance at 0.5")
        #expect(shift.sharpness(.nan).isNaN)
        // A gamepad's ERMs play no frequency they are asked for: moving it saves nothing, so there is no shift.
        let gamepad = EnergyEstimator(profile: try EnergyFixtures.profile("gamepad"))
        #expect(gamepad.resonanceShift(fraction: 0.18) == nil)
    }

    @Test func theTrimMovesSharpnessTowardResonanceWhereItIsCheaper() throws {
        let bright = EnergyFixtures.pattern(EnergyFixtures.continuous(duration: 0.5, intensity: 0.8, sharpness: 1))
        let kind = SensoryRequest.Kind.haptic(HapticPatternRequest(pattern: bright))
        let decision = decide(FeedbackRules(trim: PerceptualTrim(maxDecibels: 2)), kind)
        let rule = try #require(decision.rules.first)
        #expect(rule.reason.message.contains("moved toward resonance"), "\(rule.reason.message)")
        guard case .haptic(let haptic) = decision.request?.kind, let event = haptic.content.ahapEvents.first else {
            Issue.record("expected the trimmed pattern, got \(String(describing: decision.request?.kind))")
            return
        }
        // 170 Hz moves by half the smallest frequency JND (6.5 %) to 158.95 Hz: sharpness (158.95 − 120) / 50.
        #expect(abs(event.value(of: .hapticSharpness) - (170 * (1 - 0.065) - 120) / 50) < 1e-9, "\(event.value(of: .hapticSharpness))")
        #expect(try #require(decision.perceivedChangeDecibels) >= -2 - 1e-9)
        // Cheaper than the intensity cut alone at the same limit.
        let alone = try #require(PerceptualTrim(maxDecibels: 2).trim(kind, felt: estimator.feltStrength(of:)))
        #expect(!alone.movedTowardResonance)
        #expect(decision.energyAfterMillijoules < estimator.energyMillijoules(of: alone.kind) * 0.9)
    }
}
