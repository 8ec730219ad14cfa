import Foundation
import TemperCalibration
import TemperCore
import TemperSimulation
import Testing

@Suite("Least squares")
struct LevenbergMarquardtTests {
    /// y = amplitude·exp(−t/τ) + offset with Gaussian noise, from a seeded generator.
    static func decay(amplitude: Double, tau: Double, offset: Double, noise: Double, seed: UInt64) -> (t: [Double], y: [Double]) {
        var random = SeededGenerator(seed: seed)
        let times = (0..<200).map { Double($0) }
        let values = times.map { t in
            let u1 = random.nextUnitInterval()
            let u2 = random.nextUnitInterval()
            let gaussian = (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
            return amplitude * exp(-t / tau) + offset + noise * gaussian
        }
        return (times, values)
    }

    @Test func recoversAnExponentialWithinItsIntervals() throws {
        let data = Self.decay(amplitude: 8, tau: 40, offset: 25, noise: 0.05, seed: 7)
        let result = try LevenbergMarquardt().fit([
            FitParameter("amplitude", initial: 2, domain: .real),
            FitParameter("tau", initial: 200, domain: .positive),
            FitParameter("offset", initial: 20, domain: .real),
        ]) { p in zip(data.t, data.y).map { p[0] * exp(-$0 / p[1]) + p[2] - $1 } }
        #expect(try #require(result["amplitude"]).contains(8))
        #expect(try #require(result["tau"]).contains(40))
        #expect(try #require(result["offset"]).contains(25))
        #expect(abs(result.rmse - 0.05) < 0.01)
        #expect(result.degreesOfFreedom == 197)
        let tau = try #require(result["tau"])
        #expect(tau.low < tau.value && tau.value < tau.high && tau.high - tau.low < 4)
    }

    @Test func aPositiveParameterKeepsAPositiveInterval() throws {
        // Few noisy points: a wide interval that must still stay above zero.
        let data = Self.decay(amplitude: 1, tau: 5, offset: 0, noise: 0.3, seed: 3)
        let points = Array(zip(data.t, data.y).prefix(8))
        let result = try LevenbergMarquardt().fit([
            FitParameter("amplitude", initial: 1, domain: .real), FitParameter("tau", initial: 3, domain: .positive),
        ]) { p in points.map { p[0] * exp(-$0.0 / p[1]) - $0.1 } }
        let tau = try #require(result["tau"])
        #expect(tau.low > 0 && tau.low < tau.value && tau.value < tau.high)
    }

    @Test func studentQuantilesMatchTheTables() {
        #expect(abs(StudentT.twoSidedQuantile(degreesOfFreedom: 1) - 12.706) < 0.001)
        #expect(abs(StudentT.twoSidedQuantile(degreesOfFreedom: 10) - 2.228) < 0.001)
        #expect(abs(StudentT.twoSidedQuantile(degreesOfFreedom: 30) - 2.042) < 0.001)
        #expect(abs(StudentT.twoSidedQuantile(degreesOfFreedom: 100_000) - 1.960) < 0.001)
    }

    @Test func parametersOnlySeenAsAProductAreNamed() {
        let data = Self.decay(amplitude: 8, tau: 40, offset: 25, noise: 0.05, seed: 7)
        #expect {
            try LevenbergMarquardt().fit([
                FitParameter("gain", initial: 2, domain: .positive), FitParameter("scale", initial: 3, domain: .positive),
                FitParameter("tau", initial: 30, domain: .positive), FitParameter("offset", initial: 20, domain: .real),
            ]) { p in zip(data.t, data.y).map { p[0] * p[1] * exp(-$0 / p[2]) + p[3] - $1 } }
        } throws: { error in
            let error = error as? TemperError
            return error?.code == .cannotCalibrate && error?.message.contains("cannot tell scale apart from gain") == true
        }
    }

    @Test func aParameterWithNoEffectIsNamed() {
        #expect {
            try LevenbergMarquardt().fit([
                FitParameter("level", initial: 1, domain: .real), FitParameter("unused", initial: 1, domain: .positive),
            ]) { p in [p[0] - 1, p[0] - 2, p[0] - 3] }
        } throws: { error in (error as? TemperError)?.message.contains("do not depend on unused") == true }
    }

    @Test func tooFewObservationsSayHowManyAreNeeded() {
        #expect {
            try LevenbergMarquardt().fit([FitParameter("a", initial: 1, domain: .real), FitParameter("b", initial: 1, domain: .real)]) {
                p in
                [p[0] - 1, p[1] - 2]
            }
        } throws: { error in (error as? TemperError)?.message.contains("at least 3 are needed") == true }
    }

    @Test func progressIsReportedEveryIteration() throws {
        var seen: [Int] = []
        _ = try LevenbergMarquardt().fit(
            [FitParameter("a", initial: 10, domain: .real)],
            residuals: { p in [p[0] - 1, p[0] - 3] },
            progress: { iteration, _ in seen.append(iteration) }
        )
        #expect(!seen.isEmpty && seen == Array(1...seen.count))
    }
}
