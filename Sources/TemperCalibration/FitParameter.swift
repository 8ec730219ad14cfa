import FoundationEssentials
import Glibc

/// One unknown of a least-squares fit: its name, a starting guess, and the physical domain it must stay in.
///
/// The solver works in unconstrained *fitting coordinates*: the identity for a free quantity, the logarithm for
/// a positive one (a heat capacity, a resistance), the logit for one bounded on both sides (a weight in 0…1).
/// Steps and the covariance live in those coordinates, so an estimate and both ends of its interval always stay
/// in the domain: a resistance's interval is never negative, a weight's never leaves 0…1.
public struct FitParameter: Sendable, Hashable {
    public enum Domain: Sendable, Hashable {
        /// Any real number (an ambient temperature).
        case real
        /// Above zero (capacities, resistances, energies).
        case positive
        /// Strictly inside `lower…upper`.
        case bounded(lower: Double, upper: Double)
    }

    public var name: String
    public var initial: Double
    public var domain: Domain

    public init(_ name: String, initial: Double, domain: Domain) {
        self.name = name
        self.initial = initial
        self.domain = domain
    }

    /// The unconstrained fitting coordinate of a physical `value`, pulled just inside the domain when on its edge.
    func toFitting(_ value: Double) -> Double {
        switch domain {
        case .real:
            return value
        case .positive:
            return Glibc.log(max(value, Double.leastNormalMagnitude))
        case .bounded(let lower, let upper):
            let span = upper - lower
            let unit = min(max((value - lower) / span, 1e-9), 1 - 1e-9)
            return Glibc.log(unit / (1 - unit))
        }
    }

    /// The fitted value at `coordinate` with the interval `coordinate ± quantile·error`, mapped back to
    /// physical units (so a positive quantity's interval is asymmetric and stays positive).
    func fitted(coordinate: Double, standardError error: Double, quantile: Double) -> FittedValue {
        let ends = [toPhysical(coordinate - quantile * error), toPhysical(coordinate + quantile * error)]
        return FittedValue(name: name, value: toPhysical(coordinate), low: ends.min()!, high: ends.max()!, standardError: error)
    }

    /// A starting point spread over the domain by `unit` in (0, 1): evenly across a bounded domain (kept off its
    /// edges, where the logit flattens), and from a quarter to four times ``initial`` for a positive or real
    /// quantity, which has no upper bound to spread to.
    public func spreadStart(_ unit: Double) -> Double {
        let inside = min(max(unit, 0.05), 0.95)
        switch domain {
        case .real:
            return initial + (2 * inside - 1) * max(abs(initial), 1)
        case .positive:
            return initial * Glibc.exp(Glibc.log(4) * (2 * inside - 1))
        case .bounded(let lower, let upper):
            return lower + inside * (upper - lower)
        }
    }

    /// The physical value of a fitting coordinate.
    func toPhysical(_ coordinate: Double) -> Double {
        switch domain {
        case .real:
            return coordinate
        case .positive:
            return Glibc.exp(min(coordinate, 700))
        case .bounded(let lower, let upper):
            return lower + (upper - lower) / (1 + Glibc.exp(-coordinate))
        }
    }
}

/// One fitted number with its 95 % confidence interval, in physical units.
public struct FittedValue: Sendable, Hashable, Codable {
    public var name: String
    public var value: Double
    /// Lower end of the 95 % interval.
    public var low: Double
    /// Upper end of the 95 % interval.
    public var high: Double
    /// The standard error in fitting coordinates (absolute for `.real`, relative for `.positive`).
    public var standardError: Double

    public init(name: String, value: Double, low: Double, high: Double, standardError: Double) {
        self.name = name
        self.value = value
        self.low = low
        self.high = high
        self.standardError = standardError
    }

    /// Whether `truth` lies inside the interval.
    public func contains(_ truth: Double) -> Bool { low <= truth && truth <= high }
}
