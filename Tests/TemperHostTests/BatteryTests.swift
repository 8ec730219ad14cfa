import Foundation
import Testing

extension RealDaemonTests {
    /// The battery and power profile through the real upowerd and the power-profiles-daemon mock.
    @Suite struct BatteryTests {
        static let watch = ["watch", "--json", "--verbose", "--interval", "0.1"]
        static let wait = Duration.seconds(10)

        @Test("battery 80 → 15 → 4 % gives low power, then a critical battery; AC clears it; power-saver sets it")
        func batteryDrainAndRecovery() async throws {
            try await HostTestbed.with { testbed in
                try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package])
                let supplies = try testbed.addPowerSupplies(percent: 80, onAC: false)
                try testbed.startUPower()
                try testbed.startPowerProfiles("balanced")
                let watch = try testbed.startTemper(Self.watch)

                let full = watch.nextStatus(timeout: Self.wait, matching: StatusMatch(onBattery: true, percentage: 80))
                #expect(full?.lowPower == false)
                #expect(full?.tier == "nominal")
                #expect(full?.battery.state == "discharging")
                #expect(full?.powerProfile == "balanced")

                try testbed.setBattery(supplies.battery, percent: 15)
                let low = watch.nextStatus(timeout: Self.wait, matching: StatusMatch(percentage: 15))
                #expect(low?.lowPower == true)
                #expect(low?.battery.warningLevel == "low")
                #expect(low?.tier == "nominal", "a low battery alone does not raise the tier")
                #expect(low?.reasonCodes.contains("battery.low") == true)

                try testbed.setBattery(supplies.battery, percent: 4)
                let critical = watch.nextStatus(timeout: Self.wait, matching: StatusMatch(percentage: 4))
                #expect(critical?.lowPower == true)
                #expect(["critical", "action"].contains(critical?.battery.warningLevel ?? ""))
                #expect(critical?.tier == "serious", "a critical battery escalates to at least serious")
                #expect(critical?.reasonCodes.contains("battery.critical") == true)

                try testbed.setOnAC(true, ac: supplies.ac, battery: supplies.battery)
                let plugged = watch.nextStatus(timeout: Self.wait, matching: StatusMatch(onBattery: false))
                #expect(plugged?.lowPower == false, "AC plugged in clears low power")

                try testbed.setBattery(supplies.battery, percent: 80)
                try testbed.setOnAC(false, ac: supplies.ac, battery: supplies.battery)
                let unplugged = watch.nextStatus(timeout: Self.wait, matching: StatusMatch(onBattery: true, percentage: 80))
                #expect(unplugged?.lowPower == false)

                try testbed.setPowerProfile("power-saver")
                let saver = watch.nextStatus(timeout: Self.wait, matching: StatusMatch(powerProfile: "power-saver"))
                #expect(saver?.lowPower == true, "power-saver on battery means low power")
                #expect(saver?.reasonCodes.contains("powerProfile.powerSaver") == true)
            }
        }

        @Test("killing upowerd makes the battery unavailable; restarting it recovers within 2 s")
        func daemonLossAndRecovery() async throws {
            try await HostTestbed.with { testbed in
                try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package])
                _ = try testbed.addPowerSupplies(percent: 60, onAC: false)
                try testbed.startUPower()
                let watch = try testbed.startTemper(Self.watch)
                #expect(watch.nextStatus(timeout: Self.wait, matching: StatusMatch(batteryStatus: "available", percentage: 60)) != nil)

                try testbed.stopUPower()
                let lost = watch.nextStatus(timeout: Self.wait, matching: StatusMatch(batteryStatus: "unavailable"))
                #expect(lost != nil, "the reset defaults are not believed")
                #expect(lost?.battery.detail?.contains("upowerd") == true)
                #expect(lost?.sensor("Package id 0")?.status == "ok", "the thermal side keeps working")

                try testbed.startUPower()  // returns once upowerd owns its name again
                let back = watch.nextStatus(timeout: .seconds(2), matching: StatusMatch(batteryStatus: "available", percentage: 60))
                #expect(back != nil, "recovered by itself within 2 s of the daemon's return")
                #expect(back?.battery.onBattery == true)
            }
        }

        @Test("a daemon that starts after temper is picked up without a restart")
        func daemonArrivesLater() async throws {
            try await HostTestbed.with { testbed in
                try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package])
                _ = try testbed.addPowerSupplies(percent: 35, onAC: false)
                let watch = try testbed.startTemper(Self.watch)
                let before = watch.nextStatus(timeout: Self.wait, matching: StatusMatch(batteryStatus: "unavailable"))
                #expect(before?.powerProfile == nil)

                try testbed.startUPower()
                try testbed.startPowerProfiles("performance")
                let after = watch.nextStatus(
                    timeout: Self.wait,
                    matching: StatusMatch(
                        batteryStatus: "available",
                        percentage: 35,
                        powerProfile: "performance"
                    )
                )
                #expect(after?.battery.onBattery == true)
            }
        }

        @Test("a bus that dies takes the battery with it, but never the process")
        func busLossIsSurvived() async throws {
            try await HostTestbed.with { testbed in
                try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package])
                _ = try testbed.addPowerSupplies(percent: 55, onAC: false)
                try testbed.startUPower()
                try testbed.startPowerProfiles("balanced")
                let watch = try testbed.startTemper(Self.watch)
                #expect(
                    watch.nextStatus(timeout: Self.wait, matching: StatusMatch(batteryStatus: "available", powerProfile: "balanced")) != nil
                )

                // GDBus terminates a process whose bus closes unless told otherwise; Temper tells it otherwise.
                try testbed.stopBus()
                let lost = watch.nextStatus(timeout: Self.wait, matching: StatusMatch(batteryStatus: "unavailable"))
                #expect(lost?.powerProfile == nil)
                #expect(lost?.sensor("Package id 0")?.status == "ok")
                try await Task.sleep(for: .milliseconds(600))
                #expect(watch.process.isRunning, "temper survives the bus's death")
                #expect(watch.nextStatus(timeout: Self.wait, matching: .any) != nil, "and keeps sampling")
            }
        }

        @Test("without power-profiles-daemon the profile is unknown")
        func absentProfileDaemonIsUnknown() async throws {
            try await HostTestbed.with { testbed in
                try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package])
                _ = try testbed.addPowerSupplies(percent: 50, onAC: true)
                try testbed.startUPower()
                let result = try testbed.runTemper(["status", "--json"])
                #expect(result.status == 0)
                let status = try JSONDecoder().decode(StatusLine.self, from: Data(result.stdout.utf8))
                #expect(status.powerProfile == nil)
                #expect(status.battery.status == "available")
                #expect(status.battery.onBattery == false)
            }
        }
    }
}
