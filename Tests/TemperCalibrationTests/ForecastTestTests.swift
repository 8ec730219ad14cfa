import Foundation
import TemperCalibration
import TemperCore
import TemperSimulation
import Testing

/// Issue 33's simulated forecast test made honest: the truth is not the model the forecaster fits. Four nodes
/// (die, board, case, a chassis plate), convection off the case that grows with its temperature rise, a sensor
/// that lags the die by 4 s and reads to 0.1 °C, a room drifting 2 °C over the hour; the fit sees one sensor and
/// the measured power, and has one or two nodes.
@Suite("Forecast test")
struct ForecastTestTests {
    /// One hour at 1 s of a random workload (0.4–6 W steps lasting 1–5 min) through the four-node truth.
    static func differentTruth(seed: UInt64 = 7, seconds: Int = 3600, drift: Double = 2) -> SensorSeries {
        var generator = SeededGenerator(seed: seed)
        let capacities = [4.0, 30, 120, 200]
        let conductances = [0.8, 1.2, 0.5]
        var nodes = [25.0, 25, 25, 25]
        var sensor = 25.0
        var power = 0.5
        var nextChange = 120.0
        var times: [Double] = []
        var readings: [Double] = []
        var inputs: [Double] = []
        for second in 0..<seconds {
            let time = Double(second)
            if time >= nextChange {
                power = 0.4 + 5.6 * generator.nextUnitInterval()
                nextChange = time + 60 + 240 * generator.nextUnitInterval()
            }
            let ambient = 24 + drift * time / Double(seconds)
            for _ in 0..<10 {
                let step = 0.1
                var flows = [Double](repeating: 0, count: 4)
                flows[0] += power
                for link in 0..<3 {
                    let heat = conductances[link] * (nodes[link] - nodes[link + 1])
                    flows[link] -= heat
                    flows[link + 1] += heat
                }
                // Natural convection: the film coefficient grows as the rise to the ambient to the 1/4 power.
                for node in 2...3 {
                    let rise = nodes[node] - ambient
                    flows[node] -= 0.04 * rise * (1 + pow(max(rise, 0) / 10, 0.25))
                }
                for node in 0..<4 { nodes[node] += step * flows[node] / capacities[node] }
                sensor += step / 4 * (nodes[0] - sensor)
            }
            let noise = 0.05 * (generator.nextUnitInterval() + generator.nextUnitInterval() - 1) * 2.45
            times.append(time)
            readings.append(((sensor + noise) * 10).rounded() / 10)
            inputs.append(power)
        }
        return SensorSeries(
            name: "four-node truth",
            times: times,
            celsius: readings,
            input: inputs,
            inputKind: .power,
            inputSource: "sim/power (measured power, W)",
            inputUnit: "W",
            sensor: "sim/die"
        )
    }

