import TemperTestKit
import Testing

@testable import TemperCore

/// Headroom on Android's scale (1.0 at the serious threshold, 0.0 at 30 °C below it) from the trend forecast.
@Suite struct HeadroomTests {
    typealias F = ClassifierFixtures

    /// A coretemp sensor with high 80 and critical 100 enters fair at 70, serious at 80 and critical at 95.
    static func classifier(_ samples: [(Double, Double)]) -> Classifier {
        var classifier = Classifier()
        _ = F.tiers(&classifier, samples)
        return classifier
    }

    @Test("Android's mapping: 0 at serious − 30 °C, 1 at serious, linear, floored at 0 and not capped")
    func androidNormalisation() {
        #expect(ThermalHeadroom.normalized(50, serious: 80) == 0)
        #expect(ThermalHeadroom.normalized(20, serious: 80) == 0)
        #expect(ThermalHeadroom.normalized(65, serious: 80) == 0.5)
        #expect(ThermalHeadroom.normalized(80, serious: 80) == 1)
        #expect(ThermalHeadroom.normalized(95, serious: 80) == 1.5)
    }

    @Test("a steady sensor's headroom now and ahead is its reading's, the band collapses on a clean line")
    func steadySensor() throws {
        let classifier = Self.classifier((0...10).map { (Double($0), 65) })
        let now = try #require(ThermalHeadroom.of(classifier.sensors, forecastSeconds: 0, forecaster: TrendForecaster()))
        #expect(now.headroom == 0.5)
        #expect(now.method == .current)
        #expect(now.sensor == "coretemp-isa-0000/Package id 0")
        let ahead = try #require(ThermalHeadroom.of(classifier.sensors, forecastSeconds: 30, forecaster: TrendForecaster()))
        #expect(abs(ahead.headroom - 0.5) < 1e-9)
        #expect(ahead.method == .trend)
        #expect(ahead.high - ahead.low < 1e-6)
    }

    @Test("a rising sensor's forecast follows its slope: 0.5 °C/s from 65 °C reaches serious (1.0) in 30 s")
    func risingSensorForecast() throws {
        let classifier = Self.classifier((0...10).map { (Double($0), 60 + 0.5 * Double($0)) })
        let ahead = try #require(ThermalHeadroom.of(classifier.sensors, forecastSeconds: 30, forecaster: TrendForecaster()))
        #expect(abs(ahead.headroom - 1.0) < 1e-9)
        #expect(ahead.forecastSeconds == 30)
    }

    @Test("noisy readings widen the band, more the further ahead, and the band holds the forecast")
    func bandGrowsWithNoiseAndHorizon() throws {
        let noise = [0.3, -0.2, 0.1, -0.4, 0.25, -0.1, 0.35, -0.3, 0.05, 0.2, -0.25]
        let classifier = Self.classifier(noise.indices.map { (Double($0), 60 + 0.2 * Double($0) + noise[$0]) })
        let near = try #require(ThermalHeadroom.of(classifier.sensors, forecastSeconds: 5, forecaster: TrendForecaster()))
        let far = try #require(ThermalHeadroom.of(classifier.sensors, forecastSeconds: 60, forecaster: TrendForecaster()))
        #expect(near.low < near.headroom && near.headroom < near.high)
        #expect(far.high - far.low > near.high - near.low)
    }

    @Test("the host's headroom is the sensor nearest its own serious threshold")
    func nearestSensorWins() throws {
        var classifier = Classifier()
        // The bare zone uses the default thresholds; the coretemp at 75 °C is 25 °C over its serious − 30.
        _ = classifier.update(with: F.snapshot(at: 0, [F.bare(40), F.cpu(75)]))
        let headroom = try #require(ThermalHeadroom.of(classifier.sensors, forecastSeconds: 0, forecaster: TrendForecaster()))
        #expect(headroom.sensor == "coretemp-isa-0000/Package id 0")
        #expect(abs(headroom.headroom - 25.0 / 30) < 1e-9)
    }

    @Test("thresholds give each tier's entry on the headroom scale: fair 70 → 0.667, serious 1, critical 95 → 1.5")
    func thresholdsOfTheNearestSensor() throws {
        let classifier = Self.classifier([(0, 60)])
        let thresholds = try #require(HeadroomThresholds.of(classifier.sensors))
        #expect(abs(thresholds.fair - 20.0 / 30) < 1e-9)
        #expect(thresholds.serious == 1)
        #expect(thresholds.critical == 1.5)
        #expect(thresholds.level(of: 0.5) == 0)
        #expect(thresholds.level(of: 1.0) == 2)
    }

    @Test("no valid reading, no headroom")
    func noReading() {
        var classifier = Classifier()
        _ = classifier.update(with: F.snapshot(at: 0, [F.cpu(nil)]))
        #expect(ThermalHeadroom.of(classifier.sensors, forecastSeconds: 10, forecaster: TrendForecaster()) == nil)
        #expect(HeadroomThresholds.of(classifier.sensors) == nil)
    }

    @Test("the governor answers headroom with the forecaster it was built with, and clamps the horizon")
    func governorUsesItsForecaster() async throws {
        struct Fixed: ThermalForecaster {
            var observed = 0
            mutating func observe(_ sensors: [SensorAssessment], at time: Double) { observed += 1 }
            func forecast(_ sensor: SensorAssessment, at index: Int, aheadSeconds seconds: Double) -> TemperatureForecast? {
                TemperatureForecast(celsius: 50 + seconds / 10, errorCelsius: 3, method: .model)
            }
        }
        let governor = Governor(
            policy: RewriterFixtures.briefPolicy,
            energyModel: EnergyEstimator(profile: RewriterFixtures.phoneProfile),
            source: FakeHostSource(),
            clock: ManualClock(),
            logger: GovernorTestSupport.quietLogger,
            forecaster: Fixed()
        )
        await governor.update(with: F.snapshot(at: 0, [F.cpu(60)]))
        let headroom = try #require(await governor.headroom(forecastSeconds: 6000))
        #expect(headroom.method == .model)
        #expect(headroom.forecastSeconds == ThermalHeadroom.maxForecastSeconds)
        #expect(abs(headroom.headroom - 60.0 / 30) < 1e-9)
        #expect(abs(headroom.high - headroom.low - 6.0 / 30) < 1e-9)
        #expect(await governor.headroomThresholds?.serious == 1)
    }
}
