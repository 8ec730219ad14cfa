import FoundationEssentials
import TemperSimulation

/// One horizon's result: each method's RMSE and the model's against the other two, with paired-bootstrap
/// intervals.
public struct HorizonScore: Sendable, Hashable, Codable {
    public var seconds: Double
    /// Forecasts scored (those with a reading `seconds` later).
    public var forecasts: Int
    /// `nil` for a method without forecasts (the model, when it could not be fitted).
    public var rmseCelsius: MethodFigures<Double?>
    public var modelMinusTrend: RMSEDifference?
    public var modelMinusPersistence: RMSEDifference?

    /// Scores `path`. The interval is a moving-block bootstrap over the forecasts in time order (blocks as long as
    /// the horizon, since forecasts a horizon apart share their errors), each resample taking the same forecasts
    /// for all three methods: so it is the interval of the difference, not of two separate RMSEs.
    init(_ path: Forecasts.Path, resamples: Int, spacing: Double, generator: inout SeededGenerator) {
        let kept = path.target.indices.filter { !path.target[$0].isNaN }
        func squares(_ forecasts: [Double]) -> [Double] {
            kept.map { (forecasts[$0] - path.target[$0]) * (forecasts[$0] - path.target[$0]) }
        }
        let model = squares(path.model)
        let trend = squares(path.trend)
        let persistence = squares(path.persistence)
        let count = kept.count
        func rmse(_ values: [Double]) -> Double? {
            let value = (values.reduce(0, +) / Double(max(count, 1))).squareRoot()
            return count > 0 && value.isFinite ? value : nil
        }
        seconds = path.horizon
        forecasts = count
        rmseCelsius = MethodFigures(model: rmse(model), trend: rmse(trend), persistence: rmse(persistence))
        guard let modelRMSE = rmseCelsius.model, let trendRMSE = rmseCelsius.trend, let persistenceRMSE = rmseCelsius.persistence else {
            modelMinusTrend = nil
            modelMinusPersistence = nil
            return
        }
        var trendDifferences: [Double] = []
        var persistenceDifferences: [Double] = []
        let block = min(max(1, Int((path.horizon / max(spacing, 1e-9)).rounded())), max(count, 1))
        for _ in 0..<(count > 0 ? resamples : 0) {
            var sums = (model: 0.0, trend: 0.0, persistence: 0.0)
            var taken = 0
            while taken < count {
                let start = Int(generator.nextUnitInterval() * Double(count - block + 1)) % (count - block + 1)
                for index in start..<min(start + block, start + count - taken) {
                    sums.model += model[index]
                    sums.trend += trend[index]
                    sums.persistence += persistence[index]
                }
                taken += min(block, count - taken)
            }
            let resampled = (sums.model / Double(count)).squareRoot()
            trendDifferences.append(resampled - (sums.trend / Double(count)).squareRoot())
            persistenceDifferences.append(resampled - (sums.persistence / Double(count)).squareRoot())
        }
        modelMinusTrend = Self.difference(modelRMSE - trendRMSE, trendDifferences)
        modelMinusPersistence = Self.difference(modelRMSE - persistenceRMSE, persistenceDifferences)
    }

    private static func difference(_ observed: Double, _ resampled: [Double]) -> RMSEDifference {
        let sorted = resampled.sorted()
        guard !sorted.isEmpty else { return RMSEDifference(celsius: observed, low: observed, high: observed) }
        let low = sorted[Int(Double(sorted.count - 1) * 0.025)]
        let high = sorted[Int((Double(sorted.count - 1) * 0.975).rounded())]
        return RMSEDifference(celsius: observed, low: low, high: high)
    }
}

/// How each method saw the trace cross a temperature in the scored part.
///
/// A method **warns** at a reading below the threshold when any of its forecasts then (at any horizon) reaches it.
/// Its **lead** on a crossing is how long before the first reading at or above the threshold its unbroken run of
/// warnings began (0 if it was not warning just before); a **false alarm** is a run of warnings after which the
/// trace does not reach the threshold within the longest horizon.
public struct ThresholdScore: Sendable, Hashable, Codable {
    public var celsius: Double
    /// Upward crossings in the scored part.
    public var crossings: Int
    /// Mean lead over the crossings (s); the model's `nil` when it could not be fitted.
    public var leadSeconds: MethodFigures<Double?>
    public var falseAlarms: MethodFigures<Int?>

    init(_ level: Double, paths: [Forecasts.Path], series: SensorSeries, scoredFrom: Double) {
        celsius = level
        let issued = paths.first?.issued ?? []
        let longest = paths.map(\.horizon).max() ?? 0
        let times = series.times
        let readings = series.celsius
        func warnings(_ method: KeyPath<Forecasts.Path, [Double]>) -> [Bool] {
            issued.indices.map { position in
                readings[issued[position]] < level && paths.contains { $0[keyPath: method][position] >= level }
            }
        }
        let crossingPositions = issued.indices.dropFirst().filter { readings[issued[$0]] >= level && readings[issued[$0 - 1]] < level }
        crossings = crossingPositions.count
        func score(_ method: KeyPath<Forecasts.Path, [Double]>) -> (lead: Double, falseAlarms: Int) {
            let warns = warnings(method)
            var leads = 0.0
            for crossing in crossingPositions {
                var earliest = crossing
                while earliest > 0, warns[earliest - 1], times[issued[crossing]] - times[issued[earliest - 1]] <= longest { earliest -= 1 }
                leads += times[issued[crossing]] - times[issued[earliest]]
            }
            var falseAlarms = 0
            var position = 0
            while position < warns.count {
                guard warns[position] else {
                    position += 1
                    continue
                }
                var end = position
                while end + 1 < warns.count, warns[end + 1] { end += 1 }
                let until = times[issued[end]] + longest
                var reached = false
                var index = issued[position]
                while index < times.count, times[index] <= until {
                    if readings[index] >= level { reached = true }
                    index += 1
                }
                if !reached { falseAlarms += 1 }
                position = end + 1
            }
            return (crossingPositions.isEmpty ? 0 : leads / Double(crossingPositions.count), falseAlarms)
        }
        let model = score(\.model)
        let trend = score(\.trend)
        let persistence = score(\.persistence)
        let modelKnown = paths.first?.model.contains { !$0.isNaN } ?? false
        leadSeconds = MethodFigures(model: modelKnown ? model.lead : nil, trend: trend.lead, persistence: persistence.lead)
        falseAlarms = MethodFigures(
            model: modelKnown ? model.falseAlarms : nil,
            trend: trend.falseAlarms,
            persistence: persistence.falseAlarms
        )
    }
}
