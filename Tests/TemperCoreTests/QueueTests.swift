@testable import TemperCore
import Testing

@Suite struct QueueTests {
    private func request(_ id: String) -> SensoryRequest {
        SensoryRequest(id: id, usage: .ui, kind: .system(.selection))
    }

    private func placeholder(_ id: String) -> Decision {
        Decision(requestID: id, usage: .ui, outcome: .pass, request: request(id), rules: [], energyBeforeMillijoules: 1, energyAfterMillijoules: 1, condition: .nominal)
    }

    @Test func entriesLeaveInTargetOrderAndTiesInArrivalOrder() throws {
        var queue = PendingQueue(capacity: 8)
        for (id, time) in [("c", 3.0), ("a", 1.0), ("b1", 2.0), ("b2", 2.0)] {
            _ = try queue.insert(request(id), at: time, provisional: placeholder(id))
        }
        #expect(queue.nextTargetTime == 1)
        #expect(queue.popDue(through: 0.5).isEmpty)
        #expect(queue.popDue(through: 2).map(\.request.id) == ["a", "b1", "b2"])
        #expect(queue.count == 1)
    }

    @Test func aFullQueueRejectsWithQueueFull() throws {
        var queue = PendingQueue(capacity: 2)
        _ = try queue.insert(request("1"), at: 1, provisional: placeholder("1"))
        _ = try queue.insert(request("2"), at: 1, provisional: placeholder("2"))
        let error = #expect(throws: TemperError.self) { _ = try queue.insert(request("3"), at: 1, provisional: placeholder("3")) }
        #expect(error?.code == .queueFull)
        #expect(error?.message.contains("'3'") == true)
        #expect(queue.count == 2)
    }

    @Test func cancellationRemovesOnlyThatTicket() throws {
        var queue = PendingQueue(capacity: 4)
        let first = try queue.insert(request("1"), at: 1, provisional: placeholder("1"))
        let second = try queue.insert(request("2"), at: 1, provisional: placeholder("2"))
        #expect(queue.remove(ticket: first)?.request.id == "1")
        #expect(queue.remove(ticket: first) == nil)
        #expect(queue.entry(ticket: second) != nil)
        #expect(first != second)
    }

    @Test func redecidingReplacesEveryProvisionalDecision() throws {
        var queue = PendingQueue(capacity: 4)
        _ = try queue.insert(request("1"), at: 1, provisional: placeholder("1"))
        _ = try queue.insert(request("2"), at: 2, provisional: placeholder("2"))
        queue.redecide { entry in
            var decision = entry.provisional
            decision.outcome = .dropped
            return decision
        }
        #expect(queue.all.allSatisfy { $0.provisional.outcome == .dropped })
    }
}
