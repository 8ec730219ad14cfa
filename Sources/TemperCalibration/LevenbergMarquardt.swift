public import TemperCore

/// THE least-squares engine of the project: Levenberg–Marquardt on a residual function, with covariance-based
/// 95 % intervals and the fit's RMSE. Pure: no I/O, no clock; the caller supplies the residuals and, if it
/// wants one, a progress callback.
///
/// - Steps solve `(JᵀJ + λ·diag(JᵀJ))·δ = −Jᵀr` (Marquardt's scaling), with the Jacobian J by central
///   differences in fitting coordinates (see ``FitParameter``); λ shrinks tenfold after a step that lowers the
///   cost and grows tenfold after one that does not.
/// - Intervals: the covariance is `s²·(JᵀJ)⁻¹` at the solution, with `s² = Σr²/(n − p)` (or 1 when the residuals
///   are already divided by known standard deviations, ``Settings/residualsAreStandardised``). The 95 % interval
///   is `θ ± t₀.₉₇₅(n − p)·σ_θ` in fitting coordinates, **Student's t** with n − p degrees of freedom, mapped
///   back to physical units (so a positive quantity's interval is asymmetric and stays positive).
/// - A parameter the residuals do not depend on, or one that is a combination of others (JᵀJ singular), is an
///   error naming it, never an interval of ±∞.
/// - Multi-start (``Settings/extraStarts``): a model with a kink (a capped intensity) can hold a descent in a false
///   minimum, so the descent also runs from deterministic points spread over each parameter's domain
///   (``FitParameter/spreadStart(_:)`` along a Halton sequence; of four points per extra start, those with the
///   lowest cost) and the lowest cost wins.
public struct LevenbergMarquardt: Sendable {
    public struct Settings: Sendable, Hashable {
        public var maxIterations: Int
        /// Stop when a step lowers the cost by less than this fraction.
        public var relativeCostTolerance: Double
        /// Stop when no fitting coordinate moves by more than this.
        public var stepTolerance: Double
        /// The residuals are already divided by each observation's known standard deviation: do not rescale the
        /// covariance by the residual variance.
        public var residualsAreStandardised: Bool
        /// Two-sided confidence of the reported intervals.
        public var confidence: Double
        /// Descents besides the one from each parameter's `initial`, from points spread over the parameters'
        /// domains; the lowest cost wins. 0 (the default) descends from `initial` alone.
        public var extraStarts: Int

        public init(
            maxIterations: Int = 200,
            relativeCostTolerance: Double = 1e-12,
            stepTolerance: Double = 1e-10,
            residualsAreStandardised: Bool = false,
            confidence: Double = 0.95,
            extraStarts: Int = 0
        ) {
            self.maxIterations = maxIterations
            self.relativeCostTolerance = relativeCostTolerance
            self.stepTolerance = stepTolerance
            self.residualsAreStandardised = residualsAreStandardised
            self.confidence = confidence
            self.extraStarts = extraStarts
        }
    }

    public var settings: Settings

    public init(settings: Settings = .init()) {
        self.settings = settings
    }

