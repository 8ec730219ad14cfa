import CoreMetrics
import Logging
import TemperCore
import TemperLifecycle
import TemperSimulation
import TemperSimulationTestSupport
import TemperTestKit
import Testing

/// The simulator's promise: what it simulates is what runs live. The simulated governor's run loop and a live
/// governor's run loop on a fake source, fed the same snapshots and the same requests at the same times, decide
/// every request the same.
@Suite struct SimulatedAndLiveRunTests {
    typealias F = SimulationFixtures

    @Test func aSimulatedRunAndALiveRunOnTheSameSnapshotsMakeTheSameDecisions() async throws {
        var scenario = try F.setup("heat-soak").scenario
        scenario.durationSeconds = 1800
        let setup = try F.setup(scenario)
        let requests = setup.requests()
        let driver = GovernorDriver(policy: F.policy, energy: F.energy)
        let simulatedDecisions = Self.collect(driver.governor.decisions())
        let simulatedSamples = Self.collect(driver.governor.samples())
        let run = await Simulator.runOnce(setup, requests: requests, governing: driver, policyName: F.policy.name)
        let simulated = await simulatedDecisions.value
        let snapshots = await simulatedSamples.value.map(\.snapshot)
        #expect(simulated.count == run.summary.decisions.total)
        #expect(run.summary.transitions.count >= 2, "the run changes condition, so re-decision is exercised")
        #expect(Set(simulated.map(\.outcome)).count >= 2)

        // Live: a governor on a fake source scripted with the snapshots the simulated one read, its clock moved as
        // time passes, each request scheduled as it arrives.
        let clock = ManualClock()
        let live = Governor(
            policy: F.policy,
            energyModel: F.energy,
            source: FakeHostSource(script: snapshots),
            clock: clock,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            metricsFactory: NOOPMetricsHandler.instance,
            configuration: driver.governor.configuration
        )
        let liveDecisions = Self.collect(live.decisions())
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await live.run() }
            await clock.waitForSleepers(1)
            for request in requests {
                guard var sensory = request.item.request else { continue }
                sensory.usage = request.usage
                await Self.advance(clock, while: { $0 < request.timeSeconds })
                _ = try? await live.schedule(sensory, at: request.timeSeconds)
                await clock.waitForSleepers(1)
                await Self.advance(clock, while: { $0 <= request.timeSeconds })
            }
            group.cancelAll()
        }
        let decided = await liveDecisions.value

        #expect(decided.count == simulated.count)
        for (index, (liveDecision, simulatedDecision)) in zip(decided, simulated).enumerated() {
            let same =
                liveDecision.requestID == simulatedDecision.requestID && liveDecision.outcome == simulatedDecision.outcome
                && liveDecision.ruleNames == simulatedDecision.ruleNames
                && liveDecision.condition.isSameState(as: simulatedDecision.condition)
                && abs(liveDecision.energyAfterMillijoules - simulatedDecision.energyAfterMillijoules) <= 1e-9
            #expect(
                same,
                "request \(index + 1): live \(liveDecision.outcome) \(liveDecision.ruleNames), simulated \(simulatedDecision.outcome) \(simulatedDecision.ruleNames)"
            )
            if !same { break }
        }
    }

    /// Moves `clock` to each deadline that satisfies `condition`, waiting for the run loop to sleep again after each.
    static func advance(_ clock: ManualClock, while condition: (Double) -> Bool) async {
        while let deadline = clock.nextDeadline, condition(deadline) {
            clock.advance(to: deadline)
            await clock.waitForSleepers(1)
        }
    }

    /// Everything `stream` yields until it finishes (the governor shuts down when its run ends).
    static func collect<Element: Sendable>(_ stream: AsyncStream<Element>) -> Task<[Element], Never> {
        Task {
            var all: [Element] = []
            for await element in stream { all.append(element) }
            return all
        }
    }
}
