import Foundation
import TemperCalibration
import TemperCore
import TemperSimulation
import Testing

@Suite("Thermal calibration")
struct ThermalCalibrationTests {
    /// Parameters a fit must recover; deliberately not the phone's defaults the fit starts from.
    static let truth = ThermalParameters(
        internalCapacityJoulesPerKelvin: 22,
        internalToSkinKelvinPerWatt: 2.4,
        skinCapacityJoulesPerKelvin: 190,
        skinToAmbientKelvinPerWatt: 6.5,
        hotspotWeight: 0.35
    )
    static let base = DeviceProfile.referencePhone.thermal

    /// A differential run: idle, a workload, idle, a second workload; samples every `interval` seconds, each
    /// temperature with Gaussian noise then quantised to 1 m°C as a hwmon sensor reports it. The room is at
    /// `ambient` plus `drift(t)`.
    static func synthesise(
        _ parameters: ThermalParameters,
        ambient: Double,
        drift: (_ seconds: Double) -> Double = { _ in 0 },
        schedule: [(seconds: Double, watts: Double)],
        interval: Double = 2,
        noise: Double = 0.05,
        seed: UInt64 = 11,
        name: String = "synthetic"
    ) -> ThermalSeries {
        var random = SeededGenerator(seed: seed)
        func gaussian() -> Double {
            (-2 * log(random.nextUnitInterval())).squareRoot() * cos(2 * .pi * random.nextUnitInterval())
        }
        func quantised(_ celsius: Double) -> Double { (celsius * 1000).rounded() / 1000 }
        var model = ThermalModel(parameters: parameters, internalCelsius: ambient + 1, skinCelsius: ambient + 0.5)
        var times = [0.0]
        var power = [schedule[0].watts]
        var internalValues = [quantised(model.internalCelsius + noise * gaussian())]
        var hotspot = [quantised(model.hotspotCelsius + noise * gaussian())]
        var time = 0.0
        for (seconds, watts) in schedule {
            for _ in 0..<Int(seconds / interval) {
                model.step(seconds: interval, powerWatts: watts, ambientCelsius: ambient + drift(time + interval / 2))
                time += interval
                times.append(time)
                power.append(watts)
                internalValues.append(quantised(model.internalCelsius + noise * gaussian()))
                hotspot.append(quantised(model.hotspotCelsius + noise * gaussian()))
            }
        }
        return ThermalSeries(
            name: name,
            times: times,
            powerWatts: power,
            internalCelsius: internalValues,
            hotspotCelsius: hotspot,
            powerSource: "synthetic"
        )
    }

    static let protocolSchedule: [(seconds: Double, watts: Double)] = [(600, 0.4), (1500, 3.5), (1200, 0.4), (900, 2), (900, 0.4)]

    @Test func recoversKnownParametersWithinTheirIntervals() throws {
        let trace = Self.synthesise(Self.truth, ambient: 23, schedule: Self.protocolSchedule)
        let fit = try ThermalCalibration.fit([trace], base: Self.base)
        let expected: [(String, Double)] = [
            ("internalHeatCapacity", 22), ("internalToSkinResistance", 2.4), ("skinHeatCapacity", 190),
            ("skinToAmbientResistance", 6.5), ("hotspotWeight", 0.35), ("ambient", 23),
        ]
        for (name, truth) in expected {
            let value = try #require(fit.result[name])
            #expect(value.contains(truth), "\(name): \(value.value) in \(value.low)...\(value.high), truth \(truth)")
            // Informative, not vacuous: each interval is narrow.
            #expect((value.high - value.low) / max(abs(truth), 1) < 0.25, "\(name) interval \(value.low)...\(value.high)")
        }
        #expect(abs(fit.rmseCelsius - 0.05) < 0.01)
        // The honest case stays honest: the residuals are the sensors' noise, so nothing is widened or warned.
        let chi = try #require(fit.goodness.reducedChiSquare)
        #expect(abs(chi - 1) < 0.1, "reduced χ² \(chi)")
        #expect(fit.warnings.isEmpty, "\(fit.warnings)")
        #expect(fit.goodness.intervalScale == 1 && fit.result.intervalScale == 1)
        #expect(fit.readingNoiseCelsius.allSatisfy { abs($0.internal - 0.05) < 0.005 && abs($0.hotspot - 0.05) < 0.005 })
    }

