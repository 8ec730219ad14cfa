import Foundation
import TemperCore
import Testing

extension RealDaemonTests {
    /// `temper status` next to `sensors`, `upower -d` and `powerprofilesctl`: what they show, it shows.
    @Suite struct StatusHardwareTests {
        @Test("a sensors.conf compute statement changes exactly its values; every other value reads as sensors shows it")
        func computeStatementsAreApplied() async throws {
            try await HostTestbed.with { testbed in
                try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package, HostTestbed.core])
                try testbed.addHwmonBoardChip("nct6775", instance: 1)
                let config = URL(fileURLWithPath: testbed.workDirectory).appendingPathComponent("sensors.conf")
                try Data(
                    "chip \"coretemp-*\"\n    compute temp2 @+10, @-10\nchip \"nct6775-*\"\n    compute in1 @*2, @/2\n".utf8
                ).write(to: config)
                let result = try testbed.runTemper(["status", "--json"], bus: false, environment: ["TEMPER_SENSORS_CONFIG": config.path])
                #expect(result.status == 0, "\(result.stderr)")
                let document = try TemperJSON.decoder().decode(HostStatusDocument.self, from: Data(result.stdout.utf8))
                let temperatures = document.snapshot.temperatures
                #expect(temperatures.first { $0.label == HostTestbed.package.label }?.celsius == HostTestbed.package.celsius)
                #expect(temperatures.first { $0.label == HostTestbed.core.label }?.celsius == HostTestbed.core.celsius + 10)
                let measurements = document.snapshot.measurements
                #expect(measurements.first { $0.label == "+12V" }?.value == 24.2, "compute in1 @*2")
                #expect(measurements.first { $0.label == "Vcore" }?.value == 1.05)
                #expect(measurements.first { $0.label == "CPU fan" }?.value == 1200)
                #expect(document.snapshot.powerReadings.first { $0.label == "CPU" }?.value == 12.5)
            }
        }

        @Test("without a writable temporary folder to learn libsensors' scales in, every value is read through libsensors")
        func noTemporaryFolder() async throws {
            try await HostTestbed.with { testbed in
                try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package, HostTestbed.core])
                try testbed.addHwmonBoardChip("nct6775", instance: 1)
                let result = try testbed.runTemper(
                    ["status", "--json"],
                    bus: false,
                    environment: ["TMPDIR": "/nonexistent/temper-no-tmp", "TEMPER_LOG_LEVEL": "debug"]
                )
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stderr.contains("every value is read through libsensors"), "\(result.stderr)")
                let document = try TemperJSON.decoder().decode(HostStatusDocument.self, from: Data(result.stdout.utf8))
                #expect(document.snapshot.temperatures.map(\.celsius) == [HostTestbed.package.celsius, HostTestbed.core.celsius])
                #expect(document.snapshot.measurements.first { $0.label == "Vcore" }?.value == 1.05)
                #expect(document.snapshot.powerReadings.first { $0.label == "CPU" }?.value == 12.5)
            }
        }

        @Test("status shows fans, voltages, currents and power, the battery's health and model, and every profile")
        func statusShowsWhatTheToolsShow() async throws {
            try await HostTestbed.with { testbed in
                try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package, HostTestbed.core])
                try testbed.addHwmonBoardChip("nct6775", instance: 1)
                _ = try testbed.addPowerSupplies(percent: 50, onAC: false)
                try testbed.startUPower()
                try testbed.startRealPowerProfiles(lapDetected: true)

                let result = try testbed.runTemper(["status", "--json"])
                #expect(result.status == 0, "\(result.stderr)")
                let document = try TemperJSON.decoder().decode(HostStatusDocument.self, from: Data(result.stdout.utf8))
                let measurements = document.snapshot.measurements
                let fan = try #require(measurements.first { $0.kind == .fan })
                #expect(fan.label == "CPU fan" && fan.value == 1200 && fan.minimum == 300)
                let vcore = try #require(measurements.first { $0.label == "Vcore" })
                #expect(vcore.kind == .voltage && vcore.value == 1.05 && vcore.minimum == 0.8 && vcore.maximum == 1.2)
                #expect(measurements.contains { $0.label == "+12V" && $0.value == 12.1 })
                #expect(measurements.contains { $0.kind == .current && $0.value == 2.5 })
                #expect(document.snapshot.powerReadings.contains { $0.label == "CPU" && $0.kind == .power && $0.value == 12.5 })

                #expect(document.snapshot.battery.energyFullWh == 60, "the display device's full energy")
                let battery = try #require(document.snapshot.battery.batteries.first)
                #expect(battery.energyFullDesignWh == 80)
                #expect(battery.energyFullWh == 60)
                #expect(abs((battery.energyWh ?? 0) - 30) < 0.1)
                #expect(battery.capacityPercent == 75, "60 Wh of 80 Wh design")
                #expect(battery.model == "Fake 5000")
                #expect(battery.vendor == "Temper")
                #expect(battery.technology == "lithium-ion")

                let profile = document.snapshot.powerProfile
                #expect(profile.profiles.map(\.name) == ["power-saver", "balanced", "performance"])
                #expect(profile.profiles.allSatisfy { $0.driver == "platform_profile" })
                #expect(profile.activeProfile == "balanced")
                #expect(profile.performanceDegraded == "lap-detected")

                // Read as a stranger would, at 80 columns.
                let table = try testbed.runTemper(["status"], environment: ["COLUMNS": "80"])
                #expect(table.status == 0, "\(table.stderr)")
                let lines = table.stdout.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
                for expected in [
                    "CPU fan:  1200 rpm  (min 300 rpm)", "Vcore:      1.05 V  (min 0.80 V, max 1.20 V)", "2.50 A", "12.50 W",
                    "BAT0 (Temper, Fake 5000, lithium-ion)", "health: 75 % of design (60.0 Wh full, 80.0 Wh design)",
                    "* balanced", "performance  driver platform_profile, degraded: lap-detected",
                ] {
                    #expect(table.stdout.contains(expected), "\(expected) in\n\(table.stdout)")
                }
            }
        }

        @Test("a trace line from record and a status --json document decode with the same type")
        func recordAndStatusShareOneShape() async throws {
            try await HostTestbed.with { testbed in
                var warm = HostTestbed.package
                warm.celsius = 75
                try testbed.addHwmonChip("coretemp", temperatures: [warm])
                try testbed.addHwmonBoardChip("nct6775", instance: 1)
                try testbed.startPowerProfiles("power-saver")
                let out = URL(fileURLWithPath: testbed.workDirectory).appendingPathComponent("trace.jsonl")
                let record = try testbed.runTemper(["record", "--out", out.path, "--duration", "0.3", "--interval", "0.1"])
                #expect(record.status == 0, "\(record.stderr)")
                let status = try testbed.runTemper(["status", "--json"])
                #expect(status.status == 0, "\(status.stderr)")

                let recorded = try #require(try RecordCommandTests.documents(out).last)
                let shown = try TemperJSON.decoder().decode(HostStatusDocument.self, from: Data(status.stdout.utf8))
                for document in [recorded, shown] {
                    #expect(document.condition?.tier == .fair)
                    #expect(document.assessments.first?.tier == .fair, "the sensor's own tier")
                    #expect(document.assessments.first?.thresholds?.entry.fair == 70)
                    #expect(document.snapshot.measurements.contains { $0.kind == .fan && $0.value == 1200 })
                    #expect(document.snapshot.powerProfile.activeProfile == "power-saver")
                }
                #expect(shown.policy?.name == "default")
                #expect(recorded.policy == nil)
                #expect(recorded.snapshot.temperatures == shown.snapshot.temperatures)
            }
        }
    }
}
