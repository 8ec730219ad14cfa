import Foundation
import Testing

extension RealDaemonTests {
    /// `temper status --json` run under the testbed, as a user would run it.
    @Suite struct StatusCommandTests {
        @Test("status --json gives the tier and low power the rules define, with every documented key")
        func statusGivesTierAndLowPower() async throws {
            try await HostTestbed.with { testbed in
                var hot = HostTestbed.package
                hot.celsius = 81  // at or above high 80: serious
                try testbed.addHwmonChip("coretemp", temperatures: [hot, HostTestbed.core])
                try testbed.addThermalZone(0, type: "acpitz", celsius: 40, passive: 90, critical: 105)
                _ = try testbed.addPowerSupplies(percent: 15, onAC: false)
                try testbed.startUPower()
                try testbed.startPowerProfiles("balanced")

                let result = try testbed.runTemper(["status", "--json"])
                #expect(result.status == 0, "\(result.stderr)")
                let status = try JSONDecoder().decode(StatusLine.self, from: Data(result.stdout.utf8))
                #expect(status.tier == "serious")
                #expect(status.lowPower)
                #expect(status.reasonCodes.contains("battery.low"))
                let package = try #require(status.sensor("Package id 0"))
                #expect(package.chipName.hasPrefix("coretemp-"))
                #expect(package.celsius == 81)
                #expect(package.high == 80)
                #expect(package.critical == 100)
                #expect(package.status == "ok")
                let zone = try #require(status.sensor("acpitz"))
                #expect(zone.source == "thermalZone")
                #expect(zone.high == 90)
                #expect(zone.critical == 105)
                #expect(status.battery.status == "available")
                #expect(status.battery.present == true)
                #expect(status.battery.onBattery == true)
                #expect(abs((status.battery.percentage ?? 0) - 15) < 0.5)
                #expect(status.battery.warningLevel == "low")
                #expect(status.battery.state == "discharging")
                #expect(status.powerProfile == "balanced")
            }
        }

        @Test("each sensor shows the thresholds derived from its own limits and its own tier")
        func sensorsShowThresholdsAndTiers() async throws {
            try await HostTestbed.with { testbed in
                var warm = HostTestbed.package
                warm.celsius = 75  // high 80, critical 100: fair from 70, serious from 80, critical from 95
                try testbed.addHwmonChip("coretemp", temperatures: [warm])
                try testbed.startPowerProfiles("balanced")
                let result = try testbed.runTemper(["status", "--json"])
                #expect(result.status == 0, "\(result.stderr)")
                let status = try JSONDecoder().decode(StatusLine.self, from: Data(result.stdout.utf8))
                let package = try #require(status.sensor("Package id 0"))
                #expect(package.tier == "fair")
                #expect(package.thresholds?.fair == 70)
                #expect(package.thresholds?.serious == 80)
                #expect(package.thresholds?.critical == 95)
                #expect(status.performanceDegraded == "", "known profile, nothing degraded: not null")

                let table = try testbed.runTemper(["status"])
                #expect(table.stdout.contains("FAIR  SERIOUS  CRITICAL  TIER"), "\(table.stdout)")
                #expect(table.stdout.contains("\ncoretemp-"), "a heading per chip, as sensors prints it: \(table.stdout)")
                let row = try #require(table.stdout.split(separator: "\n").first { $0.hasPrefix("  Package id 0") })
                #expect(row.contains("70.0") && row.contains("95.0") && row.hasSuffix("fair"), "\(row)")
                #expect(table.stdout.contains("* balanced"), "the active profile marked: \(table.stdout)")
            }
        }

        @Test("a host without any temperature sensor says so, like sensors, and is classified from what it has")
        func noSensorsIsNotLostSensors() async throws {
            try await HostTestbed.with { testbed in
                _ = try testbed.addPowerSupplies(percent: 80, onAC: true)
                try testbed.startUPower()
                let result = try testbed.runTemper(["status", "--json"])
                #expect(result.status == 0, "\(result.stderr)")
                let status = try JSONDecoder().decode(StatusLine.self, from: Data(result.stdout.utf8))
                #expect(status.tier == "nominal")
                #expect(status.sensors.isEmpty)
                #expect(status.reasonCodes.contains("sensors.none"), "\(status.reasonCodes)")
                #expect(!status.reasonCodes.contains("sensors.missing"))

                let table = try testbed.runTemper(["status"])
                #expect(table.stdout.contains("No sensors found!"))
                #expect(table.stdout.contains("sensors-detect"))
                #expect(table.stdout.contains("no temperature sensors on this host"), "\(table.stdout)")
                #expect(!table.stdout.contains("fail-safe"), "the fail-safe is explained only when sensors are lost")
            }
        }

        @Test("with no system bus at all, the battery is unavailable and the thermal side still classifies")
        func noBusKeepsThermalSide() async throws {
            try await HostTestbed.with { testbed in
                var hot = HostTestbed.package
                hot.celsius = 96  // critical 100 minus 5
                try testbed.addHwmonChip("coretemp", temperatures: [hot])
                let result = try testbed.runTemper(["status", "--json"], bus: false)
                #expect(result.status == 0, "\(result.stderr)")
                let status = try JSONDecoder().decode(StatusLine.self, from: Data(result.stdout.utf8))
                #expect(status.tier == "critical")
                #expect(!status.lowPower)
                #expect(status.battery.status == "unavailable")
                #expect(status.powerProfile == nil)

                let table = try testbed.runTemper(["status"], bus: false)
                #expect(table.status == 0)
                #expect(table.stdout.contains("Condition: critical"))
                #expect(table.stdout.contains("Battery: unavailable"))
            }
        }

