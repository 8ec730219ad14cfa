import Foundation
import Testing

extension RealDaemonTests {
    /// `temper watch --json --verbose` under the testbed while the test changes the fake hardware live.
    @Suite struct WatchCommandTests {
        static let watch = ["watch", "--json", "--verbose", "--interval", "0.1"]

        @Test("a heat ramp raises the tiers at once; cooling lowers them one step, only after the dwell")
        func heatRampAndCooling() async throws {
            try await HostTestbed.with { testbed in
                let chip = try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package, HostTestbed.core])
                try testbed.addThermalZone(0, type: "acpitz", celsius: 40, passive: 90, critical: 105)
                // A 1 s dwell (instead of the default 10 s) lets the test see every step down quickly.
                let policy = URL(fileURLWithPath: testbed.workDirectory).appendingPathComponent("quick-dwell.yaml")
                try Data("version: 1\nclassifier:\n  dwell: 1s\n".utf8).write(to: policy)
                let watch = try testbed.startTemper(Self.watch + ["--policy", policy.path], bus: false)
                let deadline = Duration.seconds(10)

                #expect(watch.nextStatus(timeout: deadline, matching: StatusMatch(tier: "nominal")) != nil)
                // high 80, critical 100: fair from 70, serious from 80, critical from 95.
                for (celsius, tier) in [(72.0, "fair"), (82.0, "serious"), (96.0, "critical")] {
                    try testbed.setTemperature(chip, index: 1, celsius: celsius)
                    let line = watch.nextStatus(
                        timeout: deadline,
                        matching: StatusMatch(sensorLabel: "Package id 0", sensorCelsius: celsius)
                    )
                    #expect(line?.tier == tier, "at \(celsius) °C")
                    // Each line carries the sensor's own tier and thresholds, as status does.
                    let package = line?.sensor("Package id 0")
                    #expect(package?.tier == tier, "at \(celsius) °C")
                    #expect(package?.thresholds?.fair == 70 && package?.thresholds?.serious == 80 && package?.thresholds?.critical == 95)
                    #expect(line?.sensor("Core 0")?.tier == "nominal")
                }

                try testbed.setTemperature(chip, index: 1, celsius: 50)
                #expect(Self.tier(of: watch, atPackage: 50) == "critical", "cooling does not lower the tier before the dwell")
                // Down one tier at a time, each after its own dwell; never a jump to nominal.
                for tier in ["serious", "fair", "nominal"] {
                    let stepped = watch.nextStatus(timeout: deadline, matching: StatusMatch(tierIsNot: Self.tierAbove(tier)))
                    #expect(stepped?.tier == tier)
                    #expect(stepped?.reasons.contains { $0.message.contains("stepped down") } == true)
                }

                watch.interrupt()
                let result = watch.waitForExit(timeout: .seconds(5))
                #expect(result.status == 0, "Ctrl-C exits cleanly: \(result.stderr)")
            }
        }

        static func tierAbove(_ tier: String) -> String {
            ["nominal": "fair", "fair": "serious", "serious": "critical"][tier] ?? "critical"
        }

        /// The tier of the first sample whose package sensor reads `celsius`.
        static func tier(of watch: TemperProcess, atPackage celsius: Double) -> String? {
            watch.nextStatus(timeout: .seconds(10), matching: StatusMatch(sensorLabel: "Package id 0", sensorCelsius: celsius))?.tier
        }

        @Test("an hwmon input removed, garbage or empty gives that sensor an error while the others classify")
        func brokenSensorsLive() async throws {
            try await HostTestbed.with { testbed in
                let extra = [
                    HostTestbed.FakeTemperature(index: 3, label: "Removed", celsius: 40, high: 80),
                    HostTestbed.FakeTemperature(index: 4, label: "Garbage", celsius: 40, high: 80),
                    HostTestbed.FakeTemperature(index: 5, label: "Empty", celsius: 40, high: 80),
                ]
                let chip = try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package, HostTestbed.core] + extra)
                let watch = try testbed.startTemper(Self.watch, bus: false)
                let first = watch.nextStatus(timeout: .seconds(10), matching: .any)
                #expect(first?.sensors.allSatisfy { $0.status == "ok" } == true)

                try testbed.removeAttribute(chip, "temp3_input")
                try testbed.setAttributes(chip, ["temp4_input": "hot\n", "temp5_input": "", "temp1_input": "83000\n"])
                let broken = watch.nextStatus(
                    timeout: .seconds(10),
                    matching: StatusMatch(
                        sensorLabel: "Package id 0",
                        sensorCelsius: 83,
                        sensorsWithStatus: (["Removed", "Garbage", "Empty"], "error")
                    )
                )
                let line = try #require(broken)
                #expect(line.sensor("Removed")?.errorCode == 4, "SENSORS_ERR_KERNEL for a missing file")
                #expect(line.sensor("Garbage")?.errorCode == 3, "SENSORS_ERR_ACCESS_R for an unparsable value")
                #expect(line.sensor("Empty")?.errorCode == 3)
                #expect(line.sensor("Core 0")?.status == "ok")
                #expect(line.tier == "serious", "the healthy sensor at 83 °C still classifies")
            }
        }

        @Test("an hwmon chip that appears later is read after libsensors re-initialises")
        func hotplugReinitialises() async throws {
            try await HostTestbed.with { testbed in
                try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package])
                let watch = try testbed.startTemper(Self.watch, bus: false)
                #expect(watch.nextStatus(timeout: .seconds(10), matching: StatusMatch(sensorCount: 1)) != nil)

                let nvme = HostTestbed.FakeTemperature(index: 1, label: "Composite", celsius: 91, high: 84, critical: 85)
                try testbed.addHwmonChip("nvme", instance: 1, temperatures: [nvme])
                let line = watch.nextStatus(timeout: .seconds(10), matching: StatusMatch(sensorLabel: "Composite"))
                #expect(line?.sensor("Composite")?.celsius == 91)
                #expect(line?.tier == "critical")
            }
        }
    }
}
