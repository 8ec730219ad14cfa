import FoundationEssentials
import Glibc
public import TemperCore

/// A one- or two-node model of one sensor fitted to one trace (``SensorSeries``), the node count chosen by the
/// data.
///
/// A linear network of n heat capacities, heated at one node and read at that node, answers a held input u as a
/// sum of n first-order modes: `T = baseline + Σ xᵢ`, `xᵢ′ = (gᵢ·u − xᵢ)/τᵢ`, each gain gᵢ positive. So the modes'
/// time constants τᵢ are the network's and Σgᵢ is its resistance to the baseline (K/W for measured power; °C per %
/// or per MHz for a load proxy, whose scale is thereby fitted). The baseline is the ambient for measured power
/// (a given `--ambient` is one more measurement of it) and the ambient plus idle heat for a load proxy.
///
/// Each model is stepped exactly, the input held over each interval; residuals are in units of the sensor's
/// noise, whose estimate (``ThermalSeries/readingNoise(_:)``) is never below its quantisation q/√12. A sensor's
/// own lag makes the residuals correlated rather than independent: ``GoodnessOfFit`` widens the intervals by the
/// effective sample size for it and says so. One node or two is chosen by the Bayesian information criterion
/// `χ² + p·ln n`, both reported; two nodes whose time constants' intervals overlap count as one.
public struct NodeFit: Sendable {
    /// The fitted time constants (s), fastest first, with their intervals.
    public var timeConstants: [FittedValue]
    /// The gains in the same order (°C per input unit).
    public var gains: [FittedValue]
    public var baseline: FittedValue
    /// Every fitted parameter, the modes' starting offsets included.
    public var result: FitResult
    public var goodness: GoodnessOfFit
    public var noiseCelsius: Double
    /// The information criterion of each model tried, by its node count.
    public var informationCriterion: [Int: Double]
    /// Each mode's fitted starting offset (°C), in the order of ``timeConstants``.
    public var offsets: [Double]
    public var rmseCelsius: Double { result.rmse * noiseCelsius }
    /// How the intervals were made, for the text under the table.
    public var intervalsNote: String { result.intervalsNote() }
    public var nodes: Int { timeConstants.count }

    /// The model stepped over `series`, starting from the fitted offsets.
    public func curve(_ series: SensorSeries) -> [Double] {
        Self.simulate(series, taus: timeConstants.map(\.value), gains: gains.map(\.value), baseline: baseline.value, offsets: offsets)
    }

    /// Fits one node and two to `series` and keeps the one the information criterion prefers.
    /// - Throws: `cannotCalibrate` when neither can be fitted (too few samples, an input the fit cannot separate).
    public static func fit(_ series: SensorSeries, ambient: GivenAmbient? = nil) throws(TemperError) -> NodeFit {
        var fits: [NodeFit] = []
        var lastError: TemperError?
        for nodes in 1...2 {
            do throws(TemperError) { fits.append(try fit(series, nodes: nodes, ambient: ambient)) } catch { lastError = error }
        }
        // Two nodes whose time constants the data cannot tell apart (overlapping intervals) are one node.
        let distinct = fits.filter { $0.nodes == 1 || $0.timeConstants[0].high < $0.timeConstants[1].low }
        guard var best = distinct.min(by: { $0.criterion < $1.criterion }) else {
            throw lastError ?? TemperError(code: .cannotCalibrate, message: "no model could be fitted", file: series.name)
        }
        for fit in fits { best.informationCriterion[fit.nodes] = fit.criterion }
        return best
    }

    private var criterion: Double { informationCriterion[nodes] ?? .infinity }

