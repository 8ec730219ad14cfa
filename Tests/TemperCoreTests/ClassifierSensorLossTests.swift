import TemperCore
import Testing

@Suite struct ClassifierSensorLossTests {
    typealias F = ClassifierFixtures

    @Test func noValidTemperatureForLongerThanTheTimeoutGivesTheFailSafe() throws {
        var classifier = Classifier()
        let broken = F.cpu(nil, health: .error(code: -4, message: "Kernel interface error"))
        let at30 = (0...30).map { classifier.update(with: F.snapshot(at: Double($0), [broken])) }.last
        #expect(at30?.tier == .nominal, "30 s is not longer than the 30 s timeout")
        #expect(at30?.hasReason("sensors.missing") == true)
        let at31 = classifier.update(with: F.snapshot(at: 31, [broken]))
        #expect(at31.tier == .fair)
        let reason = try #require(at31.reason("sensors.unavailable"))
        #expect(reason.message.hasPrefix("sensors unavailable: no valid temperature for 31.0 s"))
    }

    @Test func aHostThatNeverHadSensorsIsClassifiedFromWhatItHas() throws {
        var classifier = Classifier()
        let tiers = (0...120).map { classifier.update(with: F.snapshot(at: Double($0), [])).tier }
        #expect(tiers.allSatisfy { $0 == .nominal }, "no sensors is not lost sensors")
        #expect(!classifier.condition.hasReason("sensors.unavailable"))
        let reason = try #require(classifier.condition.reason("sensors.none"))
        #expect(reason.message.hasPrefix("no temperature sensors on this host"))
    }

    @Test func sensorsThatAppearAndVanishStillGetTheFailSafe() {
        var classifier = Classifier()
        _ = classifier.update(with: F.snapshot(at: 0, []))
        _ = classifier.update(with: F.snapshot(at: 1, [F.cpu(40)]))
        let tiers = (2...40).map { classifier.update(with: F.snapshot(at: Double($0), [])).tier }
        #expect(tiers.first == .nominal)
        #expect(tiers.last == .fair)
        #expect(classifier.condition.hasReason("sensors.unavailable"))
    }

    @Test func lossCountsFromTheLastValidTemperature() {
        var classifier = Classifier()
        var tiers = [classifier.update(with: F.snapshot(at: 0, [F.cpu(40)])).tier]
        for time in 1...31 { tiers.append(classifier.update(with: F.snapshot(at: Double(time), [])).tier) }
        #expect(tiers[30] == .nominal)
        #expect(tiers[31] == .fair)
    }

    @Test func theTierIsHeldWhileSensorsAreMissing() {
        var classifier = Classifier()
        let tiers =
            [classifier.update(with: F.snapshot(at: 0, [F.cpu(86)])).tier]
            + (1...20).map { classifier.update(with: F.snapshot(at: Double($0), [])).tier }
        #expect(tiers.allSatisfy { $0 == .serious }, "no readings cannot prove the host cooled")
    }

    @Test func recoveryStepsDownAfterTheDwell() {
        var classifier = Classifier()
        _ = classifier.update(with: F.snapshot(at: 0, [F.cpu(40)]))
        #expect(classifier.update(with: F.snapshot(at: 31, [])).tier == .fair)
        #expect(classifier.update(with: F.snapshot(at: 32, [F.cpu(40)])).tier == .fair)
        #expect(!classifier.condition.hasReason("sensors.unavailable"))
        #expect(classifier.update(with: F.snapshot(at: 41, [F.cpu(40)])).tier == .fair)
        #expect(classifier.update(with: F.snapshot(at: 42, [F.cpu(40)])).tier == .nominal)
    }

    @Test func recoveryToAHotterTierEscalatesAtOnce() {
        var classifier = Classifier()
        _ = classifier.update(with: F.snapshot(at: 0, [F.cpu(40)]))
        _ = classifier.update(with: F.snapshot(at: 31, []))
        #expect(classifier.update(with: F.snapshot(at: 32, [F.cpu(90)])).tier == .serious)
    }

    @Test func onlyIgnoredSensorsCountAsLoss() {
        var classifier = Classifier()
        _ = classifier.update(with: F.snapshot(at: 0, [F.nvmeSensor1(40)]))
        let condition = classifier.update(with: F.snapshot(at: 31, [F.nvmeSensor1(40)]))
        #expect(condition.tier == .fair)
        #expect(condition.hasReason("sensors.unavailable"))
        #expect(condition.hasReason("sensor.absurdLimit"))
    }

    @Test func failSafeTierAndTimeoutAreConfigurable() {
        var classifier = Classifier(settings: ClassifierSettings(sensorLossTimeoutSeconds: 5, failSafeTier: .serious))
        _ = classifier.update(with: F.snapshot(at: 0, [F.cpu(40)]))
        #expect(classifier.update(with: F.snapshot(at: 5, [])).tier == .nominal)
        #expect(classifier.update(with: F.snapshot(at: 5.5, [])).tier == .serious)
    }

    @Test func criticalBatteryStillCountsDuringSensorLoss() {
        var classifier = Classifier()
        _ = classifier.update(with: F.snapshot(at: 0, [], battery: F.onBattery(3)))
        #expect(classifier.condition.tier == .serious)
        #expect(classifier.update(with: F.snapshot(at: 31, [], battery: F.onBattery(3))).tier == .serious)
    }

    @Test func everyConditionCarriesReasons() {
        var classifier = Classifier()
        let conditions = [
            classifier.update(with: F.snapshot(at: 0, [F.cpu(40)])),
            classifier.update(with: F.snapshot(at: 1, [F.cpu(90)])),
            classifier.update(with: F.snapshot(at: 2, [])),
        ]
        #expect(conditions.allSatisfy { !$0.reasons.isEmpty })
        #expect(
            conditions[0].reason("sensor.nominal")?.message
                == "1 counted sensor(s) below fair; nearest coretemp-isa-0000/Package id 0 at 40.0 °C (fair at 70.0 °C, its own limits)"
        )
    }
}

@Suite struct ClassifierPolicyTests {
    typealias F = ClassifierFixtures

    @Test func aClassifierTakesItsSettingsFromAPolicy() throws {
        let policy = try Policy.parse(yaml: "version: 1\nclassifier: {defaultThresholds: {fair: 40 °C, serious: 50 °C, critical: 60 °C}}")
        var classifier = Classifier(policy: policy)
        #expect(classifier.update(with: F.snapshot(at: 0, [F.bare(51)])).tier == .serious)
    }
}
