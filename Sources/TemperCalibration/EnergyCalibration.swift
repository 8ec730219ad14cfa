public import TemperAHAP
public import TemperCore

/// A pattern whose energy was measured: what ``EnergyCalibration`` fits the actuator to.
public struct EnergyMeasurement: Sendable {
    public var row: EnergyMeasurementRow
    public var pattern: AHAPPattern
    public var waveforms: [Int: AHAPWaveform]

    public init(row: EnergyMeasurementRow, pattern: AHAPPattern, waveforms: [Int: AHAPWaveform] = [:]) {
        self.row = row
        self.pattern = pattern
        self.waveforms = waveforms
    }
}

/// Fits a device profile's actuator figures to measured pattern energies, through the same estimator that prices
/// patterns everywhere else (``EnergyEstimator``), with ``LevenbergMarquardt``.
///
/// Each measurement predicts `repetitions × estimate(pattern)`; the residual is predicted − measured, divided by
/// the row's standard deviation when the file gives them (then the intervals come from those deviations, else from
/// the residuals' spread). A figure the patterns cannot tell apart from the others is an error naming it: measure
/// patterns that vary what it governs (intensity for the exponent, sharpness for resonance and Q, silences
/// shorter than the driver's active timeout for its idle draw), or leave it out with `keys`.
///
/// Every fit is judged by ``GoodnessOfFit``: a misfit (the figures it holds fixed are off, a measurement is bad)
/// widens the intervals and is a warning, never a confident wrong figure.
public enum EnergyCalibration: Sendable {
    /// The figures a calibration can fit, as profile keys under `haptics`, in profile order.
    public static let fittableKeys = ["clickEnergy", "continuousPower", "resonance", "qualityFactor", "intensityExponent", "driverIdle"]

    /// Canonical units of the fittable keys, as a profile writes them (`nil`: a plain ratio).
    public static let units: [String: String] = [
        "clickEnergy": "mJ", "continuousPower": "mW", "resonance": "Hz", "driverIdle": "mW",
    ]

    /// The solver a fit uses unless told otherwise: multi-start, because intensity is capped at what the driver
    /// reaches off resonance, so the model has a kink, and a descent from the base profile alone can end in a false
    /// minimum (1 of 20 noise draws of the calibration tests did, at reduced χ² 205; with issue 32's carried-level
    /// tails it did again from three extra starts, not from five).
    public static let solver = LevenbergMarquardt(settings: .init(extraStarts: startsBesidesTheBase))

    /// Descents besides the one from the base profile's values, from points spread over each figure's domain.
    public static let startsBesidesTheBase = 5

    /// - Parameters:
    ///   - base: the profile whose other figures stay as they are; its values are the first starting point.
    ///   - measurements: at least one more than the number of keys fitted.
    ///   - keys: which of ``fittableKeys`` to fit.
    ///   - progress: called after every iteration of the solver with its number and the current RMSE (mJ, or
    ///     standard deviations when the measurements give them).
    /// - Throws: `cannotCalibrate` when the measurements cannot determine the keys; `invalidValue` for an unknown key.
    public static func fit(
        base: DeviceProfile,
        measurements: [EnergyMeasurement],
        keys: [String] = fittableKeys,
        solver: LevenbergMarquardt = EnergyCalibration.solver,
        progress: ((_ iteration: Int, _ rmse: Double) -> Void)? = nil
    ) throws(TemperError) -> EnergyFit {
        for key in keys where !fittableKeys.contains(key) {
            throw TemperError(
                code: .invalidValue,
                message: "cannot fit '\(key)': the fittable figures are \(fittableKeys.joined(separator: ", "))"
            )
        }
        let ordered = fittableKeys.filter(keys.contains)
        guard !ordered.isEmpty else { throw TemperError(code: .invalidValue, message: "no figures to fit") }
        let haptics = base.haptics
        let parameters = ordered.map { key in FitParameter(key, initial: value(of: key, in: haptics), domain: domain(of: key, in: haptics))
        }
        let standardised = measurements.allSatisfy { $0.row.standardDeviation != nil }
        var settings = solver.settings
        settings.residualsAreStandardised = standardised
        let distinct = DistinctPatterns(measurements)
        let residuals: ([Double]) -> [Double] = { values in
            let predicted = predictions(base: base, keys: ordered, values: values, measurements: measurements, distinct: distinct)
            return zip(predicted, measurements).map { prediction, measurement in
                (prediction - measurement.row.millijoules) / (standardised ? measurement.row.standardDeviation ?? 1 : 1)
            }
        }
        let solved = try LevenbergMarquardt(settings: settings).fit(parameters, residuals: residuals, progress: progress)
        let goodness = GoodnessOfFit(
            residuals: solved.residuals,
            parameterCount: parameters.count,
            standardDeviationsKnown: standardised,
            series: [Array(measurements.indices)],
            measurement: { index in
                let row = measurements[index].row
                return "\(row.patternPath) (line \(row.line))"
            },
            driftCause: "the measurements depend on their order (the device warmed, the battery sagged) "
                + "or a figure held at the base profile's value is off"
        )
        let result = solved.widened(by: goodness.intervalScale, parameters: parameters)
        let values = result.parameters.map(\.value)
        let predicted = predictions(base: base, keys: ordered, values: values, measurements: measurements, distinct: distinct)
        let errors = zip(predicted, measurements).map { $0 - $1.row.millijoules }
        let rmse = (errors.reduce(0) { $0 + $1 * $1 } / Double(max(errors.count, 1))).squareRoot()
        return EnergyFit(
            keys: ordered,
            result: result,
            profile: profile(base, keys: ordered, values: values),
            measured: measurements.map(\.row),
            predictedMillijoules: predicted,
            rmseMillijoules: rmse,
            goodness: goodness
        )
    }

