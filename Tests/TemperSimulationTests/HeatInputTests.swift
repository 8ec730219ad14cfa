import Foundation
import TemperCore
import TemperSimulation
import TemperSimulationTestSupport
import Testing

/// What heats the simulated device: the workload, the feedback that played, and the room it sits in.
@Suite struct HeatInputTests {
    @Test func theDeviceFollowsTheRoomAsTheAmbientChanges() async throws {
        let scenario = Scenario(
            name: "warming room",
            durationSeconds: 3 * 3600,
            timeStepSeconds: 1,
            ambient: AmbientSchedule(points: [.init(timeSeconds: 0, celsius: 20), .init(timeSeconds: 600, celsius: 35)]),
            initial: InitialState(internalCelsius: 20, skinCelsius: 20)
        )
        let result = await SimulationFixtures.run(try SimulationFixtures.setup(scenario))
        let timeline = result.withPolicy.timeline
        let early = try #require(timeline.first { $0.timeSeconds >= 300 })
        #expect(abs(early.ambientCelsius - (20 + 15 * early.timeSeconds / 600)) < 0.01)
        // No power at all: the device settles at the room's new temperature, never above it.
        let last = try #require(timeline.last)
        #expect(last.ambientCelsius == 35)
        #expect(abs(last.internalCelsius - 35) < 0.5)
        #expect(result.withPolicy.peakInternalCelsius <= 35 + 1e-6)
    }

    /// The scenario with its real payloads (the fixtures' stand-ins are haptic only): the audio path included.
    static func shipped(_ scenario: Scenario) throws -> ScenarioInputs {
        try SimulationFixtures.inputs(scenario, standIns: false)
    }

    @Test func feedbackThatPlaysHeatsTheDeviceAndFeedbackThePolicyDropsDoesNot() async throws {
        var scenario = try Scenario.load(contentsOf: SimulationFixtures.scenarios.appendingPathComponent("heat-soak.yaml"))
        scenario.timeStepSeconds = 0.5
        var quiet = scenario
        quiet.streams = []
        let silent = await SimulationFixtures.run(try Self.shipped(quiet))
        let noisy = await SimulationFixtures.run(try Self.shipped(scenario))
        // Same workload and room: the baseline plays everything and runs hotter than the silent run; the policy,
        // which played less, lands in between.
        #expect(noisy.baseline.workloadEnergyJoules == silent.baseline.workloadEnergyJoules)
        #expect(noisy.baseline.peakInternalCelsius > silent.baseline.peakInternalCelsius)
        #expect(noisy.withPolicy.peakInternalCelsius > silent.withPolicy.peakInternalCelsius)
        #expect(noisy.withPolicy.peakInternalCelsius < noisy.baseline.peakInternalCelsius)
        // The audio path is part of what played, and so of the heat and the battery drain.
        #expect(noisy.withPolicy.playedEnergy.audioMillijoules > 0)
        #expect(noisy.withPolicy.playedEnergy.audioMillijoules < noisy.baseline.playedEnergy.audioMillijoules)
        #expect(silent.baseline.batteryEndPercentage > noisy.baseline.batteryEndPercentage)
    }

    @Test("feedback heat enters where the actuator and the amplifier sit: toward the skin, the hotspot runs cooler")
    func feedbackHeatEntersWhereItIsMade() async throws {
        var scenario = try Scenario.load(contentsOf: SimulationFixtures.scenarios.appendingPathComponent("heat-soak.yaml"))
        scenario.durationSeconds = 10 * 60
        scenario.timeStepSeconds = 0.5
        let inputs = try Self.shipped(scenario)
        #expect(inputs.setup.thermal.assumed.contains(.actuatorHeatWeight) && inputs.setup.thermal.assumed.contains(.amplifierHeatWeight))
        var runs: [Double: SimulationResult] = [:]
        for weight in [0.0, 1.0] {
            var placed = inputs.setup
            placed.thermal.actuatorHeatWeight = weight
            placed.thermal.amplifierHeatWeight = weight
            runs[weight] = await Simulator.run(placed, policyName: inputs.policy.name) { policyOn in
                GovernorDriver(policy: policyOn ? inputs.policy : GovernorDriver.passThrough(inputs.policy), energy: inputs.energy)
            }
        }
        let (atSkin, atInternal) = (try #require(runs[0]?.baseline), try #require(runs[1]?.baseline))
        // The same heat, placed differently: the internal node and the hotspot over it run hotter when it enters there.
        #expect(atSkin.playedEnergy == atInternal.playedEnergy)
        #expect(atSkin.peakInternalCelsius < atInternal.peakInternalCelsius)
        #expect(atSkin.peakHotspotCelsius < atInternal.peakHotspotCelsius)
    }

    @Test func aHeatWeightOutsideZeroToOneIsRefused() {
        var thermal = ThermalParameters.derivedDefaults
        thermal.amplifierHeatWeight = 1.5
        #expect(throws: TemperError.self) { try thermal.validate() }
        #expect(thermal.scaling(.amplifierHeatWeight, by: 0.5).amplifierHeatWeight == 0.75)
        #expect(ThermalParameters.derivedDefaults.scaling(.actuatorHeatWeight, by: 1.3).actuatorHeatWeight == 1)
    }
}
