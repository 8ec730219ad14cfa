import Foundation
import TemperCore
import Testing

/// The one JSON shape of a host snapshot: written by status, watch and record, read back by the same type.
@Suite struct HostStatusDocumentTests {
    /// A snapshot with something in every field: a counted, an ignored and a broken sensor, a limit that failed,
    /// power, fans, voltages, currents, a battery with its health and every profile.
    static let snapshot = HostSnapshot(
        time: 12.5,
        timestamp: Date(timeIntervalSince1970: 1_767_225_600.25),
        temperatures: [
            ClassifierFixtures.cpu(75, highHysteresis: 78),
            ClassifierFixtures.nvmeSensor1(40),
            TemperatureReading(
                chip: "/sys/class/hwmon/hwmon3",
                chipName: "acpitz-acpi-0",
                label: "temp1",
                celsius: nil,
                health: .error(code: 3, message: "Can't read", domain: .libsensors),
                limitHealth: .error(code: 4, message: "max: Kernel interface error", domain: .libsensors)
            ),
        ],
        powerReadings: [
            PowerReading(chip: "/sys/class/hwmon/hwmon4", chipName: "nct6775-isa-0290", label: "CPU", kind: .power, value: 12.5),
            PowerReading(chip: "intel-rapl:0", chipName: "intel-rapl:0", label: "package-0", kind: .energy, value: 1234.5),
        ],
        measurements: [
            MeasurementReading(
                chip: "/sys/class/hwmon/hwmon4",
                chipName: "nct6775-isa-0290",
                label: "CPU fan",
                kind: .fan,
                value: 1200,
                minimum: 300
            ),
            MeasurementReading(
                chip: "/sys/class/hwmon/hwmon4",
                chipName: "nct6775-isa-0290",
                label: "Vcore",
                kind: .voltage,
                value: 1.05,
                minimum: 0.8,
                maximum: 1.2
            ),
            MeasurementReading(
                chip: "/sys/class/hwmon/hwmon4",
                chipName: "nct6775-isa-0290",
                label: "curr1",
                kind: .current,
                value: nil,
                health: .error(code: 2, message: "No such file or directory", domain: .errno)
            ),
        ],
        battery: BatteryState(
            present: true,
            onBattery: true,
            percentage: 50,
            state: "discharging",
            warningLevel: .none,
            energyRateWatts: 10,
            energyWh: 30,
            energyFullWh: 60,
            timeToEmptySeconds: 10_800,
            batteries: [
                BatteryDevice(
                    nativePath: "BAT0",
                    present: true,
                    percentage: 50,
                    state: "discharging",
                    energyRateWatts: 10,
                    energyWh: 30,
                    energyFullWh: 60,
                    energyFullDesignWh: 80,
                    capacityPercent: 75,
                    model: "Fake 5000",
                    vendor: "Temper",
                    technology: "lithium-ion"
                )
            ]
        ),
        powerProfile: PowerProfileState(
            activeProfile: "balanced",
            performanceDegraded: "lap-detected",
            profiles: [
                .init(name: "power-saver", driver: "platform_profile"), .init(name: "balanced", driver: "platform_profile"),
                .init(name: "performance"),
            ]
        ),
        sensorLibrary: .ok
    )

    @Test("a status document decodes to the snapshot, condition and per-sensor tiers it was written from")
    func statusDocumentRoundTrips() throws {
        var classifier = Classifier(settings: .init())
        let condition = classifier.update(with: Self.snapshot)
        let document = HostStatusDocument(
            condition: condition,
            snapshot: Self.snapshot,
            policy: .init(name: "default", source: "built-in"),
            assessments: classifier.sensors
        )
        let read = try TemperJSON.decoder().decode(HostStatusDocument.self, from: Data(try document.prettyJSON().utf8))
        #expect(read.snapshot == Self.snapshot)
        #expect(read.condition == condition)
        #expect(read.policy?.name == "default")
        #expect(read.assessments.map(\.tier) == classifier.sensors.map(\.tier))
        #expect(read.assessments.map(\.status) == classifier.sensors.map(\.status))
        #expect(read.assessments.map(\.thresholds) == classifier.sensors.map(\.thresholds))
        #expect(read.assessments.map(\.note) == classifier.sensors.map(\.note))
    }

    @Test("the JSON says each sensor's tier and thresholds, ignored where not counted, and every profile")
    func documentKeys() throws {
        var classifier = Classifier(settings: .init())
        let condition = classifier.update(with: Self.snapshot)
        let line = try HostStatusDocument(
            event: .sample,
            sample: HostSample(snapshot: Self.snapshot, condition: condition, sensors: classifier.sensors)
        ).jsonLine()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["event"] as? String == "sample")
        let sensors = try #require(object["sensors"] as? [[String: Any]])
        #expect(sensors[0]["tier"] as? String == "fair")
        let thresholds = try #require(sensors[0]["thresholds"] as? [String: Any])
        #expect(thresholds["fair"] as? Double == 70 && thresholds["serious"] as? Double == 80 && thresholds["critical"] as? Double == 95)
        #expect(sensors[1]["status"] as? String == "ignored", "an absurd limit: read fine, not counted")
        #expect(sensors[2]["status"] as? String == "error")
        #expect(sensors[2]["limitError"] as? String == "max: Kernel interface error")
        #expect(sensors[2]["limitErrorCode"] as? Int == 4)
        let fans = try #require(object["fans"] as? [[String: Any]])
        #expect(fans.first?["rpm"] as? Double == 1200)
        #expect((object["voltages"] as? [[String: Any]])?.first?["volts"] as? Double == 1.05)
        #expect((object["currents"] as? [[String: Any]])?.first?["status"] as? String == "error")
        let battery = try #require((object["battery"] as? [String: Any])?["batteries"] as? [[String: Any]])
        #expect(battery.first?["energyFullDesignWh"] as? Double == 80)
        #expect(battery.first?["capacityPercent"] as? Double == 75)
        #expect(battery.first?["model"] as? String == "Fake 5000")
        let profiles = try #require(object["profiles"] as? [[String: Any]])
        #expect(profiles.map { $0["name"] as? String } == ["power-saver", "balanced", "performance"])
        #expect(profiles.map { $0["active"] as? Bool } == [false, true, false])
        #expect(object["performanceDegraded"] as? String == "lap-detected")
    }

    @Test("performanceDegraded is null only when the profile is unknown")
    func performanceDegradedIsNullOnlyWhenUnknown() throws {
        #expect(PowerProfileState(activeProfile: "balanced").performanceDegraded == "")
        #expect(PowerProfileState(activeProfile: nil, performanceDegraded: "lap-detected").performanceDegraded == nil)
        let unknown = HostSnapshot(time: 0, powerProfile: .unknown)
        let object = try #require(try JSONSerialization.jsonObject(with: HostSnapshot.traceEncoder().encode(unknown)) as? [String: Any])
        #expect(object["performanceDegraded"] is NSNull)
        #expect(object["powerProfile"] is NSNull)
    }
}
