import Foundation
import Testing

extension RealDaemonTests {
    /// The issue's "done when": `temper status --json` on a testbed gives the tier and low power the rules
    /// define, one rule combination per case, through libsensors, the thermal zones, the real upowerd and the
    /// power-profiles-daemon mock.
    @Suite struct StatusRulesTests {
        /// One fake machine and what `temper status --json` must say about it.
        struct Case: Sendable, CustomTestStringConvertible {
            var name: String
            /// coretemp temperatures; nil means no coretemp chip.
            var coretemp: [HostTestbed.FakeTemperature]?
            /// nvme temperatures on a second chip.
            var nvme: [HostTestbed.FakeTemperature] = []
            /// A thermal zone: (°C, passive trip, critical trip).
            var zone: (celsius: Double, passive: Double?, critical: Double?)?
            /// Battery percentage and whether AC is plugged in; nil means no upowerd at all.
            var battery: (percent: Double, onAC: Bool)?
            var profile: String?
            /// Policy YAML for `--policy`.
            var policy: String?
            var tier: String
            var lowPower: Bool
            /// Reason codes that must be there, and a fragment of the first one's message.
            var reasons: [String]
            var message: String

            var testDescription: String { name }
        }

        static let cool = HostTestbed.FakeTemperature(index: 1, label: "Package id 0", celsius: 50, high: 80, critical: 100)

        static let cases: [Case] = [
            Case(
                name: "fair at its own high limit minus 10",
                coretemp: [temperature(72)],
                tier: "fair",
                lowPower: false,
                reasons: ["sensor.threshold"],
                message: "at 72.0 °C ≥ fair 70.0 °C (its own limits)"
            ),
            Case(
                name: "critical at its own critical limit minus 5",
                coretemp: [temperature(95)],
                tier: "critical",
                lowPower: false,
                reasons: ["sensor.threshold"],
                message: "≥ critical 95.0 °C (its own limits)"
            ),
            Case(
                name: "a sensor without limits uses the defaults 70/85/95",
                coretemp: [HostTestbed.FakeTemperature(index: 1, label: "Board", celsius: 86)],
                tier: "serious",
                lowPower: false,
                reasons: ["sensor.threshold"],
                message: "≥ serious 85.0 °C (default thresholds)"
            ),
            Case(
                name: "a thermal zone's passive trip point is its high limit",
                zone: (62, 60, 110),
                tier: "serious",
                lowPower: false,
                reasons: ["sensor.threshold"],
                message: "at 62.0 °C ≥ serious 60.0 °C"
            ),
            Case(
                name: "a sensor with an absurd limit is ignored with a reason",
                nvme: [
                    HostTestbed.FakeTemperature(index: 1, label: "Composite", celsius: 45, high: 84, critical: 85),
                    HostTestbed.FakeTemperature(index: 2, label: "Sensor 1", celsius: 99, high: 65261.8),
                ],
                tier: "nominal",
                lowPower: false,
                reasons: ["sensor.absurdLimit"],
                message: "its high limit 65261.8 °C is above 200.0 °C"
            ),
            Case(
                name: "on battery at 15 % is low power",
                coretemp: [cool],
                battery: (15, false),
                profile: "balanced",
                tier: "nominal",
                lowPower: true,
                reasons: ["battery.low"],
                message: "on battery at 15 % (low at or under 20 %)"
            ),
            Case(
                name: "a critical battery escalates to serious",
                coretemp: [cool],
                battery: (4, false),
                profile: "balanced",
                tier: "serious",
                lowPower: true,
                reasons: ["battery.critical"],
                message: "tier at least serious"
            ),
            Case(
                name: "unless the policy turns that off",
                coretemp: [cool],
                battery: (4, false),
                profile: "balanced",
                policy: "version: 1\nclassifier: {criticalBatteryTier: none}\n",
                tier: "nominal",
                lowPower: true,
                reasons: ["battery.critical"],
                message: "no tier escalation by policy"
            ),
            Case(
                name: "power-saver on battery is low power",
                coretemp: [cool],
                battery: (80, false),
                profile: "power-saver",
                tier: "nominal",
                lowPower: true,
                reasons: ["powerProfile.powerSaver"],
                message: "power-saver"
            ),
            Case(
                name: "on AC, a low battery and power-saver are not low power",
                coretemp: [cool],
                battery: (10, true),
                profile: "power-saver",
                tier: "nominal",
                lowPower: false,
                reasons: ["powerProfile.powerSaverOnAC"],
                message: "on external power"
            ),
            Case(
                name: "the hottest rule wins: a hot sensor over a critical battery",
                coretemp: [temperature(96)],
                battery: (4, false),
                profile: "power-saver",
                tier: "critical",
                lowPower: true,
                reasons: ["sensor.threshold", "battery.critical", "powerProfile.powerSaver"],
                message: "≥ critical 95.0 °C"
            ),
        ]

        static func temperature(_ celsius: Double) -> HostTestbed.FakeTemperature {
            var package = cool
            package.celsius = celsius
            return package
        }

        @Test("status --json gives the tier and low power the rules define", arguments: cases)
        func statusFollowsTheRules(_ rule: Case) async throws {
            try await HostTestbed.with { testbed in
                if let coretemp = rule.coretemp { try testbed.addHwmonChip("coretemp", temperatures: coretemp) }
                if !rule.nvme.isEmpty { try testbed.addHwmonChip("nvme", instance: 1, temperatures: rule.nvme) }
                if let zone = rule.zone {
                    try testbed.addThermalZone(
                        0,
                        type: "x86_pkg_temp",
                        celsius: zone.celsius,
                        passive: zone.passive,
                        critical: zone.critical
                    )
                }
                if let battery = rule.battery {
                    _ = try testbed.addPowerSupplies(percent: battery.percent, onAC: battery.onAC)
                    try testbed.startUPower()
                }
                if let profile = rule.profile { try testbed.startPowerProfiles(profile) }
                var arguments = ["status", "--json"]
                if let policy = rule.policy {
                    let file = URL(fileURLWithPath: testbed.workDirectory).appendingPathComponent("policy.yaml")
                    try Data(policy.utf8).write(to: file)
                    arguments += ["--policy", file.path]
                }

                let result = try testbed.runTemper(arguments)
                #expect(result.status == 0, "\(result.stderr)")
                let status = try JSONDecoder().decode(StatusLine.self, from: Data(result.stdout.utf8))
                #expect(status.tier == rule.tier, "\(status.reasons.map(\.message))")
                #expect(status.lowPower == rule.lowPower, "\(status.reasons.map(\.message))")
                for code in rule.reasons {
                    #expect(status.reasonCodes.contains(code), "\(code) missing from \(status.reasonCodes)")
                }
                let first = status.reasons.first { $0.code == rule.reasons.first }
                #expect(first?.message.contains(rule.message) == true, "\(first?.message ?? "no \(rule.reasons[0])")")
                if rule.battery != nil {
                    #expect(status.battery.status == "available", "the battery came from the private bus's upowerd")
                    #expect(abs((status.battery.percentage ?? -1) - (rule.battery?.percent ?? 0)) < 0.5)
                }
            }
        }
    }
}
