public import TemperCore
public import TemperSimulation

/// Fits the two-node thermal model (``ThermalModel``) to recorded traces by least squares, stepping the model
/// with the simulator's own exact discretisation: power held over each interval between samples, the closed-form
/// propagator `exp(A·h)`.
///
/// Fitted: internal and skin heat capacities, the two resistances, the hotspot weight, the ambient (unless
/// given), and each trace's starting internal and skin temperatures (nuisance parameters: the skin node is never
/// measured directly, and taking a noisy first reading as exact would bias every other number). Residuals are
/// model minus measured, internal and hotspot, in °C.
public enum ThermalCalibration: Sendable {
    /// The thermal keys a fit writes, in profile order, with the fit parameter each comes from.
    public static let fittedKeys = [
        "internalHeatCapacity", "internalToSkinResistance", "skinHeatCapacity", "skinToAmbientResistance", "hotspotWeight",
    ]

    /// Fits `series` starting from `base`'s thermal figures.
    /// - Parameters:
    ///   - ambientCelsius: the room's temperature when known; `nil` fits it (one ambient for all traces).
    /// - Throws: `cannotCalibrate` naming what is missing (no trace whose power changes, too few samples, a
    ///   parameter the data cannot determine).
    public static func fit(
        _ series: [ThermalSeries],
        base: ThermalFigures,
        ambientCelsius: Double? = nil,
        progress: ((_ iteration: Int, _ rmse: Double) -> Void)? = nil
    ) throws(TemperError) -> ThermalFit {
        guard !series.isEmpty else { throw TemperError(code: .cannotCalibrate, message: "no traces to fit") }
        guard series.contains(where: \.powerVaries) else {
            let levels = series.map { trace in
                let mean = trace.powerWatts.dropFirst().reduce(0, +) / Double(max(1, trace.powerWatts.count - 1))
                return "\(trace.name): \(ProfileText.number(mean, digits: 3)) W"
            }
            throw TemperError(
                code: .cannotCalibrate,
                message:
                    "the power is constant (\(levels.joined(separator: "; "))), which cannot separate the two time constants: record an idle baseline, then a workload (a step in power), then idle again"
            )
        }
        var parameters = [
            FitParameter("internalHeatCapacity", initial: base.internalHeatCapacityJoulesPerKelvin, domain: .positive),
            FitParameter("internalToSkinResistance", initial: base.internalToSkinKelvinPerWatt, domain: .positive),
            FitParameter("skinHeatCapacity", initial: base.skinHeatCapacityJoulesPerKelvin, domain: .positive),
            FitParameter("skinToAmbientResistance", initial: base.skinToAmbientKelvinPerWatt, domain: .positive),
            FitParameter("hotspotWeight", initial: min(max(base.hotspotWeight, 0.05), 0.95), domain: .bounded(lower: 0, upper: 1)),
        ]
        let fitsAmbient = ambientCelsius == nil
        if fitsAmbient {
            // A device left alone reads close to the room: start from the coolest skin reading.
            let coolest = series.flatMap(\.hotspotCelsius).min() ?? base.defaultAmbientCelsius
            parameters.append(FitParameter("ambient", initial: coolest - 0.5, domain: .real))
        }
        let weight = parameters[4].initial
        for trace in series {
            let skin = (trace.hotspotCelsius[0] - weight * trace.internalCelsius[0]) / (1 - weight)
            parameters.append(FitParameter("initialInternal[\(trace.name)]", initial: trace.internalCelsius[0], domain: .real))
            parameters.append(FitParameter("initialSkin[\(trace.name)]", initial: skin, domain: .real))
        }
        let thermalCount = fitsAmbient ? 6 : 5
        let result = try LevenbergMarquardt().fit(
            parameters,
            residuals: { values in
                let thermal = Self.parameters(values)
                let ambient = ambientCelsius ?? values[5]
                var residuals: [Double] = []
                for (index, trace) in series.enumerated() {
                    let start = (values[thermalCount + 2 * index], values[thermalCount + 2 * index + 1])
                    let curve = simulate(trace, thermal: thermal, ambientCelsius: ambient, initial: start)
                    for k in trace.times.indices {
                        residuals.append(curve.internalCelsius[k] - trace.internalCelsius[k])
                        residuals.append(curve.hotspotCelsius[k] - trace.hotspotCelsius[k])
                    }
                }
                return residuals
            },
            progress: progress
        )
        let thermal = Self.parameters(result.values)
        let ambient = ambientCelsius ?? result.values[5]
        let curves = series.enumerated().map { index, trace in
            simulate(
                trace,
                thermal: thermal,
                ambientCelsius: ambient,
                initial: (result.values[thermalCount + 2 * index], result.values[thermalCount + 2 * index + 1])
            )
        }
        return ThermalFit(
            result: result,
            parameters: thermal,
            ambientCelsius: ambient,
            ambientWasFitted: fitsAmbient,
            series: series,
            curves: curves
        )
    }

