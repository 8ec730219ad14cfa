import TemperCore
import TemperTestKit
import Testing

/// Times that are not numbers never reach the queue: NaN would sort ahead of every earlier request, infinity
/// would wait for ever, and a drain at either would release the wrong requests.
@Suite struct GovernorBoundsTests {
    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aTargetTimeThatIsNotFiniteIsRefused(time: Double) async throws {
        let governor = GovernorTestSupport.governor()
        await #expect {
            _ = try await governor.schedule(GovernorTestSupport.explosion("bad"), at: time)
        } throws: { error in
            (error as? TemperError)?.code == .invalidRequest
        }
        #expect(await governor.pendingCount == 0)
    }

    @Test func aDrainAtATimeThatIsNotFiniteReleasesNothing() async throws {
        let governor = GovernorTestSupport.governor()
        _ = try await governor.schedule(GovernorTestSupport.explosion("early"), at: 1)
        _ = try await governor.schedule(GovernorTestSupport.explosion("late"), at: 5)
        #expect(await governor.drain(now: .nan).isEmpty)
        #expect(await governor.drain(now: .infinity).isEmpty)
        #expect(await governor.pendingCount == 2)
        #expect(await governor.drain(now: 2).map(\.requestID) == ["early"])
        #expect(await governor.drain(now: 5).map(\.requestID) == ["late"])
    }
}