    /// Each measurement's predicted energy with `keys` set to `values`.
    static func predictions(
        base: DeviceProfile,
        keys: [String],
        values: [Double],
        measurements: [EnergyMeasurement],
        distinct: DistinctPatterns
    ) -> [Double] {
        let estimator = EnergyEstimator(
            profile: profile(base, keys: keys, values: values),
            options: .init(maxSeriesPoints: 0, tracksPower: false)
        )
        let energies = distinct.patterns.map { estimator.estimate($0.pattern, waveforms: $0.waveforms).energyMillijoules }
        return zip(measurements, distinct.rowPattern).map { measurement, pattern in Double(measurement.row.repetitions) * energies[pattern]
        }
    }

    /// The measurements' patterns, each once, and which one each row measured: a fit prices the patterns at every
    /// step, and rows repeat them (10,000 rows of one pattern took 31 s when every row was priced).
    struct DistinctPatterns {
        var patterns: [EnergyMeasurement] = []
        var rowPattern: [Int] = []

        init(_ measurements: [EnergyMeasurement]) {
            struct Key: Hashable {
                var pattern: AHAPPattern
                var waveforms: [Int: AHAPWaveform]
            }
            var seen: [Key: Int] = [:]
            for measurement in measurements {
                let key = Key(pattern: measurement.pattern, waveforms: measurement.waveforms)
                if seen[key] == nil {
                    seen[key] = patterns.count
                    patterns.append(measurement)
                }
                rowPattern.append(seen[key]!)
            }
        }
    }

    /// `base` with `keys` set to `values`.
    static func profile(_ base: DeviceProfile, keys: [String], values: [Double]) -> DeviceProfile {
        var profile = base
        for (key, value) in zip(keys, values) {
            switch key {
            case "clickEnergy": profile.haptics.clickEnergyMillijoules = value
            case "continuousPower": profile.haptics.continuousMilliwatts = value
            case "resonance": profile.haptics.resonanceHertz = value
            case "qualityFactor": profile.haptics.qualityFactor = value
            case "intensityExponent": profile.haptics.intensityExponent = value
            case "driverIdle": profile.haptics.driver.idleMilliwatts = value
            default: break
            }
        }
        return profile
    }

    /// `key`'s figure in `haptics`: where a fit starts, and what a report sets beside the fitted value.
    package static func value(of key: String, in haptics: HapticActuatorFigures) -> Double {
        switch key {
        case "clickEnergy": haptics.clickEnergyMillijoules
        case "continuousPower": haptics.continuousMilliwatts
        case "resonance": haptics.resonanceHertz
        case "qualityFactor": haptics.qualityFactor
        case "intensityExponent": haptics.intensityExponent
        case "driverIdle": haptics.driver.idleMilliwatts
        default: 0
        }
    }

    /// The physical domain of each figure: energies and powers positive, the exponent within the range a profile
    /// accepts, resonance inside twice the sharpness range, Q in a physical span.
    static func domain(of key: String, in haptics: HapticActuatorFigures) -> FitParameter.Domain {
        switch key {
        case "intensityExponent": .bounded(lower: 0.5, upper: 4)
        case "resonance": .bounded(lower: haptics.sharpnessLowHertz / 2, upper: haptics.sharpnessHighHertz * 2)
        case "qualityFactor": .bounded(lower: 0.1, upper: 200)
        default: .positive
        }
    }
}

/// What ``EnergyCalibration`` found.
public struct EnergyFit: Sendable {
    /// The fitted profile keys, in profile order, matching ``result``'s parameters.
    public var keys: [String]
    public var result: FitResult
    /// The base profile with the fitted values.
    public var profile: DeviceProfile
    public var measured: [EnergyMeasurementRow]
    /// Each row's predicted energy (all its repetitions) with the fitted values.
    public var predictedMillijoules: [Double]
    /// Root mean square of predicted − measured, in millijoules (whether or not the fit was weighted).
    public var rmseMillijoules: Double
    /// Reduced χ² (when the file gives standard deviations), the largest residual, the residuals' autocorrelation
    /// in file order, and the misfit warnings; ``result``'s intervals are already widened by its interval scale.
    public var goodness: GoodnessOfFit

    /// The misfit warnings; empty when the fitted figures explain the measurements.
    public var warnings: [String] { goodness.warnings }

    /// Each fitted key with its value and 95 % interval.
    public var figures: [(key: String, value: FittedValue)] { Array(zip(keys, result.parameters)) }
}
