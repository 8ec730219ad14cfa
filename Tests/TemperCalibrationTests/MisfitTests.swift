import Foundation
import TemperAHAP
import TemperCalibration
import TemperCore
import TemperSimulation
import Testing

/// Finding 5 of issue 19: a calibration that is wrong says so. Each case is the issue's, on data generated from the
/// reference model in the test.
@Suite("Calibration misfits")
struct MisfitTests {
    typealias Thermal = ThermalCalibrationTests
    static let thermalTruth: [(String, Double)] = [
        ("internalHeatCapacity", 22), ("internalToSkinResistance", 2.4), ("skinHeatCapacity", 190),
        ("skinToAmbientResistance", 6.5), ("hotspotWeight", 0.35), ("ambient", 23),
    ]

    static func covered(_ fit: ThermalFit) -> Bool {
        thermalTruth.allSatisfy { name, truth in fit.result[name]?.contains(truth) == true }
    }

    /// Before: `--ambient 21` (2 °C below the room's 23 °C) was taken as exact and the fit put R skin→air at
    /// 7.673 K/W, 95 % interval 7.666–7.679, against a true 6.5, every interval excluding the truth, without a
    /// word (the issue's run: 7.87). Now a given ambient is a measurement with an uncertainty: at the default
    /// ±1 °C the traces overrule it and every interval holds the truth; stated too tightly, a warning names it.
    @Test(arguments: [1.0, 0.1, 0.01])
    func aTwoDegreeWrongAmbientIsCoveredOrNamed(uncertainty: Double) throws {
        let trace = Thermal.synthesise(Thermal.truth, ambient: 23, schedule: Thermal.protocolSchedule)
        let fit = try ThermalCalibration.fit([trace], base: Thermal.base, ambient: .init(celsius: 21, uncertaintyCelsius: uncertainty))
        let names = fit.warnings.contains { $0.contains("ambient") && $0.contains("21 ± \(ProfileText.number(uncertainty, digits: 3)) °C") }
        #expect(Self.covered(fit) || names, "R skin→air \(fit.result["skinToAmbientResistance"]!), warnings \(fit.warnings)")
        if uncertainty == 1 {
            #expect(Self.covered(fit))
            #expect(try #require(fit.result["skinToAmbientResistance"]).contains(6.5))
        } else {
            #expect(names, "\(fit.warnings)")
        }
    }

    /// Before: a room swinging ±1 °C (an hour's period) during the run gave R skin→air 5.509 K/W, 5.487–5.531,
    /// against 6.5, with only the text table mentioning drift (the issue's run: 5.58). Now the fit is a misfit:
    /// reduced χ² against the sensors' noise far above 1, residuals that drift, wider intervals, warnings.
    @Test func aDriftingRoomIsAWarningNotAConfidentFigure() throws {
        let trace = Thermal.synthesise(
            Thermal.truth,
            ambient: 23,
            drift: { 1 * sin(2 * .pi * $0 / 3600) },
            schedule: Thermal.protocolSchedule
        )
        let fit = try ThermalCalibration.fit([trace], base: Thermal.base)
        #expect(Self.covered(fit) || fit.goodness.isMisfit)
        #expect(fit.goodness.isMisfit)
        #expect(try #require(fit.goodness.reducedChiSquare) > 2)
        #expect(fit.warnings.contains { $0.contains("drift") && $0.contains("room's temperature") }, "\(fit.warnings)")
        #expect(fit.goodness.intervalScale > 3 && fit.result.intervalScale == fit.goodness.intervalScale)
        let resistance = try #require(fit.result["skinToAmbientResistance"])
        #expect(resistance.high - resistance.low > 0.1, "widened from 5.487–5.531: \(resistance)")
    }