    /// Fits `parameters` so the sum of squared `residuals` is least.
    ///
    /// - Parameters:
    ///   - residuals: the residual vector for physical parameter values, in the order given; its length must not
    ///     change between calls. A non-finite residual rejects that trial step.
    ///   - progress: called after every iteration with its number and the current RMSE.
    /// - Throws: `cannotCalibrate` when there are no more observations than parameters, the starting point gives
    ///   non-finite residuals, or a parameter cannot be identified.
    public func fit(
        _ parameters: [FitParameter],
        residuals: ([Double]) -> [Double],
        progress: ((_ iteration: Int, _ rmse: Double) -> Void)? = nil
    ) throws(TemperError) -> FitResult {
        let count = parameters.count
        guard count > 0 else { throw TemperError(code: .cannotCalibrate, message: "nothing to fit: no parameters") }
        func evaluate(_ coordinates: [Double]) -> [Double] {
            residuals(zip(parameters, coordinates).map { $0.toPhysical($1) })
        }
        let start = parameters.map { $0.toFitting($0.initial) }
        let first = evaluate(start)
        let observations = first.count
        guard observations > count else {
            throw TemperError(
                code: .cannotCalibrate,
                message:
                    "\(observations) observation\(observations == 1 ? "" : "s") cannot determine \(count) parameters: at least \(count + 1) are needed"
            )
        }
        guard Self.cost(first).isFinite else {
            throw TemperError(code: .cannotCalibrate, message: "the model gives non-finite residuals at the starting values")
        }
        var iterationsSoFar = 0
        let report = { (iterations: Int, cost: Double) -> Void in
            progress?(iterationsSoFar + iterations, (cost / Double(observations)).squareRoot())
        }
        var best = descend(from: start, residuals: first, evaluate: evaluate, progress: report)
        iterationsSoFar = best.iterations
        // Halton points, evenly spread in every dimension and the same on every run; the descents start from those
        // that already fit best, so a few descents search a wide domain.
        let candidates = (1...max(settings.extraStarts * Self.candidatesPerStart, 1)).compactMap {
            index -> (coordinates: [Double], residuals: [Double], cost: Double)? in
            let spread = parameters.enumerated().map { dimension, parameter in
                parameter.toFitting(parameter.spreadStart(Self.halton(index, base: Self.primes[dimension % Self.primes.count])))
            }
            let residuals = evaluate(spread)
            let cost = Self.cost(residuals)
            return residuals.count == observations && cost.isFinite ? (spread, residuals, cost) : nil
        }
        for candidate in candidates.sorted(by: { $0.cost < $1.cost }).prefix(max(settings.extraStarts, 0)) {
            let descent = descend(from: candidate.coordinates, residuals: candidate.residuals, evaluate: evaluate, progress: report)
            iterationsSoFar += descent.iterations
            // Only a clearly lower minimum replaces the first descent's: descents that end in the same minimum differ
            // in the last digits, and a fit that needs no other start must read the same as it did with one.
            if descent.cost < best.cost * (1 - Self.clearlyLower) { best = descent }
        }
        return try summarise(
            parameters,
            coordinates: best.coordinates,
            residuals: best.residuals,
            iterations: best.iterations,
            evaluate: evaluate
        )
    }

    /// One damped Gauss–Newton descent from `start` until the cost stops falling.
    private func descend(
        from start: [Double],
        residuals startResiduals: [Double],
        evaluate: ([Double]) -> [Double],
        progress: (_ iteration: Int, _ cost: Double) -> Void
    ) -> (coordinates: [Double], residuals: [Double], cost: Double, iterations: Int) {
        let count = start.count
        var coordinates = start
        var current = startResiduals
        var cost = Self.cost(current)
        var lambda = 1e-3
        var iterations = 0
        while iterations < settings.maxIterations {
            iterations += 1
            let columns = jacobian(at: coordinates, residuals: current, evaluate: evaluate)
            let normal = SymmetricMatrix.normal(columns: columns)
            let gradient = columns.map { column in zip(column, current).reduce(0) { $0 + $1.0 * $1.1 } }
            var accepted = false
            var converged = false
            while lambda < 1e16 {
                var damped = normal
                for i in 0..<count { damped[i, i] += lambda * max(normal[i, i], 1e-12) }
                guard case .success(let factor) = damped.cholesky(relativePivot: 0) else {
                    lambda *= 10
                    continue
                }
                var step = factor.choleskySolve(gradient.map { -$0 })
                // A cap on each step (a factor of e for a positive quantity) keeps an early step from running
                // into a flat region (a time constant at infinity) where the gradient vanishes.
                let longest = zip(step, coordinates).map { abs($0) / max(abs($1), 1) }.max() ?? 0
                if longest > 1 { step = step.map { $0 / longest } }
                let trial = zip(coordinates, step).map { $0 + $1 }
                let trialResiduals = evaluate(trial)
                let trialCost = Self.cost(trialResiduals)
                if trialCost.isFinite, trialCost < cost {
                    let improvement = (cost - trialCost) / max(cost, Double.leastNormalMagnitude)
                    let moved = step.map { abs($0) }.max() ?? 0
                    coordinates = trial
                    current = trialResiduals
                    cost = trialCost
                    lambda = max(lambda / 10, 1e-15)
                    accepted = true
                    converged = improvement < settings.relativeCostTolerance || moved < settings.stepTolerance
                    break
                }
                lambda *= 10
            }
            progress(iterations, cost)
            if !accepted || converged { break }
        }
        return (coordinates, current, cost, iterations)
    }

