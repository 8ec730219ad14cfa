import FoundationEssentials
import Glibc

/// Student's t distribution: the quantile the fit's intervals are built with.
///
/// A fit with n observations and p parameters estimates the residual variance from n − p degrees of freedom, so
/// its parameter intervals follow Student's t, not the normal: with few points the t quantile is wider (12.7 at
/// one degree of freedom, 2.23 at ten), and it tends to the normal's 1.96 as n grows.
public enum StudentT: Sendable {
    /// The two-sided `confidence` quantile: the t with P(|T| ≤ t) = confidence.
    public static func twoSidedQuantile(confidence: Double = 0.95, degreesOfFreedom: Int) -> Double {
        precondition(degreesOfFreedom > 0 && confidence > 0 && confidence < 1)
        let nu = Double(degreesOfFreedom)
        let target = confidence  // P(|T| ≤ t)
        var low = 0.0
        var high = 1.0
        while centralProbability(high, nu) < target { high *= 2 }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if centralProbability(middle, nu) < target { low = middle } else { high = middle }
            if high - low < 1e-12 * max(1, high) { break }
        }
        return (low + high) / 2
    }

    /// P(|T| ≤ t) = 1 − I_{ν/(ν+t²)}(ν/2, 1/2).
    static func centralProbability(_ t: Double, _ nu: Double) -> Double {
        1 - regularizedIncompleteBeta(x: nu / (nu + t * t), a: nu / 2, b: 0.5)
    }

    /// I_x(a, b) by its continued fraction (modified Lentz), using the symmetry for x past the mean.
    static func regularizedIncompleteBeta(x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logGammas: Double = lgamma(a + b) - lgamma(a) - lgamma(b)
        let logPowers: Double = a * Glibc.log(x) + b * Glibc.log(1 - x)
        let logFront = logGammas + logPowers
        if x < (a + 1) / (a + b + 2) {
            return Glibc.exp(logFront) * continuedFraction(x: x, a: a, b: b) / a
        }
        return 1 - Glibc.exp(logFront) * continuedFraction(x: 1 - x, a: b, b: a) / b
    }

    private static func continuedFraction(x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var result = d
        for m in 1...500 {
            let m = Double(m)
            let evenDenominator: Double = (a + 2 * m - 1) * (a + 2 * m)
            let even: Double = m * (b - m) * x / evenDenominator
            d = 1 + even * d
            if abs(d) < tiny { d = tiny }
            c = 1 + even / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            result *= d * c
            let oddDenominator: Double = (a + 2 * m) * (a + 2 * m + 1)
            let odd: Double = -(a + m) * (a + b + m) * x / oddDenominator
            d = 1 + odd * d
            if abs(d) < tiny { d = tiny }
            c = 1 + odd / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            result *= delta
            if abs(delta - 1) < 1e-15 { break }
        }
        return result
    }
}
