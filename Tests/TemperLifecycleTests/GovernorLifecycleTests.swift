import Logging
import ServiceLifecycle
import TemperCore
import TemperLifecycle
import TemperTestKit
import Testing

/// The governor's life: initial, running, finished, as a `ServiceGroup` keeps its own.
@Suite struct GovernorLifecycleTests {
    static func governor(clock: ManualClock = ManualClock()) -> Governor {
        Governor(
            policy: .default,
            energyModel: TestEnergyModel(),
            source: FakeHostSource(),
            clock: clock,
            logger: Logger(label: "temper.lifecycle.test") { _ in SwiftLogNoOpLogHandler() }
        )
    }

    static func request(_ id: String) -> SensoryRequest {
        SensoryRequest(id: id, usage: .game, kind: .system(.impact(.heavy, intensity: 1)))
    }

    @Test func aSecondRunThrowsAlreadyRunningAndARunAfterShutdownThrowsAlreadyFinished() async throws {
        let clock = ManualClock()
        let governor = Self.governor(clock: clock)
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
        let governor = Self.governor()
        _ = try await governor.schedule(Self.request("waiting"), at: 10)
        await governor.shutdown()
        await governor.shutdown()  // a second shutdown changes nothing
        #expect(await governor.state == .finished)

        let late = await governor.submit(Self.request("late"))
        #expect(late.outcome == .dropped)
        #expect(late.reasons.map(\.code) == [.governorFinished])
        #expect(late.request == nil)

        let refused = await #expect(throws: TemperError.self) {
            _ = try await governor.schedule(Self.request("refused"), at: 20)
        }
        #expect(refused?.code == .alreadyFinished)
        #expect(await governor.pendingCount == 0)
    }

    @Test func aGovernorThatNeverRanCanShutDownAndThenCannotRun() async {
        let governor = Self.governor()
        await governor.shutdown()
        let error = await #expect(throws: TemperError.self) { try await governor.run() }
        #expect(error?.code == .alreadyFinished)
    }
}