    /// Before: fitting all six figures while two the fit holds fixed (the driver's active draw and timeout) were
    /// off missed 6 of 6 intervals, residuals up to 5.96 σ (the issue's run: 14 σ), and printed nothing. Now: the
    /// reduced χ² and the largest residual are reported, the intervals widen by the Birge ratio, and it warns.
    @Test func anEnergyFitWithUnfittedFiguresOffWarns() throws {
        var truth = EnergyCalibrationTests.truth
        truth.haptics.driver.activeMilliwatts = 20
        truth.haptics.driver.activeTimeoutSeconds = 0.1
        let fit = try EnergyCalibration.fit(base: EnergyCalibrationTests.base, measurements: EnergyCalibrationTests.measurements(on: truth))
        let chi = try #require(fit.goodness.reducedChiSquare)
        #expect(chi > 4 && fit.goodness.degreesOfFreedom == EnergyCalibrationTests.patterns.count - 6)
        #expect(abs(fit.goodness.largestStandardizedResidual) > 5 && fit.goodness.largestResidualMeasurement.contains("(line "))
        #expect(fit.warnings.count >= 2 && fit.warnings.contains { $0.contains("reduced χ²") })
        #expect(fit.result.intervalScale >= chi.squareRoot() - 1e-9)
        for (key, value) in fit.figures {
            let truth = try #require(EnergyCalibrationTests.figure(key, in: truth))
            #expect(value.contains(truth) || fit.goodness.isMisfit, "\(key)")
        }
    }

    /// The honest energy case stays honest for every one of 20 noise draws: each fit reaches a minimum at least as
    /// good as the truth itself, and warns only when the truth does not fit that draw to within the noise either.
    /// Since intensity is capped at what the driver reaches off resonance, the model has a kink, and a descent from
    /// the base profile alone ended one draw (seed 105) in a false minimum, reduced χ² about 205 against 0.93 at
    /// the truth, where this test held only the median near 1. The fit now descends from several starts spread over
    /// the figures' domains and keeps the best.
    @Test(arguments: 100..<120)
    func everyHonestEnergyFitFindsTheBestMinimum(seed: Int) throws {
        let measurements = EnergyCalibrationTests.measurements(on: EnergyCalibrationTests.truth, seed: UInt64(seed))
        let fit = try EnergyCalibration.fit(base: EnergyCalibrationTests.base, measurements: measurements)
        let chi = try #require(fit.goodness.reducedChiSquare)
        let degrees = Double(fit.goodness.degreesOfFreedom)
        let estimator = EnergyEstimator(profile: EnergyCalibrationTests.truth)
        let atTruth = measurements.reduce(0.0) { sum, measurement in
            let predicted = Double(measurement.row.repetitions) * estimator.estimate(measurement.pattern).energyMillijoules
            let residual = (predicted - measurement.row.millijoules) / (measurement.row.standardDeviation ?? 1)
            return sum + residual * residual
        }
        #expect(chi * degrees <= atTruth * (1 + 1e-6), "seed \(seed): χ² \(chi * degrees), at the truth \(atTruth)")
        #expect(chi < 3, "seed \(seed): reduced χ² \(chi)")
        // Reduced χ² 2.36 at 21 dof (seed 107) is the noise draw's own: the truth fits it no better.
        #expect(!fit.goodness.isMisfit || atTruth / degrees > 2, "seed \(seed): \(fit.warnings)")
    }

    /// The descent the fit used to be, from the base profile alone, on a driver that runs out of headroom off
    /// resonance (rated at 1.37x full scale, as the phone's borrowed coin-LRA rating once made it): intensity is
    /// capped there, the model has a kink, and a draw ends in a false minimum (seed 105 did, reduced χ² about 205).
    /// The phone's own driver (the Pixel HAL's cap) keeps its headroom to the edge of the range, so the honest fits
    /// above have no such kink to fall into; on this capped variant the several starts do not always escape it.
    @Test func aSingleStartCanEndInAFalseMinimumWhereIntensityIsCapped() throws {
        func capped(_ profile: DeviceProfile) -> DeviceProfile {
            var profile = profile
            profile.haptics.driver.ratedDriveVolts = profile.haptics.driver.fullScaleDriveVolts * 1.37
            return profile
        }
        let (base, truth) = (capped(EnergyCalibrationTests.base), capped(EnergyCalibrationTests.truth))
        var falseMinima: [UInt64] = []
        for seed in UInt64(100)..<120 {
            let measurements = EnergyCalibrationTests.measurements(on: truth, seed: seed)
            let single = try EnergyCalibration.fit(base: base, measurements: measurements, solver: LevenbergMarquardt())
            guard try #require(single.goodness.reducedChiSquare) > 100 else { continue }
            falseMinima.append(seed)
        }
        #expect(!falseMinima.isEmpty, "no draw ends a single start in a false minimum")
    }

