import FoundationEssentials
import TemperCore

/// How well a fit explains its measurements, and what that does to its intervals: the one home of the misfit rule
/// both calibrations follow.
///
/// The intervals of ``LevenbergMarquardt`` assume the model is right and the residuals are independent noise of
/// the size their standard deviations say. Three figures test that:
/// - the **reduced χ²**, Σz²/(n − p) of the standardised residuals z: near 1 when the model fits to within the
///   noise (only when the standard deviations come from outside the residuals: a measurements file's, or the
///   sensors' own noise; when they are estimated from the residuals it is 1 by construction and is not given);
/// - the **largest |z|** and which measurement it is;
/// - the residuals' **lag-1 autocorrelation** in measurement order (time for a trace, file order for energies).
///
/// Intervals always widen by the **Birge ratio** √χ²_red when χ²_red > 1, and, when the autocorrelation ρ is
/// positive beyond chance (above twice its standard error), by √((1 + ρ)/(1 − ρ)), the effective-sample-size
/// factor of AR(1) residuals. A **misfit** is any of: χ²'s upper-tail probability below 0.001 with χ²_red above
/// 1.5 (the margin allows for the noise estimate's own error); the largest |z| above 4, or above what the
/// number of residuals reaches by chance in 1 fit of 100 when that is larger; ρ above 0.5 and above three
/// standard errors. Each is one warning.
public struct GoodnessOfFit: Sendable, Hashable {
    /// Σz²/(n − p); `nil` when the residuals' scale was estimated from the residuals themselves.
    public var reducedChiSquare: Double?
    /// n − p: the residuals less the fitted parameters.
    public var degreesOfFreedom: Int
    /// P(χ² ≥ observed) at ``degreesOfFreedom``; `nil` with ``reducedChiSquare``.
    public var chiSquareUpperTail: Double?
    /// The standardised residual (fitted − measured, in standard deviations) largest in size, with its sign.
    public var largestStandardizedResidual: Double
    /// Which measurement ``largestStandardizedResidual`` belongs to.
    public var largestResidualMeasurement: String
    /// The limit ``largestStandardizedResidual`` is judged against: 4, or more for many residuals.
    public var largestResidualLimit: Double
    /// Lag-1 autocorrelation of the residuals in measurement order, averaged over the series.
    public var residualAutocorrelation: Double
    /// The standard error of ``residualAutocorrelation`` for independent residuals.
    public var autocorrelationStandardError: Double
    /// The factor every interval was widened by: Birge ratio × correlated-residuals factor (1 when neither applies).
    public var intervalScale: Double
    /// One line per broken rule (and per rule its caller adds, such as a given ambient the data disagree with);
    /// empty when the fit explains its measurements.
    public var warnings: [String]

    /// Whether any rule is broken: the figures may be biased, whatever their intervals say.
    public var isMisfit: Bool { !warnings.isEmpty }

    public static let chiSquareTailLimit = 0.001
    public static let reducedChiSquareLimit = 1.5
    public static let largestResidualFloor = 4.0
    /// Above this (and above three standard errors) the residuals drift rather than scatter.
    public static let correlatedResidualsThreshold = 0.5

