import TemperCore
import Testing

@Suite struct FeedbackdMappingTests {
    @Test("the standard mapping: serious or low power → quiet, critical → silent, the quieter wins")
    func standardMapping() {
        let mapping = FeedbackdMapping.standard
        #expect(mapping.profile(for: Condition(tier: .nominal)) == nil)
        #expect(mapping.profile(for: Condition(tier: .fair)) == nil)
        #expect(mapping.profile(for: Condition(tier: .nominal, lowPower: true)) == .quiet)
        #expect(mapping.profile(for: Condition(tier: .serious)) == .quiet)
        #expect(mapping.profile(for: Condition(tier: .critical, lowPower: true)) == .silent)
    }

    @Test("a policy file overrides keys over the standard mapping; none clears one")
    func policyOverrides() throws {
        let policy = try Policy.parse(yaml: "version: 1\nfeedbackd:\n  fair: quiet\n  lowPower: none\n", file: "p.yaml")
        #expect(policy.feedbackd.tiers[.fair] == .quiet)
        #expect(policy.feedbackd.tiers[.critical] == .silent)
        #expect(policy.feedbackd.lowPower == nil)
        #expect(Policy.default.feedbackd == .standard)
        let shown = try Policy.parse(yaml: policy.yamlDocument(), file: "shown.yaml")
        #expect(shown == policy, "policy show round-trips the mapping")
    }

    @Test("an unknown profile or key is named with its place")
    func errors() {
        let unknownProfile = #expect(throws: TemperError.self) {
            try Policy.parse(yaml: "version: 1\nfeedbackd:\n  serious: loud\n", file: "p.yaml")
        }
        #expect(unknownProfile?.description.contains("p.yaml") == true)
        #expect(unknownProfile?.description.contains("expected full, quiet, silent or none, found 'loud'") == true)
        let alsoUnknownKey = #expect(throws: TemperError.self) {
            try Policy.parse(yaml: "version: 1\nfeedbackd:\n  serious: loud\n  hot: quiet\n", file: "p.yaml")
        }
        #expect(alsoUnknownKey?.description.contains("p.yaml") == true)
        #expect(alsoUnknownKey?.description.contains("expected full, quiet, silent or none, found 'loud'") == true)
    }
}
