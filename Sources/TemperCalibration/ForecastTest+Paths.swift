import FoundationEssentials

/// The three forecasts of every reading of a trace at each horizon, each made from the readings up to it alone.
struct Forecasts: Sendable {
    /// One horizon's forecasts, one per reading from the scored part's start: `target` is what the sensor read
    /// `horizon` later (interpolated between the two readings around it; NaN where that falls in a gap or past
    /// the end).
    struct Path: Sendable {
        var horizon: Double
        var issued: [Int] = []
        var target: [Double] = []
        var model: [Double] = []
        var trend: [Double] = []
        var persistence: [Double] = []

        /// How many forecasts have a reading to be scored against.
        var scoredCount: Int { target.reduce(0) { $0 + ($1.isNaN ? 0 : 1) } }
    }

    let series: SensorSeries
    let horizons: [Double]
    /// The median time between readings (s).
    let medianSpacing: Double

    init(_ series: SensorSeries, horizons: [Double]) {
        self.series = series
        self.horizons = horizons
        let spacings = zip(series.times.dropFirst(), series.times).map { $0 - $1 }.sorted()
        medianSpacing = spacings.isEmpty ? 1 : spacings[spacings.count / 2]
    }

    /// Runs the model over the whole trace (it learns from every reading as it comes) and keeps the forecasts made
    /// from `scoredFrom` on.
    /// Without a model its forecasts are NaN.
    func run(_ start: NodeForecaster?, scoredFrom: Double) -> [Path] {
        var forecaster = start
        var paths = horizons.map { Path(horizon: $0) }
        var windowStart = 0
        for k in series.times.indices {
            let now = series.times[k]
            forecaster?.observe(time: now, celsius: series.celsius[k], input: series.input[k])
            while series.times[windowStart] <= now - ForecastTest.trendWindowSeconds { windowStart += 1 }
            guard now >= scoredFrom else { continue }
            let slope = Self.slope(times: series.times[windowStart...k], values: series.celsius[windowStart...k])
            for index in paths.indices {
                let horizon = horizons[index]
                paths[index].issued.append(k)
                paths[index].target.append(reading(at: now + horizon, after: k))
                paths[index].model.append(forecaster?.forecast(aheadSeconds: horizon) ?? .nan)
                paths[index].trend.append(series.celsius[k] + slope * horizon)
                paths[index].persistence.append(series.celsius[k])
            }
        }
        return paths
    }

    /// The model's RMSE from `scoredFrom` on, averaged over the horizons: what the hyperparameter is chosen by.
    func modelError(_ forecaster: NodeForecaster, scoredFrom: Double) -> Double {
        let paths = run(forecaster, scoredFrom: scoredFrom)
        let errors = paths.map { path in Self.rmse(path.model, path.target) }.filter(\.isFinite)
        return errors.isEmpty ? .infinity : errors.reduce(0, +) / Double(errors.count)
    }

    /// The reading at `time`, interpolated between the readings around it when they are at most five spacings
    /// apart; NaN otherwise.
    func reading(at time: Double, after k: Int) -> Double {
        var low = k
        var high = series.times.count - 1
        guard series.times[high] >= time else { return .nan }
        while high - low > 1 {
            let middle = (low + high) / 2
            if series.times[middle] >= time { high = middle } else { low = middle }
        }
        let span = series.times[high] - series.times[low]
        guard span <= 5 * medianSpacing, span > 0 else { return span == 0 ? series.celsius[high] : .nan }
        let share = (time - series.times[low]) / span
        return series.celsius[low] + share * (series.celsius[high] - series.celsius[low])
    }

    /// The least-squares slope (°C/s); 0 for fewer than two readings.
    static func slope(times: ArraySlice<Double>, values: ArraySlice<Double>) -> Double {
        guard times.count >= 2 else { return 0 }
        let count = Double(times.count)
        let meanTime = times.reduce(0, +) / count
        let meanValue = values.reduce(0, +) / count
        var covariance = 0.0
        var variance = 0.0
        for (time, value) in zip(times, values) {
            covariance += (time - meanTime) * (value - meanValue)
            variance += (time - meanTime) * (time - meanTime)
        }
        return variance > 0 ? covariance / variance : 0
    }

    /// RMSE of `forecasts` against the finite `targets`; NaN when there are none.
    static func rmse(_ forecasts: [Double], _ targets: [Double], indices: [Int]? = nil) -> Double {
        var sum = 0.0
        var count = 0
        for index in indices ?? Array(targets.indices) where !targets[index].isNaN {
            let error = forecasts[index] - targets[index]
            sum += error * error
            count += 1
        }
        return count > 0 ? (sum / Double(count)).squareRoot() : .nan
    }
}
