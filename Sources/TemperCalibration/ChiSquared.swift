import FoundationEssentials
import Glibc

/// The χ² and standard normal tails the goodness-of-fit rules are judged by (``GoodnessOfFit``).
public enum ChiSquared: Sendable {
    /// P(χ²ₖ ≥ `value`) for k = `degreesOfFreedom`: the chance that independent residuals of the size their
    /// standard deviations say add up to `value` or more. The regularised upper incomplete gamma Q(k/2, value/2).
    public static func upperTail(_ value: Double, degreesOfFreedom: Int) -> Double {
        precondition(degreesOfFreedom > 0)
        guard value > 0 else { return 1 }
        return regularizedUpperGamma(a: Double(degreesOfFreedom) / 2, x: value / 2)
    }

    /// Q(a, x) by its series below x = a + 1 and its continued fraction (modified Lentz) above.
    static func regularizedUpperGamma(a: Double, x: Double) -> Double {
        let logFront = a * Glibc.log(x) - x - lgamma(a)
        if x < a + 1 {
            var term = 1 / a
            var sum = term
            var denominator = a
            for _ in 0..<10_000 {
                denominator += 1
                term *= x / denominator
                sum += term
                if abs(term) < abs(sum) * 1e-15 { break }
            }
            return max(0, 1 - sum * Glibc.exp(logFront))
        }
        let tiny = 1e-300
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var result = d
        for step in 1...10_000 {
            let an = -Double(step) * (Double(step) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            result *= delta
            if abs(delta - 1) < 1e-15 { break }
        }
        return Glibc.exp(logFront) * result
    }

    /// The z with P(|Z| ≥ z) = `probability` for a standard normal Z.
    public static func normalTwoSidedQuantile(_ probability: Double) -> Double {
        precondition(probability > 0 && probability < 1)
        var low = 0.0
        var high = 40.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            // P(|Z| ≥ z) = erfc(z / √2)
            if erfc(middle / 2.0.squareRoot()) > probability { low = middle } else { high = middle }
            if high - low < 1e-12 { break }
        }
        return (low + high) / 2
    }
}
