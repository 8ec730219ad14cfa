/// Scheduled requests waiting for their target time.
///
/// Bounded: inserting into a full queue throws ``TemperError/Code/queueFull``, never drops silently. Entries leave
/// in target-time order (ties in the order they came), by being due, by cancellation, or all at once on shutdown.
/// Pure: time is passed in.
struct PendingQueue: Sendable {
    /// One waiting request.
    struct Entry: Sendable, Hashable {
        /// Unique for the queue's life; what a handle names.
        var ticket: UInt64
        var request: SensoryRequest
        var targetTime: Double
    }

    let capacity: Int
    /// Sorted by (targetTime, ticket).
    private var entries: [Entry] = []
    private var nextTicket: UInt64 = 1

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }
    /// The earliest target time waiting, if any.
    var nextTargetTime: Double? { entries.first?.targetTime }

    /// Adds a request; returns its ticket.
    mutating func insert(_ request: SensoryRequest, at targetTime: Double) throws(TemperError) -> UInt64 {
        guard entries.count < capacity else {
            throw TemperError(
                code: .queueFull,
                message: "the pending queue is full (\(capacity) requests); request '\(request.id)' was not scheduled"
            )
        }
        let ticket = nextTicket
        nextTicket += 1
        let entry = Entry(ticket: ticket, request: request, targetTime: targetTime)
        let index = insertionIndex(for: targetTime)
        entries.insert(entry, at: index)
        return ticket
    }

    /// Removes and returns the entry for `ticket`, or `nil` when it is no longer waiting.
    mutating func remove(ticket: UInt64) -> Entry? {
        guard let index = entries.firstIndex(where: { $0.ticket == ticket }) else { return nil }
        return entries.remove(at: index)
    }

    func entry(ticket: UInt64) -> Entry? { entries.first { $0.ticket == ticket } }

    /// Removes and returns every entry whose target time is at or before `time`, earliest first.
    mutating func popDue(through time: Double) -> [Entry] {
        let end = entries.firstIndex { $0.targetTime > time } ?? entries.count
        guard end > 0 else { return [] }
        let due = Array(entries[..<end])
        entries.removeFirst(end)
        return due
    }

    /// Removes and returns everything.
    mutating func removeAll() -> [Entry] {
        defer { entries.removeAll() }
        return entries
    }

    /// After every entry with a target at or before `time` (binary search keeps ties in arrival order).
    private func insertionIndex(for time: Double) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].targetTime <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