    @Test func withoutStandardDeviationsThereIsNoReducedChiSquare() throws {
        let fit = try EnergyCalibration.fit(
            base: EnergyCalibrationTests.base,
            measurements: EnergyCalibrationTests.measurements(on: EnergyCalibrationTests.truth, writeDeviation: false)
        )
        #expect(fit.goodness.reducedChiSquare == nil && fit.goodness.chiSquareUpperTail == nil)
        #expect(!fit.goodness.line.contains("χ²"))
        #expect(fit.warnings.isEmpty, "\(fit.warnings)")
    }

    // MARK: The pieces

    @Test func chiSquaredTailsMatchTables() {
        // Tabulated 95th percentiles: 3.841 (1 dof), 18.307 (10), 43.773 (30); 99.9th: 29.588 (10).
        #expect(abs(ChiSquared.upperTail(3.841, degreesOfFreedom: 1) - 0.05) < 1e-3)
        #expect(abs(ChiSquared.upperTail(18.307, degreesOfFreedom: 10) - 0.05) < 1e-4)
        #expect(abs(ChiSquared.upperTail(43.773, degreesOfFreedom: 30) - 0.05) < 1e-4)
        #expect(abs(ChiSquared.upperTail(29.588, degreesOfFreedom: 10) - 0.001) < 1e-5)
        #expect(ChiSquared.upperTail(5000, degreesOfFreedom: 5000) > 0.4 && ChiSquared.upperTail(5600, degreesOfFreedom: 5000) < 1e-8)
        #expect(abs(ChiSquared.normalTwoSidedQuantile(0.05) - 1.959964) < 1e-5)
        #expect(abs(ChiSquared.normalTwoSidedQuantile(0.01) - 2.575829) < 1e-5)
    }

    @Test func theSensorNoiseIsReadFromTheTraceAlone() {
        let noisy = Thermal.synthesise(Thermal.truth, ambient: 23, schedule: Thermal.protocolSchedule, noise: 0.2)
        #expect(abs(noisy.readingNoiseCelsius.internal - 0.2) < 0.02 && abs(noisy.readingNoiseCelsius.hotspot - 0.2) < 0.02)
        // Noise-free readings in whole degrees are rounding noise, 1/√12 °C, never zero.
        var whole = noisy
        whole.internalCelsius = Thermal.synthesise(Thermal.truth, ambient: 23, schedule: Thermal.protocolSchedule, noise: 0)
            .internalCelsius.map { $0.rounded() }
        #expect(abs(whole.readingNoiseCelsius.internal - 1 / 12.0.squareRoot()) < 0.05)
    }

    @Test func residualsThatDriftWidenTheIntervalsAndNoiseDoesNot() {
        func goodness(_ residuals: [Double]) -> GoodnessOfFit {
            GoodnessOfFit(
                residuals: residuals,
                parameterCount: 2,
                standardDeviationsKnown: true,
                series: [Array(residuals.indices)],
                measurement: { "row \($0)" },
                driftCause: "a test"
            )
        }
        var random = SeededGenerator(seed: 3)
        let white = (0..<400).map { _ in (-2 * log(random.nextUnitInterval())).squareRoot() * cos(2 * .pi * random.nextUnitInterval()) }
        #expect(goodness(white).warnings.isEmpty && goodness(white).intervalScale < 1.2)
        // The same noise, smoothed: AR(1) with ρ = 0.9 (and scaled back to unit variance).
        var smoothed: [Double] = [white[0]]
        for value in white.dropFirst() { smoothed.append(0.9 * smoothed.last! + (1 - 0.81).squareRoot() * value) }
        let drifting = goodness(smoothed)
        #expect(drifting.residualAutocorrelation > 0.8 && drifting.warnings.contains { $0.contains("drift") })
        #expect(drifting.intervalScale > 3, "ESS factor √(1.9/0.1) ≈ 4.4: \(drifting.intervalScale)")
        // One wild measurement among 400 is named.
        var outlier = white
        outlier[17] = 9
        #expect(goodness(outlier).warnings.contains { $0.hasPrefix("row 17 is 9 σ") }, "\(goodness(outlier).warnings)")
    }
}
