import TemperCore
import Testing

/// cpu: high 80, crit 100 → entries fair 70, serious 80, critical 95; exits (3 °C) 67, 77, 92; dwell 10 s.
@Suite struct ClassifierHysteresisTests {
    typealias F = ClassifierFixtures

    @Test func escalatesAtOnceAcrossSeveralTiers() {
        var classifier = Classifier()
        #expect(F.tiers(&classifier, [(0, 40), (1, 96)]) == [.nominal, .critical])
    }

    @Test func stepsDownOnlyAfterTheDwellBelowTheExit() throws {
        var classifier = Classifier()
        let samples = [(0.0, 85.0)] + (1...11).map { (Double($0), 76.9) }
        let tiers = F.tiers(&classifier, samples)
        // Below 77 since t = 1, so the dwell completes at t = 11.
        #expect(tiers == [.serious] + Array(repeating: .serious, count: 10) + [.fair])
        #expect(classifier.condition.hasReason("hysteresis.stepDown"))
    }

    @Test func reportsHowMuchOfTheDwellHasPassed() throws {
        var classifier = Classifier()
        _ = F.tiers(&classifier, [(0, 85), (1, 70), (5, 70)])
        let reason = try #require(classifier.condition.reason("hysteresis.dwell"))
        #expect(reason.message == "holding serious: every counted sensor below its exit temperature for 4.0 s of the 10.0 s dwell")
    }

    @Test func exactlyAtTheExitTemperatureIsNotBelowIt() throws {
        var classifier = Classifier()
        let tiers = F.tiers(&classifier, [(0, 85)] + (1...40).map { (Double($0), 77.0) })
        #expect(tiers.allSatisfy { $0 == .serious })
        let reason = try #require(classifier.condition.reason("hysteresis.hold"))
        #expect(reason.message == "holding serious: coretemp-isa-0000/Package id 0 at 77.0 °C is not below its exit temperature 77.0 °C")
    }

    @Test func inTheHysteresisBandTheTierHolds() {
        var classifier = Classifier()
        let tiers = F.tiers(&classifier, [(0, 85)] + (1...60).map { (Double($0), 78.5) })
        #expect(tiers.allSatisfy { $0 == .serious })
    }

    @Test func aSensorBackAboveTheExitRestartsTheDwell() {
        var classifier = Classifier()
        var samples: [(Double, Double)] = [(0, 85)]
        samples += (1...5).map { (Double($0), 75) }
        samples.append((6, 78))  // back above the exit, still below the entry
        samples += (7...17).map { (Double($0), 75) }
        let tiers = F.tiers(&classifier, samples)
        // Without the reset it would step at t = 11; the new dwell starts at t = 7 and completes at t = 17.
        #expect(tiers[11] == .serious)
        #expect(tiers[16] == .serious)
        #expect(tiers[17] == .fair)
    }

    @Test func everyCountedSensorMustBeBelow() {
        var classifier = Classifier()
        var tiers: [Tier] = []
        tiers.append(classifier.update(with: F.snapshot(at: 0, [F.cpu(85), F.bare(40)])).tier)
        // The bare sensor (serious exit 82) sits at 83, so the host holds serious though the cpu cooled.
        for time in 1...15 { tiers.append(classifier.update(with: F.snapshot(at: Double(time), [F.cpu(60), F.bare(83)])).tier) }
        #expect(tiers.allSatisfy { $0 == .serious })
        #expect(classifier.condition.reason("hysteresis.hold")?.message.contains("acpitz-acpi-0/temp1 at 83.0 °C") == true)
    }

    @Test func stepsDownOneTierAtATimeEachWithItsOwnDwell() {
        var classifier = Classifier()
        let tiers = F.tiers(&classifier, [(0, 96)] + (1...31).map { (Double($0), 40) })
        #expect(tiers[0] == .critical)
        #expect(tiers[10] == .critical)
        #expect(tiers[11] == .serious)
        #expect(tiers[20] == .serious)
        #expect(tiers[21] == .fair)
        #expect(tiers[30] == .fair)
        #expect(tiers[31] == .nominal)
    }

    @Test func aLongGapBetweenSamplesStillStepsOnlyOneTier() {
        var classifier = Classifier()
        #expect(F.tiers(&classifier, [(0, 96), (1, 40), (100, 40)]) == [.critical, .critical, .serious])
    }

    @Test func stepDownStopsAtTheTierTheSensorsStillReach() {
        var classifier = Classifier()
        let tiers = F.tiers(&classifier, [(0, 96)] + (1...40).map { (Double($0), 72) })
        #expect(tiers.last == .fair)
        #expect(tiers[11] == .serious)
        #expect(tiers[21] == .fair)
    }

    @Test func sensorHysteresisAndDwellAreConfigurable() {
        var classifier = Classifier(settings: ClassifierSettings(hysteresisCelsius: 1, dwellSeconds: 2))
        let tiers = F.tiers(&classifier, [(0, 85), (1, 78.5), (2, 78.5), (3, 78.5)])
        #expect(tiers == [.serious, .serious, .serious, .fair])
    }

    @Test func theSensorsOwnHysteresisIsUsed() {
        var classifier = Classifier()
        let samples: [(Double, Double)] = [(0, 85)] + (1...12).map { (Double($0), 74.0) }
        let tiers = samples.map { time, celsius in
            classifier.update(with: F.snapshot(at: time, [F.cpu(celsius, highHysteresis: 74)])).tier
        }
        // max_hyst 74 → a 6 °C band: 74.0 is not below the exit, so the tier holds.
        #expect(tiers.allSatisfy { $0 == .serious })
    }

    @Test func timeRunningBackwardsRestartsTheDwell() {
        var classifier = Classifier()
        let tiers = F.tiers(&classifier, [(100, 85), (101, 70), (109, 70), (50, 70), (59, 70), (60, 70)])
        #expect(tiers == [.serious, .serious, .serious, .serious, .serious, .fair])
    }
}
