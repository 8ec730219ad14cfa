import Testing

@testable import TemperCore

@Suite struct ClassifierThresholdTests {
    typealias F = ClassifierFixtures

    @Test(arguments: [
        (69.9, Tier.nominal), (70.0, .fair), (79.9, .fair), (80.0, .serious), (94.9, .serious), (95.0, .critical), (120.0, .critical),
    ])
    func ownLimitsGiveTheTiers(celsius: Double, expected: Tier) {
        // high 80, crit 100: fair at 70 (high − 10), serious at 80 (high), critical at 95 (crit − 5).
        var classifier = Classifier()
        #expect(classifier.update(with: F.snapshot(at: 0, [F.cpu(celsius)])).tier == expected)
    }

    @Test func sensorWithoutLimitsUsesTheDefaults() {
        let role = ClassifierSettings().role(for: F.bare(50))
        #expect(role.thresholds?.entry == TierThresholds(fair: 70, serious: 85, critical: 95))
        #expect(role.thresholds?.source == .defaults)
        #expect(role.thresholds?.exit == TierThresholds(fair: 67, serious: 82, critical: 92))
        var classifier = Classifier()
        #expect(classifier.update(with: F.snapshot(at: 0, [F.bare(84.9)])).tier == .fair)
        #expect(classifier.update(with: F.snapshot(at: 1, [F.bare(85)])).tier == .serious)
    }

    @Test func customDefaultThresholdsApply() {
        let settings = ClassifierSettings(defaultThresholds: TierThresholds(fair: 50, serious: 60, critical: 70))
        var classifier = Classifier(settings: settings)
        #expect(classifier.update(with: F.snapshot(at: 0, [F.bare(61)])).tier == .serious)
    }

    @Test(arguments: [
        // (high, critical) → expected entry thresholds
        (Double?.none, Double?.some(90), TierThresholds(fair: 70, serious: 85, critical: 85)),
        (Double?.some(100), Double?.some(100), TierThresholds(fair: 90, serious: 95, critical: 95)),
        (Double?.some(60), Double?.none, TierThresholds(fair: 50, serious: 60, critical: 95)),
        (Double?.some(105), Double?.none, TierThresholds(fair: 95, serious: 95, critical: 95)),
    ])
    func partialLimitsStayOrdered(high: Double?, critical: Double?, expected: TierThresholds) {
        let role = ClassifierSettings().role(for: F.cpu(40, high: high, critical: critical))
        #expect(role.thresholds?.entry == expected)
        #expect(role.thresholds?.source == .ownLimits)
    }

    @Test func absoluteHysteresisFromLibsensorsIsTurnedIntoAWidth() {
        // temp1_max_hyst = 75 means "clear below 75", a 5 °C band under max 80.
        let role = ClassifierSettings().role(for: F.cpu(40, high: 80, highHysteresis: 75, critical: 100, criticalHysteresis: 98))
        #expect(role.thresholds?.exit == TierThresholds(fair: 65, serious: 75, critical: 93))
    }

    @Test func deltaHysteresisFromAThermalZoneIsUsedAsIs() {
        let role = ClassifierSettings().role(for: F.cpu(40, high: 80, highHysteresis: 2, critical: 100))
        #expect(role.thresholds?.exit == TierThresholds(fair: 68, serious: 78, critical: 92))
    }

    @Test func implausibleHysteresisFallsBackToTheSetting() {
        let settings = ClassifierSettings(hysteresisCelsius: 4)
        let role = settings.role(for: F.cpu(40, high: 80, highHysteresis: 0, critical: 100, criticalHysteresis: 100))
        #expect(role.thresholds?.exit == TierThresholds(fair: 66, serious: 76, critical: 91))
    }

    @Test func absurdLimitIgnoresTheSensorWithAReason() throws {
        var classifier = Classifier()
        let condition = classifier.update(with: F.snapshot(at: 0, [F.cpu(40), F.nvmeSensor1(99)]))
        #expect(condition.tier == .nominal)
        let reason = try #require(condition.reason("sensor.absurdLimit"))
        #expect(reason.message.contains("nvme-pci-3d00/Sensor 1"))
        #expect(reason.message.contains("65261.8 °C"))
        #expect(classifier.sensors[1].status == .ignored)
    }

