import Testing

@testable import TemperCore

@Suite struct QueueTests {
    private func request(_ id: String) -> SensoryRequest {
        SensoryRequest(id: id, usage: .ui, kind: .system(.selection))
    }

    @Test func entriesLeaveInTargetOrderAndTiesInArrivalOrder() throws {
        var queue = PendingQueue(capacity: 8)
        for (id, time) in [("c", 3.0), ("a", 1.0), ("b1", 2.0), ("b2", 2.0)] {
            _ = try queue.insert(request(id), at: time)
        }
        #expect(queue.nextTargetTime == 1)
        #expect(queue.popDue(through: 0.5).isEmpty)
        #expect(queue.popDue(through: 2).map(\.request.id) == ["a", "b1", "b2"])
        #expect(queue.count == 1)
    }

    @Test func aFullQueueRejectsWithQueueFull() throws {
        var queue = PendingQueue(capacity: 2)
        _ = try queue.insert(request("1"), at: 1)
        _ = try queue.insert(request("2"), at: 1)
        let error = #expect(throws: TemperError.self) { _ = try queue.insert(request("3"), at: 1) }
        #expect(error?.code == .queueFull)
        #expect(error?.message.contains("'3'") == true)
        #expect(queue.count == 2)
    }

    @Test func cancellationRemovesOnlyThatTicket() throws {
        var queue = PendingQueue(capacity: 4)
        let first = try queue.insert(request("1"), at: 1)
        let second = try queue.insert(request("2"), at: 1)
        #expect(queue.remove(ticket: first)?.request.id == "1")
        #expect(queue.remove(ticket: first) == nil)
        #expect(queue.entry(ticket: second) != nil)
        #expect(first != second)
    }
}