        @Test("broken sensors are listed with their error, the others still classify, and status exits 0")
        func brokenSensorsStillExitZero() async throws {
            try await HostTestbed.with { testbed in
                var hot = HostTestbed.package
                hot.celsius = 85
                let garbage = HostTestbed.FakeTemperature(index: 3, label: "Garbage", celsius: 40, high: 80)
                let empty = HostTestbed.FakeTemperature(index: 4, label: "Empty", celsius: 40, high: 80)
                let chip = try testbed.addHwmonChip("coretemp", temperatures: [hot, HostTestbed.core, garbage, empty])
                try testbed.setAttributes(chip, ["temp3_input": "not a number\n", "temp4_input": ""], uevent: false)

                let result = try testbed.runTemper(["status", "--json"], bus: false)
                #expect(result.status == 0, "\(result.stderr)")
                let status = try JSONDecoder().decode(StatusLine.self, from: Data(result.stdout.utf8))
                #expect(status.tier == "serious")
                #expect(status.sensor("Package id 0")?.status == "ok")
                for label in ["Garbage", "Empty"] {
                    let sensor = try #require(status.sensor(label))
                    #expect(sensor.status == "error")
                    #expect(sensor.errorCode == 3, "SENSORS_ERR_ACCESS_R")
                    #expect(sensor.celsius == nil)
                    #expect(sensor.errorDomain == "libsensors", "a SENSORS_ERR_* code, not an errno")
                }
            }
        }

        @Test("a limit that cannot be read is left out and its failure recorded on the reading")
        func unreadableLimitIsRecorded() async throws {
            try await HostTestbed.with { testbed in
                let chip = try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package, HostTestbed.core])
                try testbed.setAttributes(chip, ["temp1_crit": "not a number\n"], uevent: false)

                let result = try testbed.runTemper(["status", "--json"], bus: false)
                #expect(result.status == 0, "\(result.stderr)")
                let status = try JSONDecoder().decode(StatusLine.self, from: Data(result.stdout.utf8))
                let package = try #require(status.sensor("Package id 0"))
                #expect(package.status == "ok", "the temperature itself still reads")
                #expect(package.critical == nil)
                #expect(package.limitError?.contains("crit") == true, "\(String(describing: package.limitError))")
                #expect(status.sensor("Core 0")?.limitError == nil)
            }
        }

        @Test("labels come from libsensors, so a sensors.conf label and ignore are honoured")
        func sensorsConfigIsHonoured() async throws {
            try await HostTestbed.with { testbed in
                try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package, HostTestbed.core])
                let config = URL(fileURLWithPath: testbed.workDirectory).appendingPathComponent("sensors.conf")
                try Data("chip \"coretemp-*\"\n    label temp2 \"First core\"\n    ignore temp1\n".utf8).write(to: config)
                let result = try testbed.runTemper(["status", "--json"], bus: false, environment: ["TEMPER_SENSORS_CONFIG": config.path])
                #expect(result.status == 0, "\(result.stderr)")
                let status = try JSONDecoder().decode(StatusLine.self, from: Data(result.stdout.utf8))
                #expect(status.sensors.map(\.label) == ["First core"])
            }
        }

        @Test("every temperature subfeature is read: hysteresis, emergency, alarm and fault; a faulted sensor is skipped")
        func everyTemperatureSubfeature() async throws {
            try await HostTestbed.with { testbed in
                let faulted = HostTestbed.FakeTemperature(index: 2, label: "Faulted", celsius: 99, high: 80, critical: 100)
                let chip = try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package, faulted])
                try testbed.setAttributes(
                    chip,
                    [
                        "temp1_max_hyst": "75000\n", "temp1_crit_hyst": "95000\n", "temp1_emergency": "110000\n",
                        "temp1_max_alarm": "1\n", "temp2_fault": "1\n",
                    ],
                    uevent: false
                )
                let result = try testbed.runTemper(["status", "--json"], bus: false)
                #expect(result.status == 0, "\(result.stderr)")
                let status = try JSONDecoder().decode(StatusLine.self, from: Data(result.stdout.utf8))
                let package = try #require(status.sensor("Package id 0"))
                #expect(package.highHysteresis == 75)
                #expect(package.criticalHysteresis == 95)
                #expect(package.emergency == 110)
                #expect(package.alarm == true)
                #expect(package.fault == nil, "no fault file, no fault key")
                let broken = try #require(status.sensor("Faulted"))
                #expect(broken.fault == true)
                #expect(broken.celsius == 99)
                #expect(status.tier == "nominal", "a faulted sensor at 99 °C does not count")
                #expect(status.reasonCodes.contains("sensor.fault"))
            }
        }

        @Test("power and energy features are read too, in watts and joules")
        func powerAndEnergyFeatures() async throws {
            try await HostTestbed.with { testbed in
                let chip = try testbed.addHwmonChip("amdgpu", temperatures: [HostTestbed.package])
                try testbed.setAttributes(
                    chip,
                    [
                        "power1_input": "15250000\n", "power1_label": "PPT\n", "energy1_input": "2500000\n",
                    ],
                    uevent: false
                )
                let result = try testbed.runTemper(["status", "--json"], bus: false)
                #expect(result.status == 0, "\(result.stderr)")
                let status = try JSONDecoder().decode(StatusLine.self, from: Data(result.stdout.utf8))
                let power = try #require(status.power.first { $0.kind == "power" })
                #expect(power.label == "PPT")
                #expect(power.watts == 15.25)
                #expect(power.status == "ok")
                #expect(status.power.first { $0.kind == "energy" }?.joules == 2.5)
            }
        }
    }
}