    /// The model's parameters from the first five fitted values, in ``fittedKeys`` order.
    static func parameters(_ values: [Double]) -> ThermalParameters {
        ThermalParameters(
            internalCapacityJoulesPerKelvin: values[0],
            internalToSkinKelvinPerWatt: values[1],
            skinCapacityJoulesPerKelvin: values[2],
            skinToAmbientKelvinPerWatt: values[3],
            hotspotWeight: values[4]
        )
    }

    /// What the model predicts for `trace`'s power, from `initial` (internal, skin) or, when `nil`, from the
    /// first readings: the internal node at its reading, the skin where the hotspot reading and weight put it.
    public static func simulate(
        _ trace: ThermalSeries,
        thermal: ThermalParameters,
        ambientCelsius: Double,
        initial: (internal: Double, skin: Double)? = nil
    ) -> FittedCurve {
        let weight = thermal.hotspotWeight
        let first = trace.internalCelsius[0]
        let skin = weight < 1 ? (trace.hotspotCelsius[0] - weight * first) / (1 - weight) : trace.hotspotCelsius[0]
        let start = initial ?? (first, skin)
        var model = ThermalModel(parameters: thermal, internalCelsius: start.internal, skinCelsius: start.skin)
        var curve = FittedCurve(times: trace.times, internalCelsius: [model.internalCelsius], hotspotCelsius: [model.hotspotCelsius])
        curve.internalCelsius.reserveCapacity(trace.times.count)
        curve.hotspotCelsius.reserveCapacity(trace.times.count)
        for k in trace.times.indices.dropFirst() {
            model.step(seconds: trace.times[k] - trace.times[k - 1], powerWatts: trace.powerWatts[k], ambientCelsius: ambientCelsius)
            curve.internalCelsius.append(model.internalCelsius)
            curve.hotspotCelsius.append(model.hotspotCelsius)
        }
        return curve
    }

    /// Root mean square of `curve` against `trace`, both temperatures.
    public static func rmse(_ curve: FittedCurve, against trace: ThermalSeries) -> Double {
        var sum = 0.0
        for k in trace.times.indices {
            let internalError = curve.internalCelsius[k] - trace.internalCelsius[k]
            let hotspot = curve.hotspotCelsius[k] - trace.hotspotCelsius[k]
            sum += internalError * internalError + hotspot * hotspot
        }
        return (sum / Double(2 * trace.times.count)).squareRoot()
    }
}

/// A model run over a trace's times.
public struct FittedCurve: Sendable, Hashable {
    public var times: [Double]
    public var internalCelsius: [Double]
    public var hotspotCelsius: [Double]
}

/// What ``ThermalCalibration/fit(_:base:ambientCelsius:progress:)`` found.
public struct ThermalFit: Sendable {
    /// The solver's result: every parameter (thermal, ambient, each trace's starting temperatures) with its interval.
    public var result: FitResult
    /// The fitted model, ready to simulate with.
    public var parameters: ThermalParameters
    public var ambientCelsius: Double
    public var ambientWasFitted: Bool
    public var series: [ThermalSeries]
    /// The fitted model over each trace, in the order of ``series``.
    public var curves: [FittedCurve]

    /// RMSE of the fit over both temperatures of every trace (°C).
    public var rmseCelsius: Double { result.rmse }

    /// The residuals' lag-1 autocorrelation, averaged over each trace's two temperatures. Near 0 the residuals are
    /// independent noise, as the intervals assume; well above 0 (a slow drift the model does not explain: the room
    /// changed, an unrecorded heat source) the intervals are too narrow.
    public var residualAutocorrelation: Double {
        var values: [Double] = []
        for (series, curve) in zip(series, curves) {
            let internalResiduals = series.times.indices.map { curve.internalCelsius[$0] - series.internalCelsius[$0] }
            let hotspotResiduals = series.times.indices.map { curve.hotspotCelsius[$0] - series.hotspotCelsius[$0] }
            values += [internalResiduals, hotspotResiduals].compactMap(Self.lagOneAutocorrelation)
        }
        return values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }

    /// Above this, ``residualAutocorrelation`` says the intervals are optimistic.
    public static let correlatedResidualsThreshold = 0.5

    static func lagOneAutocorrelation(_ values: [Double]) -> Double? {
        guard values.count > 2 else { return nil }
        let mean = values.reduce(0, +) / Double(values.count)
        var numerator = 0.0
        var denominator = 0.0
        for index in values.indices {
            let centred = values[index] - mean
            denominator += centred * centred
            if index > 0 { numerator += centred * (values[index - 1] - mean) }
        }
        return denominator > 0 ? numerator / denominator : nil
    }
}