    @Test func residualsThatDriftAreFlaggedAndNoiseIsNot() throws {
        let clean = Self.synthesise(Self.truth, ambient: 23, schedule: Self.protocolSchedule)
        #expect(try ThermalCalibration.fit([clean], base: Self.base).residualAutocorrelation < 0.2)
        // The room warms by 2 °C over the run and slowly cools back: nothing in the model explains it.
        var drifting = clean
        let end = drifting.times.last!
        for k in drifting.times.indices {
            let drift = 2 * sin(.pi * drifting.times[k] / end)
            drifting.internalCelsius[k] += drift
            drifting.hotspotCelsius[k] += drift
        }
        let fit = try ThermalCalibration.fit([drifting], base: Self.base)
        #expect(fit.residualAutocorrelation > ThermalFit.correlatedResidualsThreshold)
    }

    @Test func aGivenAmbientIsOneMoreMeasurement() throws {
        let trace = Self.synthesise(Self.truth, ambient: 23, schedule: Self.protocolSchedule)
        let fit = try ThermalCalibration.fit([trace], base: Self.base, ambient: .init(celsius: 23, uncertaintyCelsius: 0.5))
        #expect(fit.givenAmbient?.celsius == 23 && fit.result["ambient"]?.contains(23) == true)
        #expect(try #require(fit.result["skinToAmbientResistance"]).contains(6.5))
        #expect(fit.warnings.isEmpty, "\(fit.warnings)")
    }

    @Test func severalTracesFitOneDevice() throws {
        let first = Self.synthesise(Self.truth, ambient: 23, schedule: [(600, 0.4), (1500, 3.5), (1500, 0.4)], seed: 1, name: "a")
        let second = Self.synthesise(Self.truth, ambient: 23, schedule: [(300, 0.4), (1200, 2.5), (1500, 0.4)], seed: 2, name: "b")
        let fit = try ThermalCalibration.fit([first, second], base: Self.base)
        #expect(fit.curves.count == 2)
        #expect(try #require(fit.result["skinHeatCapacity"]).contains(190))
        #expect(try #require(fit.result["hotspotWeight"]).contains(0.35))
    }

    @Test func constantPowerCannotSeparateTheTimeConstants() {
        let trace = Self.synthesise(Self.truth, ambient: 23, schedule: [(3600, 2)])
        #expect {
            try ThermalCalibration.fit([trace], base: Self.base)
        } throws: { error in
            guard let error = error as? TemperError else { return false }
            return error.code == .cannotCalibrate && error.message.contains("power is constant") && error.message.contains("step in power")
                && !error.description.contains("\n")
        }
    }

    @Test func theFittedModelPredictsAnotherScheduleOnTheSameDevice() throws {
        let trace = Self.synthesise(Self.truth, ambient: 23, schedule: Self.protocolSchedule)
        let fit = try ThermalCalibration.fit([trace], base: Self.base)
        let other = Self.synthesise(Self.truth, ambient: 23, schedule: [(300, 1), (600, 5), (300, 0.2), (1200, 3), (600, 0)], seed: 5)
        let prediction = ThermalCalibration.simulate(other, thermal: fit.parameters, ambientCelsius: fit.ambientCelsius)
        #expect(ThermalCalibration.rmse(prediction, against: other) < 0.1)
        // The starting defaults predict it badly: the fit learned something.
        let defaults = ThermalCalibration.simulate(other, thermal: ThermalParameters(), ambientCelsius: 25)
        #expect(ThermalCalibration.rmse(defaults, against: other) > 1)
    }
}