    static let primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
    /// Spread points evaluated for each extra descent; the best of them are descended from.
    static let candidatesPerStart = 4
    /// How much lower (relatively) another start's cost must be to replace the first descent's.
    static let clearlyLower = 1e-6

    /// The `index`-th point of the van der Corput sequence in `base`, in (0, 1).
    static func halton(_ index: Int, base: Int) -> Double {
        var result = 0.0
        var fraction = 1.0 / Double(base)
        var rest = index
        while rest > 0 {
            result += Double(rest % base) * fraction
            rest /= base
            fraction /= Double(base)
        }
        return result
    }

    /// Intervals from the covariance at the solution.
    private func summarise(
        _ parameters: [FitParameter],
        coordinates: [Double],
        residuals: [Double],
        iterations: Int,
        evaluate: ([Double]) -> [Double]
    ) throws(TemperError) -> FitResult {
        let count = parameters.count
        let columns = jacobian(at: coordinates, residuals: residuals, evaluate: evaluate)
        for (index, column) in columns.enumerated() where !column.contains(where: { $0 != 0 }) {
            throw TemperError(
                code: .cannotCalibrate,
                message: "the data do not depend on \(parameters[index].name): it cannot be fitted from them"
            )
        }
        // Cholesky of the correlation form, so a tiny pivot means near-collinearity whatever the units.
        let normal = SymmetricMatrix.normal(columns: columns)
        var scaled = normal
        let scales = (0..<count).map { normal[$0, $0].squareRoot() }
        for i in 0..<count { for j in 0..<count { scaled[i, j] = normal[i, j] / (scales[i] * scales[j]) } }
        let factor: SymmetricMatrix
        switch scaled.cholesky(relativePivot: 1e-12) {
        case .success(let lower):
            factor = lower
        case .failure(let failure):
            let others = parameters.prefix(failure.column).map(\.name).joined(separator: ", ")
            throw TemperError(
                code: .cannotCalibrate,
                message:
                    "the data cannot tell \(parameters[failure.column].name) apart from \(others.isEmpty ? "the other parameters" : others)"
            )
        }
        let inverseScaled = factor.choleskyInverse()
        let degrees = residuals.count - count
        let cost = Self.cost(residuals)
        let variance = settings.residualsAreStandardised ? 1 : cost / Double(degrees)
        let quantile = StudentT.twoSidedQuantile(confidence: settings.confidence, degreesOfFreedom: degrees)
        var fitted: [FittedValue] = []
        var correlations = Array(repeating: 0.0, count: count * count)
        for i in 0..<count {
            let error = (variance * inverseScaled[i, i]).squareRoot() / scales[i]
            fitted.append(parameters[i].fitted(coordinate: coordinates[i], standardError: error, quantile: quantile))
            for j in 0..<count {
                correlations[i * count + j] = inverseScaled[i, j] / (inverseScaled[i, i] * inverseScaled[j, j]).squareRoot()
            }
        }
        return FitResult(
            parameters: fitted,
            rmse: (cost / Double(residuals.count)).squareRoot(),
            residuals: residuals,
            degreesOfFreedom: degrees,
            intervalQuantile: quantile,
            iterations: iterations,
            correlations: correlations
        )
    }

    /// One column per parameter: ∂r/∂θ by central differences.
    private func jacobian(at coordinates: [Double], residuals: [Double], evaluate: ([Double]) -> [Double]) -> [[Double]] {
        coordinates.indices.map { index in
            let step = 1e-5 * max(abs(coordinates[index]), 1)
            var forward = coordinates
            forward[index] += step
            var backward = coordinates
            backward[index] -= step
            let ahead = evaluate(forward)
            let behind = evaluate(backward)
            return zip(ahead, behind).map { pair in
                let slope = (pair.0 - pair.1) / (2 * step)
                return slope.isFinite ? slope : 0
            }
        }
    }

    static func cost(_ residuals: [Double]) -> Double {
        var sum = 0.0
        for value in residuals { sum += value * value }
        return sum
    }
}
