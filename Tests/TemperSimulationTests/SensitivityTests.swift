import Foundation
import TemperCore
import TemperSimulation
import TemperSimulationTestSupport
import Testing

/// The simulate report's sensitivity analysis: each thermal figure the profile marks assumed, moved ±30 %.
@Suite struct SensitivityTests {
    static func governing(_ policyOn: Bool) -> GovernorDriver {
        let policy = SimulationFixtures.policy
        return GovernorDriver(policy: policyOn ? policy : GovernorDriver.passThrough(policy), energy: SimulationFixtures.energy)
    }

    @Test func thePhoneProfileNamesItsAssumedThermalFigures() {
        let thermal = ThermalParameters(profile: SimulationFixtures.phone)
        let assumed: [ThermalFigure] = [
            .internalHeatCapacity, .skinToAmbientResistance, .hotspotWeight, .actuatorHeatWeight, .amplifierHeatWeight,
        ]
        #expect(thermal.assumed == assumed)
        #expect(thermal.source.contains("assumed: " + assumed.map(\.rawValue).joined(separator: ", ")))
        // A weight stays a weight: scaled up past 1 it is held at 1.
        var heavy = thermal
        heavy.hotspotWeight = 0.9
        #expect(heavy.scaling(.hotspotWeight, by: 1.3).hotspotWeight == 1)
        #expect(thermal.scaling(.internalHeatCapacity, by: 0.7).internalCapacityJoulesPerKelvin == 15 * 0.7)
    }

    @Test func eachAssumedFigureIsRerunScaledDownAndUp() async throws {
        var scenario = try Scenario.load(contentsOf: SimulationFixtures.scenarios.appendingPathComponent("heat-soak.yaml"))
        scenario.durationSeconds = 25 * 60
        let setup = try SimulationFixtures.setup(scenario)
        let result = await SimulationFixtures.run(setup)
        let sensitivity = try #require(
            await Simulator.sensitivity(setup, of: result, policyName: SimulationFixtures.policy.name, governing: Self.governing)
        )
        #expect(sensitivity.rows.map(\.figure) == setup.thermal.assumed)
        #expect(sensitivity.nominal.peakHotspotCelsius == result.withPolicy.peakHotspotCelsius)
        for row in sensitivity.rows {
            #expect(abs(row.lowerValue - row.value * 0.7) < 1e-12 && abs(row.upperValue - row.value * 1.3) < 1e-12, "\(row.figure)")
        }
        // More resistance to the air, or a hotspot nearer the internal node, runs the skin hotter.
        let nominal = sensitivity.nominal.peakHotspotCelsius
        for figure in [ThermalFigure.skinToAmbientResistance, .hotspotWeight] {
            let row = try #require(sensitivity.rows.first { $0.figure == figure })
            #expect(row.lower.peakHotspotCelsius < nominal && nominal < row.upper.peakHotspotCelsius, "\(figure)")
        }
        let range = sensitivity.range(\.peakHotspotCelsius)
        #expect(range.lowerBound < nominal && nominal < range.upperBound)
    }

    @Test func nothingAssumedMeansNoReruns() async throws {
        var setup = try SimulationFixtures.setup(
            Scenario(
                name: "idle",
                durationSeconds: 60,
                timeStepSeconds: 1,
                workload: [.init(name: "w", watts: 1, startSeconds: 0, durationSeconds: 60)]
            )
        )
        setup.thermal.assumed = []
        let result = await SimulationFixtures.run(setup)
        #expect(await Simulator.sensitivity(setup, of: result, policyName: "default", governing: Self.governing) == nil)
    }
}
