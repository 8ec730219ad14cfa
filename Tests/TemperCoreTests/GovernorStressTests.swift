import Foundation
import TemperCore
import TemperTestKit
import Testing

/// Many tasks at once through one governor: every request accepted gets exactly one final decision, whatever
/// interleaving of submit, schedule, cancel, drain and condition changes the scheduler picks. A correctness test,
/// not a timed one.
@Suite struct GovernorStressTests {
    static let tasks = 8
    static let requestsPerTask = 100_000

    /// How many final decisions each request got, by its number.
    ///
    /// Guarded by an `NSLock` rather than `Mutex`: on Linux `Mutex` waits on a raw futex, which ThreadSanitizer
    /// cannot see, so `scripts/tsan.sh` would report the tally itself as a race.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [UInt8]
        private(set) var refused = 0
        init(_ size: Int) { counts = [UInt8](repeating: 0, count: size) }

        func record(_ decisions: [Decision]) {
            lock.withLock {
                for decision in decisions { counts[Int(decision.requestID)!] &+= 1 }
            }
        }

        /// A request the queue refused (`queueFull`) gets no decision; mark it so it is expected to have none.
        func refuse(_ index: Int) {
            lock.withLock {
                counts[index] = 100
                refused += 1
            }
        }

        var snapshot: (counts: [UInt8], refused: Int) { lock.withLock { (counts, refused) } }
    }

    static let request = SensoryRequest(id: "x", usage: .game, kind: .system(.impact(.medium, intensity: 0.8)))

    @Test func eightTasksOfAHundredThousandRequestsEachGetExactlyOneDecisionPerRequest() async throws {
        let total = Self.tasks * Self.requestsPerTask
        let clock = ManualClock()
        // Prices that add (TestEnergyModel's): this test is about one decision per request under contention, and
        // 800,000 requests spread over 100 s would otherwise each be mixed with what plays around it.
        let governor = GovernorTestSupport.governor(clock: clock, configuration: .init(queueCapacity: 4096), energyModel: TestEnergyModel())
        let tally = Tally(total)
        let tiers: [Condition] = [
            .nominal, Condition(tier: .fair), Condition(tier: .serious), Condition(tier: .critical), Condition(tier: .fair, lowPower: true),
        ]

        await withTaskGroup(of: Void.self) { group in
            for task in 0..<Self.tasks {
                group.addTask {
                    var handles: [ScheduledRequest] = []
                    for step in 0..<Self.requestsPerTask {
                        let index = task * Self.requestsPerTask + step
                        var request = Self.request
                        request.id = String(index)
                        let now = Double(step) * 0.001
                        switch step % 5 {
                        case 0:
                            tally.record([await governor.submit(request)])
                        case 1, 2:
                            do {
                                let handle = try await governor.schedule(request, at: now + Double(step % 7) * 0.002)
                                if step % 5 == 2 { handles.append(handle) }
                            } catch {
                                tally.refuse(index)
                            }
                        case 3:
                            // Cancel an earlier request of this task; it may already have been released by a drain.
                            // A cancel's decision is returned and also kept for the next drain: counted there.
                            if let handle = handles.popLast() { _ = await handle.cancel() }
                            tally.record(await governor.drain(now: now))
                            do { _ = try await governor.schedule(request, at: now + 0.001) } catch { tally.refuse(index) }
                        default:
                            if task == 0, step % 50 == 4 { await governor.setCondition(tiers[(step / 50) % tiers.count]) }
                            tally.record(await governor.drain(now: now))
                            tally.record([await governor.submit(request)])
                        }
                    }
                }
            }
        }
        // What is still waiting is released by a last drain, and a shutdown ends what nothing could release.
        tally.record(await governor.drain(now: Double(Self.requestsPerTask)))
        await governor.shutdown()
        tally.record(await governor.drain(now: 0))

        let (counts, refused) = tally.snapshot
        let wrong = counts.enumerated().filter { $0.element != 1 && $0.element != 100 }
        let examples = wrong.prefix(5).map { "#\($0.offset): \($0.element)" }
        #expect(wrong.count == 0, "requests without exactly one decision, e.g. \(examples)")
        #expect(await governor.pendingCount == 0)
        // The queue was large enough that refusals, if any, stayed rare.
        #expect(refused < total / 100)
    }
}
