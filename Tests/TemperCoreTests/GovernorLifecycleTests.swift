import ServiceLifecycle
import TemperCore
import TemperTestKit
import Testing

/// The governor's life: initial, running, finished, as a `ServiceGroup` keeps its own.
@Suite struct GovernorLifecycleTests {
    @Test func aSecondRunThrowsAlreadyRunningAndARunAfterShutdownThrowsAlreadyFinished() async throws {
        let clock = ManualClock()
        let governor = GovernorTestSupport.governor(clock: clock)
        #expect(await governor.state == .initial)
        let running = Task { try await governor.run() }
        await clock.waitForSleepers(1)
        #expect(await governor.state == .running)

        let second = await #expect(throws: TemperError.self) { try await governor.run() }
        #expect(second?.code == .alreadyRunning)

        running.cancel()
        try await running.value
        #expect(await governor.state == .finished)
        let third = await #expect(throws: TemperError.self) { try await governor.run() }
        #expect(third?.code == .alreadyFinished)
    }

    @Test func workAfterShutdownIsRejectedWithACodeAndStillGetsOneDecision() async throws {
        let governor = GovernorTestSupport.governor()
        _ = try await governor.schedule(GovernorTestSupport.explosion("waiting"), at: 10)
        await governor.shutdown()
        await governor.shutdown()  // a second shutdown changes nothing
        #expect(await governor.state == .finished)

        let late = await governor.submit(GovernorTestSupport.explosion("late"))
        #expect(late.outcome == .dropped)
        #expect(late.fired("governor.finished"))
        #expect(late.request == nil)

        let refused = await #expect(throws: TemperError.self) {
            _ = try await governor.schedule(GovernorTestSupport.explosion("refused"), at: 20)
        }
        #expect(refused?.code == .alreadyFinished)
        #expect(await governor.pendingCount == 0)
    }

    @Test func aGovernorThatNeverRanCanShutDownAndThenCannotRun() async {
        let governor = GovernorTestSupport.governor()
        await governor.shutdown()
        let error = await #expect(throws: TemperError.self) { try await governor.run() }
        #expect(error?.code == .alreadyFinished)
    }
}