    /// Judges `residuals` (as the solver returned them: divided by their standard deviations when
    /// `standardDeviationsKnown`, else in the measurements' unit).
    /// - Parameters:
    ///   - parameterCount: the fitted parameters, for the degrees of freedom.
    ///   - series: runs of residual indices in measurement order; the autocorrelation is their mean.
    ///   - measurement: names residual `i` in the warning about the largest one.
    ///   - driftCause: what a drift in these measurements usually means, for its warning.
    ///   - priorCount: the last residuals that measure a parameter directly (a given ambient): they count in χ² but
    ///     their caller judges them, with a warning that names them.
    public init(
        residuals: [Double],
        parameterCount: Int,
        standardDeviationsKnown: Bool,
        priorCount: Int = 0,
        series: [[Int]],
        measurement: (Int) -> String,
        driftCause: String
    ) {
        let degrees = max(residuals.count - parameterCount, 1)
        let sumOfSquares = residuals.reduce(0) { $0 + $1 * $1 }
        let scale = standardDeviationsKnown ? 1 : (sumOfSquares / Double(degrees)).squareRoot()
        let standardized = residuals.map { scale > 0 ? $0 / scale : 0 }
        degreesOfFreedom = degrees
        if standardDeviationsKnown {
            reducedChiSquare = sumOfSquares / Double(degrees)
            chiSquareUpperTail = ChiSquared.upperTail(sumOfSquares, degreesOfFreedom: degrees)
        }
        let judged = standardized.indices.dropLast(priorCount)
        let largest = judged.max { abs(standardized[$0]) < abs(standardized[$1]) }
        largestStandardizedResidual = largest.map { standardized[$0] } ?? 0
        largestResidualMeasurement = largest.map(measurement) ?? "none"
        largestResidualLimit = max(
            Self.largestResidualFloor,
            ChiSquared.normalTwoSidedQuantile(0.01 / Double(max(judged.count, 1)))
        )
        let correlations = series.compactMap { run in Self.lagOneAutocorrelation(run.map { standardized[$0] }).map { ($0, run.count) } }
        residualAutocorrelation = correlations.isEmpty ? 0 : correlations.reduce(0) { $0 + $1.0 } / Double(correlations.count)
        // The mean of m independent estimates, each with variance 1/nᵢ under independence.
        autocorrelationStandardError =
            correlations.isEmpty
            ? 1 : correlations.reduce(0) { $0 + 1 / Double($1.1) }.squareRoot() / Double(correlations.count)

        let birge = max(1, reducedChiSquare ?? 1).squareRoot()
        let rho = min(residualAutocorrelation, 0.99)
        let correlated = rho > 2 * autocorrelationStandardError ? ((1 + rho) / (1 - rho)).squareRoot() : 1
        intervalScale = birge * correlated

        var warnings: [String] = []
        let widened = "intervals widened ×\(Self.format(intervalScale))"
        if let chi = reducedChiSquare, let tail = chiSquareUpperTail, tail < Self.chiSquareTailLimit, chi > Self.reducedChiSquareLimit {
            warnings.append(
                "the model does not fit to within the noise: reduced χ² \(Self.format(chi)) at \(degrees) degrees of freedom "
                    + "(chance \(Self.probability(tail))); \(widened), and the figures may still be biased"
            )
        }
        if abs(largestStandardizedResidual) > largestResidualLimit {
            warnings.append(
                "\(largestResidualMeasurement) is \(Self.format(abs(largestStandardizedResidual))) σ from the fit "
                    + "(limit \(Self.format(largestResidualLimit)) σ): a bad measurement, or the model misses something"
            )
        }
        if residualAutocorrelation > Self.correlatedResidualsThreshold, residualAutocorrelation > 3 * autocorrelationStandardError {
            warnings.append(
                "the residuals drift (lag-1 autocorrelation \(Self.format(residualAutocorrelation))): \(driftCause); \(widened)"
            )
        }
        self.warnings = warnings
    }

    /// The figures in one line, for a table's footer, a profile's comment or a `fitted:` note.
    public var line: String {
        var parts: [String] = []
        if let chi = reducedChiSquare { parts.append("reduced χ² \(Self.format(chi)) at \(degreesOfFreedom) dof") }
        parts.append("largest residual \(Self.format(largestStandardizedResidual)) σ (\(largestResidualMeasurement))")
        parts.append("lag-1 autocorrelation \(Self.format(residualAutocorrelation))")
        return parts.joined(separator: ", ")
    }

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

    static func format(_ value: Double) -> String { ProfileText.number(value, digits: 3) }

    static func probability(_ value: Double) -> String {
        value < 1e-12 ? "below 1e-12" : value < 1e-4 ? String(cFormat: "%.0e", value) : ProfileText.number(value, digits: 2)
    }
}

extension GoodnessOfFit: Encodable {
    private enum CodingKeys: String, CodingKey {
        case reducedChiSquare, degreesOfFreedom, chiSquareUpperTail, largestStandardizedResidual, largestResidualMeasurement,
            largestResidualLimit, residualAutocorrelation, intervalScale, misfit
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(reducedChiSquare, forKey: .reducedChiSquare)
        try container.encode(degreesOfFreedom, forKey: .degreesOfFreedom)
        try container.encodeIfPresent(chiSquareUpperTail, forKey: .chiSquareUpperTail)
        try container.encode(largestStandardizedResidual, forKey: .largestStandardizedResidual)
        try container.encode(largestResidualMeasurement, forKey: .largestResidualMeasurement)
        try container.encode(largestResidualLimit, forKey: .largestResidualLimit)
        try container.encode(residualAutocorrelation, forKey: .residualAutocorrelation)
        try container.encode(intervalScale, forKey: .intervalScale)
        try container.encode(isMisfit, forKey: .misfit)
    }
}
