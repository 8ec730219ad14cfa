import Foundation
import TemperCore
import Testing

@Suite struct PolicyFileTests {
    static let policies = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Policies")

    static func text(_ name: String) throws -> String {
        try String(contentsOf: policies.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func defaultFileIsTheBuiltInPolicy() throws {
        let parsed = try Policy.parse(yaml: Self.text("default.yaml"), file: "Policies/default.yaml")
        #expect(parsed.classifier == Policy.default.classifier)
        for tier in Tier.allCases {
            #expect(parsed.tiers[tier] == Policy.default.tiers[tier], "tier \(tier)")
            #expect(parsed.lowPower[tier] == Policy.default.lowPower[tier], "low power \(tier)")
        }
        #expect(parsed == Policy.default)
    }

    @Test func defaultFileExplainsEveryKey() throws {
        let lines = try Self.text("default.yaml").split(separator: "\n").map(String.init)
        let tierNames = Set(Tier.allCases.map { "\($0.rawValue):" })
        var previous = ""
        for line in lines {
            let indent = line.prefix { $0 == " " }.count
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let isKey = !trimmed.hasPrefix("#") && trimmed.contains(":")
            // Top-level and classifier keys each sit under their own comment.
            if isKey, indent <= 2, !tierNames.contains(trimmed) {
                #expect(previous.trimmingCharacters(in: .whitespaces).hasPrefix("#"), "no comment explains: \(line)")
            }
            previous = line
        }
        // Rule keys are explained once, in the table above `tiers:`.
        let comments = lines.filter { $0.hasPrefix("#") }.joined(separator: "\n")
        for key in [
            "haptics", "intensityScale", "spatialAudioAllowed", "audioVolumeScale", "nonEssentialAudio",
            "particleScale", "exemptOnly", "budget", "rumbleCap", "pairedAudio",
        ] {
            #expect(comments.contains("#   \(key) "), "rule key \(key) is not explained")
        }
    }

    @Test(arguments: ["default.yaml", "phone.yaml", "handheld.yaml"])
    func everyShippedPolicyParsesCleanly(name: String) throws {
        #expect(Policy.check(yaml: try Self.text(name), file: name).isEmpty)
    }

    @Test func phoneIsStricterThanTheDefault() throws {
        let phone = try Policy.parse(yaml: Self.text("phone.yaml"), file: "phone.yaml")
        #expect(phone.name == "phone")
        #expect(phone.classifier.defaultThresholds == TierThresholds(fair: 45, serious: 55, critical: 65))
        #expect(phone.classifier.preemptiveEscalationSeconds == 30)
        #expect(phone.classifier.sensorOverrides.first?.label == "battery")
        #expect(phone.tiers[.serious]?.haptics == .simpleImpact(.light))
        #expect(phone.tiers[.critical]?.budget == EnergyBudget(millijoules: 300, windowSeconds: 60))
        // Keys the phone leaves out come from the default.
        #expect(phone.tiers[.critical]?.exemptOnly == true)
        #expect(phone.lowPower[.nominal]?.rumbleCapSeconds == 0.5)
    }

    @Test func handheldHasItsOwnThresholdsDwellAndBudgets() throws {
        let handheld = try Policy.parse(yaml: Self.text("handheld.yaml"), file: "handheld.yaml")
        #expect(handheld.classifier.defaultThresholds.serious == 90)
        #expect(handheld.classifier.dwellSeconds == 30)
        #expect(handheld.classifier.hysteresisCelsius == 5)
        #expect(handheld.classifier.sensorOverrides == [SensorOverride(chip: "acpitz-acpi-0", ignore: true)])
        #expect(handheld.tiers[.fair]?.haptics == .capRumble(maxSeconds: 1, fadeSeconds: 0.2))
        #expect(handheld.tiers[.serious]?.budget == EnergyBudget(millijoules: 5000, windowSeconds: 60))
        #expect(handheld.lowPower[.serious]?.haptics == .off, "low power never turns haptics back on")
        #expect(handheld.lowPower[.fair]?.haptics == .simpleImpact(.heavy))
    }

    @Test(arguments: ["default.yaml", "phone.yaml", "handheld.yaml"])
    func theWrittenPolicyReadsBackEqual(name: String) throws {
        let policy = try Policy.parse(yaml: Self.text(name), file: name)
        let written = policy.yamlDocument()
        #expect(Policy.check(yaml: written, file: "shown.yaml").isEmpty)
        #expect(try Policy.parse(yaml: written, file: "shown.yaml") == policy)
    }
}
