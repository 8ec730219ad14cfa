import TemperTestKit
import Testing

@testable import TemperCore

/// Issue 20: the simulator read every decision through an `AsyncStream` (14 % of its instructions were the stream's
/// unspecialized generic code). A recorder on the governor's actor takes them instead; it must see every final
/// decision the stream sees, in the same order: submitted, released, cancelled and shut down.
@Suite struct DecisionRecorderTests {
    typealias S = GovernorTestSupport

    @Test func theRecorderGetsEveryFinalDecisionTheStreamGetsInOrder() async throws {
        let clock = ManualClock()
        let governor = S.governor(clock: clock)
        let recorded = RecordedDecisions()
        await governor.recordDecisions { recorded.append($0) }
        let stream = governor.decisions()
        _ = await governor.submit(S.explosion("submitted"))
        let cancelled = try await governor.schedule(S.explosion("cancelled"), at: 5)
        _ = try await governor.schedule(S.explosion("released"), at: 1)
        _ = try await governor.schedule(S.explosion("shut down"), at: 9)
        await cancelled.cancel()
        _ = await governor.drain(now: 2)
        await governor.shutdown()

        var streamed: [String] = []
        for await decision in stream { streamed.append(decision.requestID) }
        #expect(streamed == ["submitted", "cancelled", "released", "shut down"])
        #expect(recorded.ids == streamed)

        await governor.recordDecisions(nil)
        _ = await governor.submit(S.explosion("after"))
        #expect(recorded.ids.count == 4, "a removed recorder gets nothing more")
    }
}

/// Decisions a recorder was handed, from any task.
private final class RecordedDecisions: Sendable {
    private let decisions = Locked<[String]>([])

    func append(_ decision: Decision) { decisions.withLock { $0.append(decision.requestID) } }
    var ids: [String] { decisions.withLock { $0 } }
}
