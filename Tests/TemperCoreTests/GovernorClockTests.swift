import TemperTestKit
import Testing

@testable import TemperCore

@Suite struct GovernorClockTests {
    @Test func aVirtualClockWakesSleepersOnlyWhenTheirTimeComes() async throws {
        let clock = ManualClock(now: 10)
        let early = Task { try await clock.sleep(until: 11) }
        let late = Task { try await clock.sleep(until: 20) }
        await clock.waitForSleepers(2)
        #expect(clock.nextDeadline == 11)
        clock.advance(by: 1.5)
        try await early.value
        #expect(clock.sleeperCount == 1)
        #expect(clock.now == 11.5)
        clock.advance(to: 5)
        #expect(clock.now == 11.5, "time never goes back")
        clock.advance(to: 20)
        try await late.value
        #expect(clock.sleeperCount == 0)
    }

    @Test func aPastDeadlineReturnsAtOnce() async throws {
        let clock = ManualClock(now: 3)
        try await clock.sleep(until: 2)
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingASleeperThrowsCancellation() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(until: 100) }
        await clock.waitForSleepers(1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func aFakeSourcePlaysItsScriptThenRepeatsTheLast() async {
        let source = FakeHostSource(script: [.fake(celsius: 40), .fake(celsius: 80)])
        #expect(await source.snapshot().temperatures.first?.celsius == 40)
        #expect(await source.snapshot().temperatures.first?.celsius == 80)
        #expect(await source.snapshot().temperatures.first?.celsius == 80)
        source.set(.fake(celsius: 60))
        #expect(await source.snapshot().temperatures.first?.celsius == 60)
        #expect(source.snapshotCount == 4)
    }

    @Test func theContinuousClockCountsFromItsOrigin() async throws {
        let clock = ContinuousGovernorClock(ContinuousClock())
        let start = clock.now
        #expect(start >= 0)
        try await clock.sleep(until: start)
        #expect(clock.now >= start)
        let late = ContinuousGovernorClock(ContinuousClock(), origin: ContinuousClock.now.advanced(by: .seconds(-10)))
        #expect(late.now >= 10)
    }

    @Test func durationsConvertToSeconds() {
        #expect(Duration.milliseconds(1500).seconds == 1.5)
        #expect(abs(Duration.nanoseconds(1).seconds - 1e-9) < 1e-18)
    }
}