    @Test func theModelIsComparedWithPersistenceAndTheTrendOnATruthOfAnotherShape() throws {
        let test = try ForecastTest.run(Self.differentTruth(), settings: .init(fitFraction: 0.5, bootstrapResamples: 400))
        let fit = try #require(test.fit)
        #expect(test.horizons.map(\.seconds) == [10, 30, 60])
        #expect(fit.nodes == 2, "a four-node truth needs more than one node: \(fit.informationCriterion)")
        #expect(fit.noiseCelsius >= 0.1 / 12.0.squareRoot(), "the noise is never below the quantisation's")
        for horizon in test.horizons {
            #expect(horizon.forecasts > 1500, "\(horizon.forecasts) forecasts at \(horizon.seconds) s")
            let difference = try #require(horizon.modelMinusPersistence)
            #expect(difference.low <= difference.celsius && difference.celsius <= difference.high, "\(difference)")
        }
        // With the power known, the model sees a step's curve coming; the others only its start. At 10 and 30 s
        // that wins beyond the bootstrap's doubt; at 60 s the workload's own next step (every 1-5 min, unknowable)
        // dominates: still ahead of persistence (0.95 against 1.01 °C when written) but within its interval.
        for horizon in test.horizons {
            let persistence = try #require(horizon.modelMinusPersistence)
            let trend = try #require(horizon.modelMinusTrend)
            #expect(trend.high < 0, "at \(horizon.seconds) s: \(String(describing: horizon.rmseCelsius))")
            #expect(
                horizon.seconds == 60 ? persistence.celsius < 0 : persistence.high < 0,
                "at \(horizon.seconds) s: \(String(describing: horizon.rmseCelsius))"
            )
        }
        let threshold = try #require(test.threshold)
        #expect(threshold.crossings > 0)
        #expect((threshold.leadSeconds.model ?? -1) >= (threshold.leadSeconds.persistence ?? 0))
    }

    /// The scored part cannot steer the fit or the hyperparameter: spoil it and both stay as they were.
    @Test func nothingIsChosenOnTheScoredPart() throws {
        let series = Self.differentTruth(seconds: 1800)
        var spoiled = series
        for index in spoiled.celsius.indices.dropFirst(900) { spoiled.celsius[index] += index % 2 == 0 ? 8 : -8 }
        let settings = ForecastTest.Settings(fitFraction: 0.5, bootstrapResamples: 50)
        let clean = try ForecastTest.run(series, settings: settings)
        let dirty = try ForecastTest.run(spoiled, settings: settings)
        #expect(clean.modeWanderCelsiusPerRootSecond != nil)
        #expect(clean.modeWanderCelsiusPerRootSecond == dirty.modeWanderCelsiusPerRootSecond)
        #expect(clean.fit?.timeConstants == dirty.fit?.timeConstants)
        let cleanError = try #require(clean.horizons[0].rmseCelsius.model)
        #expect((dirty.horizons[0].rmseCelsius.model ?? 0) > 3 * cleanError, "the spoiled part is scored")
    }

    @Test func aLoadProxyGetsAFittedScaleAndNoInputStillRuns() throws {
        var proxy = Self.differentTruth(seconds: 1800)
        proxy.input = proxy.input.map { $0 * 100 / 6 }
        proxy.inputKind = .loadProxy
        proxy.inputUnit = "%"
        let scaled = try NodeFit.fit(proxy)
        let watts = try NodeFit.fit(Self.differentTruth(seconds: 1800))
        let gain = scaled.gains.reduce(0) { $0 + $1.value }
        #expect(abs(gain * 100 / 6 - watts.gains.reduce(0) { $0 + $1.value }) < 0.05 * gain * 100 / 6, "the same resistance, rescaled")
        var none = proxy
        none.inputKind = .none
        none.input = none.input.map { _ in 0 }
        let test = try ForecastTest.run(none, settings: .init(bootstrapResamples: 20))
        #expect(test.fit?.gains.isEmpty == true)
        #expect(test.horizons.allSatisfy { $0.rmseCelsius.model != nil })
    }

    @Test func tooShortIsOneLine() {
        let series = Self.differentTruth(seconds: 40)
        let error = #expect(throws: TemperError.self) { try ForecastTest.run(series) }
        #expect(error?.description.contains("too short for the forecast test") == true, "\(String(describing: error))")
    }
}

/// Issue 33, item 5: GetHeadroom falls back to what the device's own forecast test found best.
@Suite("Headroom forecaster from a forecast test")
struct HeadroomFallbackTests {
    @Test func theTestsWinnerForecastsAndTheModelOnlyWhenItWon() throws {
        let test = try ForecastTest.run(ForecastTestTests.differentTruth(seconds: 1200), settings: .init(bootstrapResamples: 20))
        var summary = ForecastSummary(test)
        let json = Data(try TemperJSON.string(summary).utf8)
        #expect(try ForecastSummary.decode(json, file: "f.json") == summary, "what --json writes reads back")
        let model = TrendForecaster()
        summary.bestAtLongestHorizon = "persistence"
        #expect(summary.headroomForecaster(model: model) is PersistenceForecaster)
        summary.bestAtLongestHorizon = "trend"
        #expect(summary.headroomForecaster(model: PersistenceForecaster()) is TrendForecaster)
        summary.bestAtLongestHorizon = "model"
        #expect(summary.headroomForecaster(model: PersistenceForecaster()) is PersistenceForecaster, "the model given")
        #expect(summary.headroomForecaster(model: nil) is TrendForecaster, "no fitted model: the trend")
        let error = #expect(throws: TemperError.self) { try ForecastSummary.decode(Data("{}".utf8), file: "f.json") }
        #expect(error?.description == "f.json: not the JSON of 'temper forecast --json'")
    }

    @Test func persistenceForecastsTheReadingNow() {
        let sensor = SensorAssessment(
            chip: "sim/die",
            chipName: "sim",
            label: "die",
            celsius: 51.5,
            status: .counted,
            slopeCelsiusPerSecond: 0.2
        )
        let forecast = PersistenceForecaster().forecast(sensor, at: 0, aheadSeconds: 60)
        #expect(forecast?.celsius == 51.5 && forecast?.method == .current, "no slope carried forward")
    }
}
