/// What a least-squares fit found: each parameter with its interval, and how well the model fits.
public struct FitResult: Sendable, Hashable {
    /// In the order the parameters were given.
    public var parameters: [FittedValue]
    /// Root mean square of the residuals, in the residuals' unit.
    public var rmse: Double
    /// The residuals at the solution (model − measured, or whatever the residual function returns).
    public var residuals: [Double]
    /// Observations minus fitted parameters: the t-distribution's degrees of freedom for the intervals.
    public var degreesOfFreedom: Int
    /// The two-sided 95 % quantile the intervals were built with (Student's t at ``degreesOfFreedom``).
    public var intervalQuantile: Double
    public var iterations: Int
    /// Correlation between each pair of parameters (fitting coordinates), row-major, `parameters.count`² entries.
    public var correlations: [Double]
    /// The factor the intervals were widened by after the fit (``GoodnessOfFit/intervalScale``); 1 as solved.
    public var intervalScale: Double = 1

    public init(
        parameters: [FittedValue],
        rmse: Double,
        residuals: [Double],
        degreesOfFreedom: Int,
        intervalQuantile: Double,
        iterations: Int,
        correlations: [Double]
    ) {
        self.parameters = parameters
        self.rmse = rmse
        self.residuals = residuals
        self.degreesOfFreedom = degreesOfFreedom
        self.intervalQuantile = intervalQuantile
        self.iterations = iterations
        self.correlations = correlations
    }

    /// The fitted value named `name`.
    public subscript(name: String) -> FittedValue? { parameters.first { $0.name == name } }

    /// The fitted physical values, in order: what to hand back to the model.
    public var values: [Double] { parameters.map(\.value) }

    /// This result with every standard error, and so every interval, `factor` times wider, in fitting coordinates
    /// (`parameters` are the ones the fit was given, for their domains). A factor at or below 1 changes nothing.
    public func widened(by factor: Double, parameters domains: [FitParameter]) -> FitResult {
        guard factor > 1, factor.isFinite else { return self }
        var result = self
        result.parameters = zip(domains, parameters).map { domain, fitted in
            domain.fitted(
                coordinate: domain.toFitting(fitted.value),
                standardError: fitted.standardError * factor,
                quantile: intervalQuantile
            )
        }
        result.intervalScale = intervalScale * factor
        return result
    }
}

extension FitResult {
    /// How the intervals were made, in one sentence: the t quantile, what they come `from` when said, and, when
    /// widened, by how much and why.
    func intervalsNote(from source: String? = nil) -> String {
        let widened =
            intervalScale > 1
            ? ", widened ×\(ProfileText.number(intervalScale, digits: 3)) for the misfit (Birge ratio and correlated residuals)"
            : ""
        let origin = source.map { " from \($0)" } ?? ""
        return "Intervals are 95 % (Student's t, \(degreesOfFreedom) degrees of freedom)\(origin)\(widened)."
    }
}
