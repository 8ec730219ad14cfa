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
        #expect(queue.popFirst(dueBy: 0.5) == nil)
        #expect(Self.popDue(&queue, through: 2).map(\.request.id) == ["a", "b1", "b2"])
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

    /// Issue 20: the queue was a sorted array whose front removal cost O(n) (28 % of the simulator's instructions at
    /// 100 requests a second). As a heap it must still release in (target time, arrival) order through any mix of
    /// inserts, due releases and cancellations, and cancellation must still find exactly its ticket.
    @Test func aHeapReleasesInTargetThenArrivalOrderThroughInsertsReleasesAndCancels() throws {
        var queue = PendingQueue(capacity: 10_000)
        var generator = SplitMix(state: 20)
        var waiting: [(ticket: UInt64, time: Double, id: String)] = []
        var released: [String] = []
        var expected: [String] = []
        var now = 0.0
        for round in 0..<2_000 {
            // Whole tenths, so many targets tie and arrival order decides.
            let time = now + Double(generator.next() % 30) / 10
            let id = "r\(round)"
            waiting.append((try queue.insert(request(id), at: time), time, id))
            if generator.next() % 5 == 0, !waiting.isEmpty {
                let victim = waiting.remove(at: Int(generator.next() % UInt64(waiting.count)))
                #expect(queue.remove(ticket: victim.ticket)?.request.id == victim.id)
                #expect(queue.remove(ticket: victim.ticket) == nil)
            }
            if round % 7 == 0 {
                now += 0.5
                let due = waiting.filter { $0.time <= now }.sorted { ($0.time, $0.ticket) < ($1.time, $1.ticket) }
                expected += due.map(\.id)
                waiting.removeAll { $0.time <= now }
                released += Self.popDue(&queue, through: now).map(\.request.id)
            }
            #expect(queue.count == waiting.count)
        }
        #expect(released == expected)
        let rest = waiting.sorted { ($0.time, $0.ticket) < ($1.time, $1.ticket) }
        #expect(queue.nextTargetTime == rest.first?.time)
        #expect(queue.removeAll().map(\.request.id) == rest.map(\.id))
        #expect(queue.isEmpty)
    }

    @Test func aProvisionalLookFindsTheEntryWhereverItSitsInTheHeap() throws {
        var queue = PendingQueue(capacity: 16)
        let tickets = try (0..<10).map { try queue.insert(request("\($0)"), at: Double(10 - $0)) }
        for (index, ticket) in tickets.enumerated() {
            #expect(queue.entry(ticket: ticket)?.request.id == "\(index)")
            #expect(queue.entry(ticket: ticket)?.targetTime == Double(10 - index))
        }
    }

    /// Every entry due by `time`, earliest first.
    private static func popDue(_ queue: inout PendingQueue, through time: Double) -> [PendingQueue.Entry] {
        var due: [PendingQueue.Entry] = []
        while let entry = queue.popFirst(dueBy: time) { due.append(entry) }
        return due
    }
}

/// A seeded generator for the queue's random mix (SplitMix64).
private struct SplitMix {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
