import Foundation
import TemperAHAP
import TemperCore
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
            FeedbackRules(intensityScale: 0.9, trimMaxDecibels: 2),
            .haptic(HapticPatternRequest(pattern: rumble))
        )
        #expect(decision.ruleNames == ["haptics.trim", "haptics.intensityScale"])
        #expect(decision.energyAfterMillijoules < decision.energyBeforeMillijoules * 0.8)
        let trimOnly = decide(FeedbackRules(trimMaxDecibels: 2), .haptic(HapticPatternRequest(pattern: rumble)))
        let change = try #require(trimOnly.perceivedChangeDecibels)
        #expect(change >= -2 - 1e-9 && change < -1.5, "\(change) dB")
        #expect(trimOnly.outcome == .rewritten)
        #expect(trimOnly.rules.first?.reason.message.contains("at the edge of what people notice") == true)
    }

    @Test func aSystemImpactIsTrimmedToo() throws {
        let decision = decide(FeedbackRules(trimMaxDecibels: 1), .system(.impact(.medium, intensity: 1)))
        guard case .system(.impact(_, let intensity)) = decision.request?.kind else {
            Issue.record("expected an impact, got \(String(describing: decision.request?.kind))")
            return
        }
        #expect(abs(intensity - pow(10, -1.0 / 20)) < 0.01, "\(intensity)")
        #expect(try #require(decision.perceivedChangeDecibels) >= -1 - 1e-9)
    }

    @Test func trimIsReadRangeCheckedAndWrittenBack() throws {
        let policy = try Policy.parse(yaml: "version: 1\ntiers:\n  fair:\n    trim: {maxDecibels: 2}\n", file: "p.yaml")
        #expect(policy.tiers[.fair]?.trimMaxDecibels == 2)
        let withUnit = try Policy.parse(yaml: "version: 1\ntiers:\n  fair:\n    trim: {maxDecibels: 1.5 dB}\n", file: "p.yaml")
        #expect(withUnit.tiers[.fair]?.trimMaxDecibels == 1.5)
        let errors = Policy.check(yaml: "version: 1\ntiers:\n  fair:\n    trim: {maxDecibels: 9}\n", file: "p.yaml")
        let error = try #require(errors.first)
        #expect(error.path == "tiers.fair.trim.maxDecibels", "\(error)")
        #expect(error.message.contains("0 dB to 6 dB"), "\(error.message)")
        #expect(Policy.check(yaml: "version: 1\ntiers:\n  fair:\n    trim: {maxDB: 2}\n", file: "p.yaml").map(\.code).contains(.unknownKey))
        #expect(Policy.check(yaml: "version: 1\ntiers:\n  fair:\n    trim: 2\n", file: "p.yaml").count == 1)
        let none = try Policy.parse(yaml: "version: 1\ntiers:\n  fair:\n    trim: none\n", file: "p.yaml")
        #expect(none.tiers[.fair]?.trimMaxDecibels == nil)
    }

    @Test func thePhonePolicyTrimsTwoDecibelsAtFair() throws {
        let url = PackagePaths.root.appendingPathComponent("Policies/phone.yaml")
        let phone = try Policy.parse(yaml: String(contentsOf: url, encoding: .utf8), file: "phone.yaml")
        #expect(phone.tiers[.fair]?.trimMaxDecibels == 2)
        #expect(phone.tiers[.nominal]?.trimMaxDecibels == nil)
    }
}
