import Foundation
import TemperCalibration
import TemperCore
import TemperSimulation
import Testing

/// The fitted model's forecast against the straight-line trend, on held-out traces: a model is fitted to one
/// synthetic calibration run, then both forecasters see other runs (other workloads, another room, other noise)
/// one reading at a time, as the classifier does, and forecast each sensor 10, 30 and 60 s ahead.
@Suite("Forecast comparison")
struct ForecastComparisonTests {
    static let horizons = [10.0, 30, 60]

    /// Workloads the fit never saw: game bursts and a flickering load, in rooms at 27 and 19 °C, 0.1 °C noise.
    static let heldOut: [(name: String, ambient: Double, schedule: [(seconds: Double, watts: Double)], seed: UInt64)] = [
        ("bursts", 27, [(300, 0.5), (240, 4.5), (120, 1), (300, 3), (180, 0.3), (400, 2.5), (300, 0.5)], 41),
        ("flicker", 19, Array(repeating: [(90.0, 3.2), (60.0, 0.6)], count: 8).flatMap { $0 } + [(300, 0.4)], 43),
    ]

    struct Errors {
        var squares: [String: Double] = [:]
        var counts: [String: Int] = [:]

        mutating func add(_ key: String, _ error: Double) {
            squares[key, default: 0] += error * error
            counts[key, default: 0] += 1
        }

        func rmse(_ key: String) -> Double { (squares[key, default: 0] / Double(max(1, counts[key, default: 0]))).squareRoot() }
    }

    static func reading(_ label: String, _ celsius: Double, high: Double, critical: Double) -> TemperatureReading {
        TemperatureReading(
            chip: "sim/\(label)",
            chipName: "simulated",
            label: label,
            source: .simulated,
            celsius: celsius,
            high: high,
            critical: critical
        )
    }

    /// Root-mean-square forecast errors per method, sensor and horizon over the held-out traces, against the
    /// reading that came `horizon` seconds later.
    static func compare(parameters: ThermalParameters) -> Errors {
        var errors = Errors()
        for scenario in heldOut {
            let trace = ThermalCalibrationTests.synthesise(
                ThermalCalibrationTests.truth,
                ambient: scenario.ambient,
                schedule: scenario.schedule,
                interval: 1,
                noise: 0.1,
                seed: scenario.seed,
                name: scenario.name
            )
            var classifier = Classifier()
            var model = ModelForecaster(parameters: parameters, readingNoiseCelsius: 0.1)
            let trend = TrendForecaster()
            for index in trace.times.indices {
                let time = trace.times[index]
                let snapshot = HostSnapshot(
                    time: time,
                    temperatures: [
                        reading("internal", trace.internalCelsius[index], high: 85, critical: 100),
                        reading("skin", trace.hotspotCelsius[index], high: 51, critical: 58),
                    ]
                )
                _ = classifier.update(with: snapshot)
                let sensors = classifier.sensors
                model.observe(sensors, at: time)
                // A minute to settle, as the trend window needs its own 20 s.
                guard time >= 60 else { continue }
                for horizon in horizons {
                    let later = index + Int(horizon)
                    guard later < trace.times.count else { continue }
                    for (sensorIndex, truth) in [(0, trace.internalCelsius[later]), (1, trace.hotspotCelsius[later])] {
                        let name = sensors[sensorIndex].label
                        if let forecast = model.forecast(sensors[sensorIndex], at: sensorIndex, aheadSeconds: horizon) {
                            errors.add("model \(name) \(Int(horizon))", forecast.celsius - truth)
                        }
                        if let forecast = trend.forecast(sensors[sensorIndex], at: sensorIndex, aheadSeconds: horizon) {
                            errors.add("trend \(name) \(Int(horizon))", forecast.celsius - truth)
                        }
                    }
                }
            }
        }
        return errors
    }

    @Test("the fitted model's forecast beats the straight line at 10, 30 and 60 s on held-out traces, for both sensors")
    func modelBeatsTheStraightLine() throws {
        let training = ThermalCalibrationTests.synthesise(
            ThermalCalibrationTests.truth,
            ambient: 23,
            schedule: ThermalCalibrationTests.protocolSchedule
        )
        let fit = try ThermalCalibration.fit([training], base: ThermalCalibrationTests.base)
        let errors = Self.compare(parameters: fit.parameters)
        print("| sensor | horizon | straight line RMSE (°C) | model RMSE (°C) |")
        print("|---|---|---|---|")
        for sensor in ["skin", "internal"] {
            for horizon in Self.horizons.map({ Int($0) }) {
                let trend = errors.rmse("trend \(sensor) \(horizon)")
                let model = errors.rmse("model \(sensor) \(horizon)")
                print("| \(sensor) | \(horizon) s | \(String(format: "%.3f", trend)) | \(String(format: "%.3f", model)) |")
                #expect(errors.counts["model \(sensor) \(horizon)", default: 0] > 1000)
                #expect(model < trend, "\(sensor) at \(horizon) s: model \(model) °C, straight line \(trend) °C")
            }
        }
    }

    @Test("the model forecaster falls back to the trend for a sensor it does not model, and says so")
    func fallsBackToTheTrend() throws {
        var classifier = Classifier()
        var model = ModelForecaster(parameters: ThermalCalibrationTests.truth)
        for time in 0..<30 {
            let snapshot = HostSnapshot(
                time: Double(time),
                temperatures: [
                    Self.reading("internal", 40 + 0.1 * Double(time), high: 85, critical: 100),
                    Self.reading("skin", 33, high: 51, critical: 58),
                    Self.reading("nvme", 45 + 0.2 * Double(time), high: 80, critical: 90),
                ]
            )
            _ = classifier.update(with: snapshot)
            model.observe(classifier.sensors, at: Double(time))
        }
        let sensors = classifier.sensors
        #expect(model.forecast(sensors[0], at: 0, aheadSeconds: 10)?.method == .model)
        #expect(model.forecast(sensors[1], at: 1, aheadSeconds: 10)?.method == .model)
        let nvme = try #require(model.forecast(sensors[2], at: 2, aheadSeconds: 10))
        #expect(nvme.method == .trend)
        #expect(abs(nvme.celsius - (45 + 0.2 * 29 + 2)) < 1e-6)
    }

    @Test("only a profile whose thermal figures were all fitted gets a model forecaster")
    func onlyFittedProfiles() {
        #expect(ModelForecaster(profile: .referencePhone) == nil)
        var fitted = DeviceProfile.referencePhone
        for figure in ThermalFigure.allCases {
            fitted.provenance["thermal.\(figure.rawValue)"] = FigureProvenance(.fitted, "a test fit")
        }
        #expect(ModelForecaster(profile: fitted) != nil)
    }
}
