import Foundation
import Testing

extension RealDaemonTests {
    /// Faults a running host survives: daemons and the bus killed (SIGKILL) and brought back, sensors that turn to
    /// garbage or vanish mid-watch. Each must degrade what it feeds, recover when the fault ends, and never end or
    /// hang the process.
    @Suite struct HostFaultTests {
        static let watch = ["watch", "--json", "--verbose", "--interval", "0.1"]
        static let wait = Duration.seconds(10)

        @Test("upowerd killed and restarted three times: the battery is back within 2 s of each return")
        func repeatedDaemonDeaths() async throws {
            try await HostTestbed.with { testbed in
                try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package])
                _ = try testbed.addPowerSupplies(percent: 70, onAC: false)
                try testbed.startUPower()
                let watch = try testbed.startTemper(Self.watch)
                #expect(watch.nextStatus(timeout: Self.wait, matching: StatusMatch(batteryStatus: "available", percentage: 70)) != nil)
                for round in 1...3 {
                    try testbed.stopUPower()
                    #expect(
                        watch.nextStatus(timeout: Self.wait, matching: StatusMatch(batteryStatus: "unavailable")) != nil,
                        "round \(round)"
                    )
                    try testbed.startUPower()  // returns once upowerd owns its name again
                    let back = watch.nextStatus(timeout: .seconds(2), matching: StatusMatch(batteryStatus: "available", percentage: 70))
                    #expect(back != nil, "round \(round): back within 2 s of the daemon's return")
                }
                #expect(watch.process.isRunning)
            }
        }

        @Test("the bus killed, then started again with its daemons: temper reconnects and the battery is back within 2 s")
        func busDeathAndReturn() async throws {
            try await HostTestbed.with { testbed in
                try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package])
                _ = try testbed.addPowerSupplies(percent: 45, onAC: false)
                try testbed.startUPower()
                try testbed.startPowerProfiles("balanced")
                let watch = try testbed.startTemper(Self.watch)
                #expect(
                    watch.nextStatus(timeout: Self.wait, matching: StatusMatch(batteryStatus: "available", powerProfile: "balanced")) != nil
                )

                try testbed.stopBus()
                let lost = watch.nextStatus(timeout: Self.wait, matching: StatusMatch(batteryStatus: "unavailable"))
                #expect(lost?.sensor("Package id 0")?.status == "ok", "the thermal side keeps working without a bus")

                try testbed.restartBus()
                try testbed.startUPower()
                try testbed.startPowerProfiles("power-saver")
                let back = watch.nextStatus(timeout: .seconds(2), matching: StatusMatch(batteryStatus: "available", percentage: 45))
                #expect(back != nil, "reconnected to the new bus within 2 s of upowerd's return")
                #expect(watch.nextStatus(timeout: Self.wait, matching: StatusMatch(powerProfile: "power-saver")) != nil)
                #expect(watch.process.isRunning)
            }
        }

        @Test("an hwmon input that turns to garbage, vanishes, then comes back: an error while broken, a reading again after")
        func sensorFaultsAndRecovery() async throws {
            try await HostTestbed.with { testbed in
                let chip = try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package, HostTestbed.core])
                let watch = try testbed.startTemper(Self.watch, bus: false)
                #expect(
                    watch.nextStatus(timeout: Self.wait, matching: StatusMatch(sensorsWithStatus: (["Package id 0", "Core 0"], "ok")))
                        != nil
                )

                try testbed.setAttributes(chip, ["temp1_input": "\u{1}\u{2}garbage\n"])
                let garbage = watch.nextStatus(timeout: Self.wait, matching: StatusMatch(sensorsWithStatus: (["Package id 0"], "error")))
                #expect(garbage?.sensor("Package id 0")?.errorCode == 3)
                #expect(garbage?.sensor("Core 0")?.status == "ok")

                try testbed.removeAttribute(chip, "temp1_input")
                let gone = watch.nextStatus(timeout: Self.wait, matching: StatusMatch(sensorsWithStatus: (["Package id 0"], "error")))
                #expect(gone != nil)

                try testbed.setAttributes(chip, ["temp1_input": "61000\n"])
                let back = watch.nextStatus(timeout: Self.wait, matching: StatusMatch(sensorLabel: "Package id 0", sensorCelsius: 61))
                #expect(back?.sensor("Package id 0")?.status == "ok", "the sensor reads again once its file does")
                #expect(watch.process.isRunning)
            }
        }

        @Test("a whole hwmon chip removed mid-watch: its sensors fail, the process keeps sampling")
        func chipVanishes() async throws {
            try await HostTestbed.with { testbed in
                let chip = try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package])
                let nvme = HostTestbed.FakeTemperature(index: 1, label: "Composite", celsius: 40, high: 84, critical: 85)
                try testbed.addHwmonChip("nvme", instance: 1, temperatures: [nvme])
                let watch = try testbed.startTemper(Self.watch, bus: false)
                #expect(watch.nextStatus(timeout: Self.wait, matching: StatusMatch(sensorCount: 2)) != nil)

                try testbed.removeDevice(chip)
                // Either answer is honest: the chip's sensors turn to errors, or they leave the list once libsensors
                // re-reads the hardware. A stale reading is not.
                var after: StatusLine?
                let deadline = ContinuousClock.now + Self.wait
                while after == nil, ContinuousClock.now < deadline, let line = watch.nextStatus(timeout: Self.wait, matching: .any) {
                    if line.sensor("Package id 0").map({ $0.status == "error" }) ?? true { after = line }
                }
                #expect(after != nil, "the vanished chip is an error or gone, not a stale reading")
                #expect(after?.sensor("Composite")?.status == "ok")
                try await Task.sleep(for: .milliseconds(500))
                #expect(watch.process.isRunning)
                #expect(watch.nextStatus(timeout: Self.wait, matching: .any) != nil, "and keeps sampling")
            }
        }
    }
}
