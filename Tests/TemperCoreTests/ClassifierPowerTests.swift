import TemperCore
import Testing

@Suite struct ClassifierPowerTests {
    typealias F = ClassifierFixtures

    private func classify(
        _ battery: BatteryState,
        profile: PowerProfileState = .init(activeProfile: "balanced"),
        settings: ClassifierSettings = .init()
    ) -> Condition {
        var classifier = Classifier(settings: settings)
        return classifier.update(with: F.snapshot(at: 0, [F.cpu(40)], battery: battery, profile: profile))
    }

    @Test(arguments: [
        (F.onBattery(80), false),
        (F.onBattery(20.5), false),
        (F.onBattery(20), true),
        (F.onBattery(50, level: .low), true),
        (F.onBattery(50, level: .critical), true),
        (BatteryState(present: true, onBattery: false, percentage: 10, state: "charging", warningLevel: .none), false),
    ])
    func lowPowerNeedsBatteryAndALowFact(battery: BatteryState, expected: Bool) {
        #expect(classify(battery).lowPower == expected)
    }

    @Test func lowPercentageReasonCarriesTheValues() throws {
        let reason = try #require(classify(F.onBattery(15)).reason("battery.low"))
        #expect(reason.message == "on battery at 15 % (low at or under 20 %)")
    }

    @Test func powerSaverOnBatteryIsLowPower() throws {
        let condition = classify(F.onBattery(80), profile: .init(activeProfile: "power-saver"))
        #expect(condition.lowPower)
        #expect(condition.hasReason("powerProfile.powerSaver"))
    }

    @Test func powerSaverOnExternalPowerIsNotLowPowerAndSaysSo() {
        let battery = BatteryState(present: true, onBattery: false, percentage: 80, state: "charging", warningLevel: .none)
        let condition = classify(battery, profile: .init(activeProfile: "power-saver"))
        #expect(!condition.lowPower)
        #expect(condition.hasReason("powerProfile.powerSaverOnAC"))
    }

    @Test func powerSaverCanBeSwitchedOffByPolicy() {
        let settings = ClassifierSettings(powerSaverMeansLowPower: false)
        #expect(!classify(F.onBattery(80), profile: .init(activeProfile: "power-saver"), settings: settings).lowPower)
    }

    @Test func unavailableBatteryIsNotLowPowerAndSaysSo() throws {
        var battery = BatteryState.unavailable
        battery.detail = "upowerd vanished"
        battery.onBattery = true
        battery.percentage = 3
        let condition = classify(battery, profile: .init(activeProfile: "power-saver"))
        #expect(!condition.lowPower)
        #expect(condition.tier == .nominal)
        #expect(
            try #require(condition.reason("battery.unavailable")).message
                == "battery unavailable (upowerd vanished): not treated as low power"
        )
    }

    @Test(arguments: [
        (F.onBattery(5), true), (F.onBattery(5.5), false), (F.onBattery(60, level: .critical), true),
        (F.onBattery(60, level: .action), true),
        (F.onBattery(60, level: .low), false),
    ])
    func criticalBatteryEscalatesToSerious(battery: BatteryState, critical: Bool) {
        let condition = classify(battery)
        #expect(condition.tier == (critical ? .serious : .nominal))
        #expect(condition.hasReason("battery.critical") == critical)
    }

    @Test func criticalBatteryReasonSaysWhy() throws {
        let reason = try #require(classify(F.onBattery(4)).reason("battery.critical"))
        #expect(reason.message == "critical battery: 4 % (critical at or under 5 %); tier at least serious")
    }

    @Test func criticalBatteryNeverLowersAHotterTier() {
        var classifier = Classifier()
        let condition = classifier.update(with: F.snapshot(at: 0, [F.cpu(97)], battery: F.onBattery(3)))
        #expect(condition.tier == .critical)
        #expect(condition.lowPower)
    }

    @Test func policyCanTurnOffTheCriticalBatteryEscalation() {
        let condition = classify(F.onBattery(3), settings: ClassifierSettings(criticalBatteryTier: nil))
        #expect(condition.tier == .nominal)
        #expect(condition.lowPower)
    }

    @Test func chargingClearsLowPowerAtOnceButTheTierStepsDownAfterTheDwell() {
        var classifier = Classifier()
        let ac = BatteryState(present: true, onBattery: false, percentage: 4, state: "charging", warningLevel: .none)
        var conditions = [classifier.update(with: F.snapshot(at: 0, [F.cpu(40)], battery: F.onBattery(4)))]
        for time in 1...11 { conditions.append(classifier.update(with: F.snapshot(at: Double(time), [F.cpu(40)], battery: ac))) }
        #expect(conditions[0].tier == .serious && conditions[0].lowPower)
        #expect(conditions[1].tier == .serious && !conditions[1].lowPower)
        #expect(conditions[11].tier == .fair)
    }
}
