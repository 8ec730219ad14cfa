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
    ///   - ambient: the room's temperature as measured, with its uncertainty; `nil` leaves it to the traces. Either
    ///     way the ambient is fitted (one for all traces): a given one counts as one more measurement, so its
    ///     uncertainty reaches every interval, and traces that disagree with it say so in ``ThermalFit/warnings``.
    /// - Throws: `cannotCalibrate` naming what is missing (no trace whose power changes, too few samples, a
    ///   parameter the data cannot determine).
    public static func fit(
        _ series: [ThermalSeries],
        base: ThermalFigures,
        ambient: GivenAmbient? = nil,
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
        // A device left alone reads close to the room: without a given ambient, start from the coolest skin reading.
        let coolest = series.flatMap(\.hotspotCelsius).min() ?? base.defaultAmbientCelsius
        var parameters = [
            FitParameter("internalHeatCapacity", initial: base.internalHeatCapacityJoulesPerKelvin, domain: .positive),
            FitParameter("internalToSkinResistance", initial: base.internalToSkinKelvinPerWatt, domain: .positive),
            FitParameter("skinHeatCapacity", initial: base.skinHeatCapacityJoulesPerKelvin, domain: .positive),
            FitParameter("skinToAmbientResistance", initial: base.skinToAmbientKelvinPerWatt, domain: .positive),
            FitParameter("hotspotWeight", initial: min(max(base.hotspotWeight, 0.05), 0.95), domain: .bounded(lower: 0, upper: 1)),
            FitParameter("ambient", initial: ambient?.celsius ?? coolest - 0.5, domain: .real),
        ]
        let weight = parameters[4].initial
        for trace in series {
            let skin = (trace.hotspotCelsius[0] - weight * trace.internalCelsius[0]) / (1 - weight)
            parameters.append(FitParameter("initialInternal[\(trace.name)]", initial: trace.internalCelsius[0], domain: .real))
            parameters.append(FitParameter("initialSkin[\(trace.name)]", initial: skin, domain: .real))
        }
        // Residuals in units of each sensor's own noise, so the fit can be judged against it (reduced χ²).
        let noise = series.map(\.readingNoiseCelsius)
        let thermalCount = 6
        let solved = try LevenbergMarquardt(settings: .init(residualsAreStandardised: true)).fit(
            parameters,
            residuals: { values in
                let thermal = Self.parameters(values)
                var residuals: [Double] = []
                for (index, trace) in series.enumerated() {
                    let start = (values[thermalCount + 2 * index], values[thermalCount + 2 * index + 1])
                    let curve = simulate(trace, thermal: thermal, ambientCelsius: values[5], initial: start)
                    for k in trace.times.indices {
                        residuals.append((curve.internalCelsius[k] - trace.internalCelsius[k]) / noise[index].internal)
                        residuals.append((curve.hotspotCelsius[k] - trace.hotspotCelsius[k]) / noise[index].hotspot)
                    }
                }
                if let ambient { residuals.append((values[5] - ambient.celsius) / ambient.uncertaintyCelsius) }
                return residuals
            },
            progress: progress
        )
        var goodness = Self.goodness(solved, series: series, ambient: ambient)
        let result = solved.widened(by: goodness.intervalScale, parameters: parameters)
        let thermal = Self.parameters(result.values)
        let curves = series.enumerated().map { index, trace in
            simulate(
                trace,
                thermal: thermal,
                ambientCelsius: result.values[5],
                initial: (result.values[thermalCount + 2 * index], result.values[thermalCount + 2 * index + 1])
            )
        }
        if let ambient, let fitted = result["ambient"],
            abs(fitted.value - ambient.celsius) > Self.ambientPullLimit * ambient.uncertaintyCelsius
        {
            let shown = ProfileText.figure(fitted)
            let pull = abs(fitted.value - ambient.celsius) / ambient.uncertaintyCelsius
            goodness.warnings.append(
                "the traces put the ambient at \(shown.value) °C (\(shown.interval)), \(ProfileText.number(pull, digits: 2)) σ from the "
                    + "\(ambient.description) given: the given ambient is wrong, or the room changed during the traces"
            )
        }
        return ThermalFit(
            result: result,
            parameters: thermal,
            ambientCelsius: result.values[5],
            givenAmbient: ambient,
            series: series,
            curves: curves,
            readingNoiseCelsius: noise,
            goodness: goodness
        )
    }

    /// How far (in its stated uncertainties) the fitted ambient may sit from a given one before a warning.
    public static let ambientPullLimit = 3.0

    /// The misfit rule over `result`'s residuals: per trace and sensor in time order, then the given ambient.
    static func goodness(_ result: FitResult, series: [ThermalSeries], ambient: GivenAmbient?) -> GoodnessOfFit {
        var runs: [[Int]] = []
        var names: [(trace: String, times: [Double])] = []
        var offset = 0
        for trace in series {
            let count = trace.times.count
            runs.append((0..<count).map { offset + 2 * $0 })
            runs.append((0..<count).map { offset + 2 * $0 + 1 })
            names.append((trace.name, trace.times))
            offset += 2 * count
        }
        return GoodnessOfFit(
            residuals: result.residuals,
            parameterCount: result.parameters.count,
            standardDeviationsKnown: true,
            priorCount: ambient == nil ? 0 : 1,
            series: runs,
            measurement: { index in
                var local = index
                for trace in names {
                    if local < 2 * trace.times.count {
                        let time = ProfileText.number(trace.times[local / 2], digits: 6)
                        return "\(trace.trace): \(local % 2 == 0 ? "internal" : "hotspot") at \(time) s"
                    }
                    local -= 2 * trace.times.count
                }
                return "reading \(index + 1)"
            },
            driftCause: "something the model does not have changed during the traces (the room's temperature, an unrecorded heat source)"
        )
    }

    /// `thermal`'s figures by their ``fittedKeys``: what a fit started from, to show beside what it found.
    public static func figures(of thermal: ThermalFigures) -> [String: Double] {
        [
            "internalHeatCapacity": thermal.internalHeatCapacityJoulesPerKelvin,
            "internalToSkinResistance": thermal.internalToSkinKelvinPerWatt,
            "skinHeatCapacity": thermal.skinHeatCapacityJoulesPerKelvin,
            "skinToAmbientResistance": thermal.skinToAmbientKelvinPerWatt,
            "hotspotWeight": thermal.hotspotWeight,
        ]
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