    @Test func absurdLimitIsConfigurable() {
        var classifier = Classifier(settings: ClassifierSettings(absurdLimitCelsius: 70_000))
        #expect(classifier.update(with: F.snapshot(at: 0, [F.nvmeSensor1(99)])).tier == .critical)
    }

    @Test func hostTierIsTheHighestOverCountedSensors() throws {
        var classifier = Classifier()
        let condition = classifier.update(with: F.snapshot(at: 0, [F.cpu(72), F.bare(86)]))
        #expect(condition.tier == .serious)
        let reason = try #require(condition.reason("sensor.threshold"))
        #expect(reason.message == "sensor acpitz-acpi-0/temp1 at 86.0 °C ≥ serious 85.0 °C (default thresholds)")
        #expect(classifier.sensors.map(\.tier) == [.fair, .serious])
    }

    @Test func overrideByLabelReplacesThresholds() throws {
        let override = SensorOverride(label: "Package id 0", thresholds: TierThresholds(fair: 40, serious: 50, critical: 60))
        var classifier = Classifier(settings: ClassifierSettings(sensorOverrides: [override]))
        let condition = classifier.update(with: F.snapshot(at: 0, [F.cpu(55)]))
        #expect(condition.tier == .serious)
        #expect(try #require(condition.reason("sensor.threshold")).message.contains("policy override"))
    }

    @Test func overrideByChipNameCanIgnore() throws {
        let overrides = [
            SensorOverride(chip: "coretemp-isa-0000", ignore: true),
            SensorOverride(label: "Package id 0", thresholds: .init(fair: 1, serious: 2, critical: 3)),
        ]
        var classifier = Classifier(settings: ClassifierSettings(sensorOverrides: overrides))
        let condition = classifier.update(with: F.snapshot(at: 0, [F.cpu(99), F.bare(40)]))
        #expect(condition.tier == .nominal, "the first matching override wins, and it ignores the sensor")
        #expect(try #require(condition.reason("sensor.ignored")).message.contains("coretemp-isa-0000/Package id 0"))
    }

    @Test func overrideBySysfsPathAndHysteresisOnly() {
        let override = SensorOverride(chip: "/sys/devices/platform/coretemp.0/hwmon/hwmon0", hysteresisCelsius: 8)
        let role = ClassifierSettings(sensorOverrides: [override]).role(for: F.cpu(40, highHysteresis: 79))
        #expect(role.thresholds?.entry == TierThresholds(fair: 70, serious: 80, critical: 95))
        #expect(role.thresholds?.exit == TierThresholds(fair: 62, serious: 72, critical: 87))
    }

    @Test func overrideNeedsAChipOrALabel() {
        #expect(!SensorOverride(ignore: true).matches(F.cpu(40)))
    }

    @Test(
        arguments: [
            (F.cpu(99, health: .error(code: -3, message: "Can't read")), "sensor.unhealthy"),
            (F.cpu(99, fault: true), "sensor.fault"),
            (F.cpu(nil), "sensor.noReading"),
            (F.cpu(65261.8), "sensor.absurdReading"),
        ] as [(TemperatureReading, Reason.Code)]
    )
    func unhealthyReadingsAreSkipped(broken: TemperatureReading, code: Reason.Code) throws {
        var classifier = Classifier()
        let condition = classifier.update(with: F.snapshot(at: 0, [broken, F.bare(40)]))
        #expect(condition.tier == .nominal)
        #expect(try #require(condition.reason(code)).message.contains("coretemp-isa-0000/Package id 0"))
        #expect(classifier.sensors[0].status == .unhealthy)
        #expect(classifier.sensors[1].status == .counted)
    }

    @Test func limitsThatChangeAreReadAgain() {
        var classifier = Classifier()
        #expect(classifier.update(with: F.snapshot(at: 0, [F.cpu(75, high: 90)])).tier == .nominal)
        #expect(classifier.update(with: F.snapshot(at: 1, [F.cpu(75, high: 80)])).tier == .fair)
    }

    @Test func sensorsMayComeAndGoBetweenSnapshots() {
        var classifier = Classifier()
        _ = classifier.update(with: F.snapshot(at: 0, [F.cpu(50), F.bare(40)]))
        let condition = classifier.update(with: F.snapshot(at: 1, [F.bare(86)]))
        #expect(condition.tier == .serious)
        #expect(classifier.sensors.count == 1)
    }
}