    /// Fits a model of exactly `nodes` modes.
    public static func fit(_ series: SensorSeries, nodes: Int, ambient: GivenAmbient? = nil) throws(TemperError) -> NodeFit {
        let noise = series.readingNoiseCelsius
        let low = series.celsius.min() ?? 0
        let high = series.celsius.max() ?? 0
        let hasInput = series.inputKind != .none && (series.input.max() ?? 0) > (series.input.min() ?? 0)
        let inputSpan = max((series.input.max() ?? 0) - (series.input.min() ?? 0), 1e-9)
        let gain = max(high - low, 1) / inputSpan / Double(nodes)
        let duration = max(series.times.last ?? 1, 1)
        let starts = nodes == 1 ? [duration / 10] : [duration / 50, duration / 5]
        var parameters: [FitParameter] = []
        for (index, tau) in starts.enumerated() {
            parameters.append(FitParameter("timeConstant\(index + 1)", initial: tau, domain: .positive))
            if hasInput { parameters.append(FitParameter("gain\(index + 1)", initial: gain, domain: .positive)) }
        }
        let base = hasInput ? low - gain * Double(nodes) * (series.input.min() ?? 0) : low
        parameters.append(FitParameter("baseline", initial: ambient?.celsius ?? base, domain: .real))
        let first = series.celsius[0] - (ambient?.celsius ?? base)
        for index in 0..<nodes {
            parameters.append(FitParameter("offset\(index + 1)", initial: first / Double(nodes), domain: .real))
        }
        let step = hasInput ? 2 : 1
        func unpack(_ values: [Double]) -> (taus: [Double], gains: [Double], baseline: Double, offsets: [Double]) {
            let taus = (0..<nodes).map { values[$0 * step] }
            let gains = hasInput ? (0..<nodes).map { values[$0 * step + 1] } : [Double](repeating: 0, count: nodes)
            return (taus, gains, values[nodes * step], Array(values[(nodes * step + 1)...]))
        }
        let prior = series.inputKind == .power ? ambient : nil
        let solved = try LevenbergMarquardt(settings: .init(residualsAreStandardised: true, extraStarts: nodes == 1 ? 0 : 2)).fit(
            parameters,
            residuals: { values in
                let model = unpack(values)
                let curve = simulate(series, taus: model.taus, gains: model.gains, baseline: model.baseline, offsets: model.offsets)
                var residuals = zip(curve, series.celsius).map { ($0 - $1) / noise }
                if let prior { residuals.append((model.baseline - prior.celsius) / prior.uncertaintyCelsius) }
                return residuals
            }
        )
        let goodness = GoodnessOfFit(
            residuals: solved.residuals,
            parameterCount: parameters.count,
            standardDeviationsKnown: true,
            priorCount: prior == nil ? 0 : 1,
            series: [Array(series.times.indices)],
            measurement: { index in
                index < series.times.count
                    ? "\(series.sensor) at \(ProfileText.number(series.times[index], digits: 6)) s" : "the given ambient"
            },
            driftCause: "something the model does not have changed (the room, a fan, a load the input does not show), or the sensor lags"
        )
        let result = solved.widened(by: goodness.intervalScale, parameters: parameters)
        let chiSquare = solved.residuals.reduce(0) { $0 + $1 * $1 }
        let order = (0..<nodes).sorted { result.parameters[$0 * step].value < result.parameters[$1 * step].value }
        return NodeFit(
            timeConstants: order.map { result.parameters[$0 * step] },
            gains: hasInput ? order.map { result.parameters[$0 * step + 1] } : [],
            baseline: result.parameters[nodes * step],
            result: result,
            goodness: goodness,
            noiseCelsius: noise,
            informationCriterion: [nodes: chiSquare + Double(parameters.count) * Glibc.log(Double(series.times.count))],
            offsets: order.map { result.parameters[nodes * step + 1 + $0].value }
        )
    }

    /// The model's temperatures at `series`' times: each mode steps exactly with the input held over the interval.
    static func simulate(_ series: SensorSeries, taus: [Double], gains: [Double], baseline: Double, offsets: [Double]) -> [Double] {
        var modes = offsets
        var curve = [baseline + modes.reduce(0, +)]
        curve.reserveCapacity(series.times.count)
        // Most recordings sample evenly: the decays are worked out again only when the spacing changes.
        var decays = modes.map { _ in 0.0 }
        var lastSeconds = -1.0
        for k in series.times.indices.dropFirst() {
            let seconds = series.times[k] - series.times[k - 1]
            if seconds != lastSeconds {
                for index in modes.indices { decays[index] = Glibc.exp(-seconds / taus[index]) }
                lastSeconds = seconds
            }
            for index in modes.indices {
                let target = (gains.isEmpty ? 0 : gains[index]) * series.input[k]
                modes[index] = target + (modes[index] - target) * decays[index]
            }
            curve.append(baseline + modes.reduce(0, +))
        }
        return curve
    }
}
