import TemperCore
import Testing

@Suite struct PolicyMergeTests {
    @Test func theBuiltInDefaultFollowsTheBrief() {
        let policy = Policy.default
        #expect(policy.rules(for: Condition(tier: .nominal)) == FeedbackRules())
        let fair = policy.rules(for: Condition(tier: .fair))
        #expect(fair.particleScale < 1 && fair.haptics == .full && fair.spatialAudioAllowed && fair.nonEssentialAudio)
        let serious = policy.rules(for: Condition(tier: .serious))
        #expect(serious.haptics == .simpleImpact(.medium) && !serious.spatialAudioAllowed)
        let critical = policy.rules(for: Condition(tier: .critical))
        #expect(critical.exemptOnly && critical.haptics == .simpleImpact(.medium) && !critical.spatialAudioAllowed)
        for tier in Tier.allCases {
            let lowPower = policy.rules(for: Condition(tier: tier, lowPower: true))
            #expect(lowPower.haptics == .simpleImpact(.medium), "low power at \(tier)")
            #expect(lowPower.rumbleCapSeconds == 0.5, "low power at \(tier)")
        }
        #expect(policy.exemptUsages == [.alarm, .communication, .accessibility])
    }

    @Test func omittedKeysTakeTheDefault() throws {
        let policy = try Policy.parse(yaml: "version: 1\ntiers: {serious: {haptics: off}}", file: "mine.yaml")
        #expect(policy.name == "mine")
        #expect(policy.summary == nil)
        var expected = Policy.default.tiers[.serious]!
        expected.haptics = .off
        #expect(policy.tiers[.serious] == expected)
        #expect(policy.tiers[.fair] == Policy.default.tiers[.fair])
        #expect(policy.classifier == ClassifierSettings())
    }

    @Test func lowPowerNeverMakesHapticsRicherThanTheTier() throws {
        let policy = try Policy.parse(yaml: "version: 1\ntiers: {fair: {haptics: off}}\nlowPower: {fair: {haptics: full}}")
        #expect(policy.lowPower[.fair]?.haptics == .off)
        let patch = FeedbackRulesPatch(haptics: .transientsOnly)
        #expect(patch.appliedAsLowPower(to: FeedbackRules(haptics: .capRumble(maxSeconds: 1, fadeSeconds: 0.1))).haptics == .transientsOnly)
    }

    @Test func lowPowerKeysOverrideTheTier() throws {
        let policy = try Policy.parse(yaml: "version: 1\nlowPower: {serious: {particleScale: 0, budget: none, rumbleCap: none}}")
        let rules = try #require(policy.lowPower[.serious])
        #expect(rules.particleScale == 0)
        #expect(rules.budget == nil)
        #expect(rules.rumbleCapSeconds == nil)
        #expect(rules.haptics == .simpleImpact(.medium), "the default's low-power haptics stay")
    }

    @Test(arguments: [
        ("500mJ", 500.0), ("0.5J", 500.0), ("2 J", 2000.0), ("1.5kJ", 1_500_000.0), ("250uJ", 0.25),
    ])
    func budgetEnergiesTakeUnits(text: String, millijoules: Double) throws {
        let policy = try Policy.parse(yaml: "version: 1\ntiers: {fair: {budget: {energy: \(text), window: 2m}}}")
        #expect(policy.tiers[.fair]?.budget == EnergyBudget(millijoules: millijoules, windowSeconds: 120))
    }

    @Test func classifierSettingsAreReadWithUnitsAndNone() throws {
        let policy = try Policy.parse(
            yaml: """
                version: 1
                classifier:
                  dwell: 1500ms
                  preemptiveEscalation: 45s
                  criticalBatteryTier: none
                  sensorOverrides:
                    - chip: coretemp-isa-0000
                      label: Core 0
                      thresholds: {fair: 60 °C, serious: 70 °C, critical: 80 °C}
                      hysteresis: 2 K
                """
        )
        #expect(policy.classifier.dwellSeconds == 1.5)
        #expect(policy.classifier.preemptiveEscalationSeconds == 45)
        #expect(policy.classifier.criticalBatteryTier == nil)
        #expect(
            policy.classifier.sensorOverrides == [
                SensorOverride(
                    chip: "coretemp-isa-0000",
                    label: "Core 0",
                    thresholds: .init(fair: 60, serious: 70, critical: 80),
                    hysteresisCelsius: 2
                )
            ]
        )
    }

    @Test func writtenNumbersAndStringsReadBack() throws {
        var policy = Policy.default
        policy.name = "quote \" and \\ backslash"
        policy.summary = "tab\there"
        policy.classifier.hysteresisCelsius = 0.000012
        policy.tiers[.fair]?.intensityScale = 0.3
        policy.classifier.sensorOverrides = [SensorOverride(label: "Sensor 1", ignore: true)]
        #expect(try Policy.parse(yaml: policy.yamlDocument()) == policy)
    }
}
