import Foundation
import TemperCore
import TemperSimulation
import TemperSimulationTestSupport
import Testing

/// The run without any feedback that a verdict's causes are computed from (issue 32): part of every simulation,
/// cheap (nothing to decide), stopped once its answer is known, and the same answer as the whole run.
@Suite struct CounterfactualRunTests {
    @Test func theRunWithoutFeedbackStopsOnceItsPeakIsKnownWithTheWholeRunsAnswer() async throws {
        let setup = try SimulationFixtures.setup("heat-soak")
        let driver = { GovernorDriver(policy: GovernorDriver.passThrough(SimulationFixtures.policy), energy: SimulationFixtures.energy) }
        let early = await Simulator.runWithoutFeedback(setup, governing: driver())
        let whole = await Simulator.runOnce(setup, requests: [SimulatedRequest](), governing: driver(), policyName: "whole").summary
        // The towel comes off and the game ends at 20 min: nothing after that can heat the device again.
        #expect(early.endSeconds < setup.scenario.durationSeconds)
        #expect(early.endSeconds >= setup.scenario.lastInputChangeSeconds)
        #expect(early.highestTier == whole.highestTier)
        #expect(early.peakHotspotCelsius == whole.peakHotspotCelsius)
        #expect(early.peakInternalCelsius == whole.peakInternalCelsius)
        #expect(whole.decisions.total == 0)
    }

    @Test func everySimulationCarriesItsRunWithoutFeedback() async throws {
        let result = try await SimulationFixtures.heatSoak.value
        let alone = try #require(result.withoutFeedback)
        // All the feedback is heat the run without it lacks.
        #expect(alone.peakHotspotCelsius < result.baseline.peakHotspotCelsius)
        #expect(alone.highestTier <= result.baseline.highestTier)
    }

    @Test func aScenarioThatChangesUntilItsEndRunsToTheEnd() async throws {
        // A room that warms until the end: the peak is not known before it.
        let scenario = Scenario(
            name: "warming",
            durationSeconds: 600,
            timeStepSeconds: 1,
            ambient: AmbientSchedule(points: [.init(timeSeconds: 0, celsius: 20), .init(timeSeconds: 600, celsius: 40)]),
            workload: [.init(name: "w", watts: 1, startSeconds: 0, durationSeconds: 600)]
        )
        let setup = try SimulationFixtures.setup(scenario)
        let driver = GovernorDriver(policy: GovernorDriver.passThrough(SimulationFixtures.policy), energy: SimulationFixtures.energy)
        #expect(await Simulator.runWithoutFeedback(setup, governing: driver).endSeconds == 600)
    }
}
