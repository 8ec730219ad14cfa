import Foundation
import TemperSimulation
import Testing

@Suite struct ThermalModelTests {
    static let parameters = ThermalParameters.derivedDefaults

    /// Runs the model at constant power and ambient for `seconds`.
    static func run(_ model: inout ThermalModel, watts: Double, ambient: Double, seconds: Double, step: Double) {
        for _ in 0..<Int((seconds / step).rounded()) {
            model.step(seconds: step, powerWatts: watts, ambientCelsius: ambient)
        }
    }

    @Test(arguments: [(4.0, 25.0), (1.5, 30.0), (0.0, 18.0), (6.0, 40.0)])
    func steadyStateIsAmbientPlusPowerTimesResistance(watts: Double, ambient: Double) {
        var model = ThermalModel(parameters: Self.parameters, internalCelsius: ambient, skinCelsius: ambient)
        Self.run(&model, watts: watts, ambient: ambient, seconds: 4 * 3600, step: 1)
        let skinExpected = ambient + watts * Self.parameters.skinToAmbientKelvinPerWatt
        let internalExpected = skinExpected + watts * Self.parameters.internalToSkinKelvinPerWatt
        #expect(abs(model.skinCelsius - skinExpected) < 1e-6)
        #expect(abs(model.internalCelsius - internalExpected) < 1e-6)
    }

    @Test func derivedDefaultsReproduceThePublishedBudget() {
        // 4 W sustained at 25 °C puts the skin hotspot at the Pixel 6 SEVERE threshold, 51 °C.
        var model = ThermalModel(parameters: Self.parameters, internalCelsius: 25, skinCelsius: 25)
        Self.run(&model, watts: 4, ambient: 25, seconds: 4 * 3600, step: 5)
        #expect(abs(model.hotspotCelsius - 51) < 1e-6)
    }

    @Test func stepResponseHasTheModelsTimeConstants() {
        let (fast, slow) = ThermalModel(parameters: Self.parameters, internalCelsius: 25, skinCelsius: 25).timeConstantsSeconds
        // The coupled constants sit near the nodes' own R·C (45 s and 750 s) and bracket them.
        #expect(fast > 30 && fast < Self.parameters.internalTimeConstantSeconds)
        #expect(slow > Self.parameters.skinTimeConstantSeconds && slow < 1200)

        // Late in a step response only the slow mode is left: the skin's gap to steady state shrinks by e per τ_slow.
        var model = ThermalModel(parameters: Self.parameters, internalCelsius: 25, skinCelsius: 25)
        let steadySkin = 25 + 4 * Self.parameters.skinToAmbientKelvinPerWatt
        Self.run(&model, watts: 4, ambient: 25, seconds: 600, step: 0.1)
        let gapBefore = steadySkin - model.skinCelsius
        Self.run(&model, watts: 4, ambient: 25, seconds: slow, step: 0.1)
        let gapAfter = steadySkin - model.skinCelsius
        #expect(abs(gapAfter / gapBefore - exp(-1)) < 1e-3)

        // The internal node's gap is a sum of two exponentials. Take away the slow one (its weight read late in the
        // response), and what is left falls by e per τ_fast.
        let steadyInternal = steadySkin + 4 * Self.parameters.internalToSkinKelvinPerWatt
        var response = ThermalModel(parameters: Self.parameters, internalCelsius: 25, skinCelsius: 25)
        Self.run(&response, watts: 4, ambient: 25, seconds: fast, step: 0.01)
        let gapAtFast = steadyInternal - response.internalCelsius
        Self.run(&response, watts: 4, ambient: 25, seconds: 2000 - fast, step: 0.01)
        let slowWeight = (steadyInternal - response.internalCelsius) * exp(2000 / slow)
        let fastAtZero = (steadyInternal - 25) - slowWeight
        let fastAtTau = gapAtFast - slowWeight * exp(-fast / slow)
        #expect(abs(fastAtTau / fastAtZero - exp(-1)) < 1e-3)
    }

    @Test(arguments: [0.05, 1.0, 30.0, 300.0])
    func exactIntegrationAgreesAcrossStepSizes(step: Double) {
        var coarse = ThermalModel(parameters: Self.parameters, internalCelsius: 30, skinCelsius: 28)
        var fine = coarse
        Self.run(&coarse, watts: 3.5, ambient: 35, seconds: 1200, step: step)
        Self.run(&fine, watts: 3.5, ambient: 35, seconds: 1200, step: 0.01)
        #expect(abs(coarse.internalCelsius - fine.internalCelsius) < 1e-6)
        #expect(abs(coarse.skinCelsius - fine.skinCelsius) < 1e-6)
    }

    @Test func exactStepMatchesAFineEulerIntegration() {
        var model = ThermalModel(parameters: Self.parameters, internalCelsius: 25, skinCelsius: 25)
        Self.run(&model, watts: 4, ambient: 25, seconds: 300, step: 1)
        // Forward Euler at a step 4000× under the fast time constant.
        var core = 25.0
        var skin = 25.0
        let p = Self.parameters
        for _ in 0..<300_000 {
            let flow = (core - skin) / p.internalToSkinKelvinPerWatt
            let loss = (skin - 25) / p.skinToAmbientKelvinPerWatt
            core += 0.001 * (4 - flow) / p.internalCapacityJoulesPerKelvin
            skin += 0.001 * (flow - loss) / p.skinCapacityJoulesPerKelvin
        }
        #expect(abs(model.internalCelsius - core) < 0.01)
        #expect(abs(model.skinCelsius - skin) < 0.01)
    }

    @Test func batteryDrainsOnlyOnBattery() {
        let parameters = BatteryParameters(capacityMilliampHours: 1000, nominalVolts: 3.6)
        var battery = BatteryModel(parameters: parameters, percentage: 50, onBattery: true)
        battery.drain(powerWatts: 3.6, seconds: 360)  // 1296 J of a 12960 J cell is 10 points
        #expect(abs(battery.percentage - 40) < 1e-9)
        battery.onBattery = false
        battery.drain(powerWatts: 3.6, seconds: 360)
        #expect(abs(battery.percentage - 40) < 1e-9)
    }

    @Test func seededGeneratorIsDeterministic() {
        var first = SeededGenerator(seed: 42)
        var second = SeededGenerator(seed: 42)
        var other = SeededGenerator(seed: 43)
        let a = (0..<5).map { _ in first.next() }
        #expect(a == (0..<5).map { _ in second.next() })
        #expect(a != (0..<5).map { _ in other.next() })
    }
}
