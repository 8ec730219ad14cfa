import Testing

@testable import TemperCore

@Suite struct ClassifierTrendTests {
    typealias F = ClassifierFixtures

    @Test func slopeIsTheLeastSquaresFit() throws {
        var window = TrendWindow(windowSeconds: 20)
        for (time, celsius) in [(0.0, 50.0), (1, 52), (2, 51), (3, 53)] { window.add(time: time, celsius: celsius) }
        #expect(abs(try #require(window.slope) - 0.8) < 1e-9)
    }

    @Test func slopeNeedsTwoSamplesApartInTime() {
        var window = TrendWindow(windowSeconds: 20)
        window.add(time: 5, celsius: 50)
        #expect(window.slope == nil)
        window.add(time: 5, celsius: 60)
        #expect(window.slope == nil)
    }

    @Test func oldSamplesLeaveTheWindow() throws {
        var window = TrendWindow(windowSeconds: 20)
        for time in 0..<20 { window.add(time: Double(time), celsius: 40 + Double(time)) }
        for time in 20...45 { window.add(time: Double(time), celsius: 59) }
        #expect(window.spanSeconds == 20)
        #expect(abs(try #require(window.slope)) < 1e-9)
    }

    @Test func runningSumsStayExactOverALongRun() throws {
        var window = TrendWindow(windowSeconds: 20)
        // Eight hours of 1 Hz samples far from the origin: a 0.05 °C/s sawtooth must still read 0.05 at the end.
        for step in 0..<28_800 {
            let time = 1_000_000 + Double(step)
            window.add(time: time, celsius: 40 + Double(step % 1000) * 0.05)
        }
        #expect(abs(try #require(window.slope) - 0.05) < 1e-9)
    }

    @Test func theWindowStaysBoundedUnderFastSampling() {
        var window = TrendWindow(windowSeconds: 20)
        for step in 0..<10_000 { window.add(time: Double(step) * 0.001, celsius: 40) }
        #expect(window.count == TrendWindow.capacity)
    }

    @Test func forecastIsSecondsToTheNextTierAtTheCurrentSlope() throws {
        var classifier = Classifier()
        _ = F.tiers(&classifier, (0...10).map { (Double($0), 50 + 0.5 * Double($0)) })
        let forecast = try #require(classifier.forecast)
        #expect(forecast.tier == .fair)
        #expect(abs(forecast.seconds - 30) < 1e-9, "55 °C rising 0.5 °C/s reaches fair at 70 °C in 30 s")
        #expect(forecast.thresholdCelsius == 70)
        #expect(forecast.sensor == "coretemp-isa-0000/Package id 0")
        let trend = try #require(classifier.trend)
        #expect(abs(trend.slopeCelsiusPerSecond - 0.5) < 1e-9)
        #expect(trend.spanSeconds == 10)
    }

    @Test func forecastLooksAtTheTierAboveTheCurrentOne() throws {
        var classifier = Classifier()
        _ = F.tiers(&classifier, (0...4).map { (Double($0), 72 + Double($0)) })
        let forecast = try #require(classifier.forecast)
        #expect(classifier.condition.tier == .fair)
        #expect(forecast.tier == .serious)
        #expect(abs(forecast.seconds - 4) < 1e-9, "76 °C rising 1 °C/s reaches serious at 80 °C in 4 s")
    }

    @Test func noForecastWhenCoolingOrAtCritical() {
        var cooling = Classifier()
        _ = F.tiers(&cooling, (0...5).map { (Double($0), 60 - Double($0)) })
        #expect(cooling.forecast == nil)
        var critical = Classifier()
        _ = F.tiers(&critical, (0...5).map { (Double($0), 96 + Double($0)) })
        #expect(critical.forecast == nil)
    }

    @Test func forecastTakesTheSoonestSensorAndTrendTheMostUrgent() throws {
        var classifier = Classifier()
        for time in 0...10 {
            let t = Double(time)
            _ = classifier.update(with: F.snapshot(at: t, [F.cpu(59 + 0.1 * t), F.bare(40 + t)]))
        }
        // cpu at 60 rising 0.1 °C/s: 100 s to fair; bare at 50 rising 1 °C/s: 20 s to fair.
        let forecast = try #require(classifier.forecast)
        #expect(forecast.sensor == "acpitz-acpi-0/temp1")
        #expect(abs(forecast.seconds - 20) < 1e-9)
        // The cpu is nearer its next threshold (10 °C away against 20 °C), so it leads the trend.
        let trend = try #require(classifier.trend)
        #expect(trend.sensor == "coretemp-isa-0000/Package id 0")
        #expect(abs(trend.slopeCelsiusPerSecond - 0.1) < 1e-9)
    }

    @Test func preemptiveEscalationFiresWhenTheForecastIsUnderTheLimit() throws {
        var classifier = Classifier(settings: ClassifierSettings(preemptiveEscalationSeconds: 20))
        let tiers = F.tiers(&classifier, (0...11).map { (Double($0), 40 + Double($0)) })
        // At t = 10 (50 °C) the forecast is 20 s, not under 20; at t = 11 it is 19 s.
        #expect(tiers[10] == .nominal)
        #expect(tiers[11] == .fair)
        let reason = try #require(classifier.condition.reason("forecast.preemptive"))
        #expect(
            reason.message
                == "escalated early to fair: coretemp-isa-0000/Package id 0 at 51.0 °C rising 1.00 °C/s reaches 70.0 °C in 19.0 s (< 20.0 s)"
        )
    }

    @Test func anEarlyEscalationPastACrossedThresholdIsToldFirst() throws {
        var classifier = Classifier(settings: ClassifierSettings(preemptiveEscalationSeconds: 20))
        // Rising 1 °C/s from 70 (fair at 70 °C): at t = 1 the sensor is fair and 14 s from serious at 85 °C.
        let tiers = F.tiers(&classifier, (0...1).map { (Double($0), 70 + Double($0)) })
        #expect(tiers == [.fair, .serious])
        // A tier change is told by its first reason: the forecast to serious, not the fair threshold crossed.
        let first = try #require(classifier.condition.reasons.first)
        #expect(first.code == "forecast.preemptive")
        #expect(first.message.hasPrefix("escalated early to serious:"))
        #expect(classifier.condition.reasons.contains { $0.message.contains("≥ fair 70.0 °C") })
    }

    @Test func withoutTheFlagThereIsNoPreemptiveEscalation() {
        var classifier = Classifier()
        let tiers = F.tiers(&classifier, (0...11).map { (Double($0), 40 + Double($0)) })
        #expect(tiers.allSatisfy { $0 == .nominal })
        #expect(!classifier.condition.hasReason("forecast.preemptive"))
    }

    @Test func preemptiveTierHoldsWhileTheForecastStaysShort() {
        var classifier = Classifier(settings: ClassifierSettings(preemptiveEscalationSeconds: 30))
        // Rising 1 °C/s from 45: escalates at t = 1, and the forecast stays under 30 s while it keeps rising.
        let tiers = F.tiers(&classifier, (0...15).map { (Double($0), 45 + Double($0)) })
        #expect(tiers[0] == .nominal)
        #expect(tiers[1...].allSatisfy { $0 >= .fair })
    }
}
