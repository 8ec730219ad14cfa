/// Scheduled requests waiting for their target time.
///
/// Bounded: inserting into a full queue throws ``TemperError/Code/queueFull``, never drops silently. Entries leave
/// in target-time order (ties in the order they came), by being due, by cancellation, or all at once on shutdown.
/// Pure: time is passed in.
///
/// A binary heap of small keys over slots that hold the requests: a request is copied in once and out once, and
/// taking the earliest costs O(log n) however many wait (a sorted array paid O(n) to remove from its front).
struct PendingQueue: Sendable {
    /// One waiting request.
    struct Entry: Sendable, Hashable {
        /// Unique for the queue's life; what a handle names.
        var ticket: UInt64
        var request: SensoryRequest
        var targetTime: Double
    }

    /// What the heap orders: the target time, then the ticket (arrival order), and where the entry is kept.
    private struct Key {
        var targetTime: Double
        var ticket: UInt64
        var slot: Int

        func precedes(_ other: Key) -> Bool {
            targetTime < other.targetTime || (targetTime == other.targetTime && ticket < other.ticket)
        }
    }

    let capacity: Int
    /// A min-heap on (targetTime, ticket).
    private var heap: [Key] = []
    /// The waiting entries, at the slots their keys name; `nil` slots are listed in `freeSlots` for reuse.
    private var slots: [Entry?] = []
    private var freeSlots: [Int] = []
    private var nextTicket: UInt64 = 1

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { heap.count }
    var isEmpty: Bool { heap.isEmpty }
    /// The earliest target time waiting, if any.
    var nextTargetTime: Double? { heap.first?.targetTime }

    /// Adds a request; returns its ticket.
    mutating func insert(_ request: SensoryRequest, at targetTime: Double) throws(TemperError) -> UInt64 {
        guard heap.count < capacity else {
            throw TemperError(
                code: .queueFull,
                message: "the pending queue is full (\(capacity) requests); request '\(request.id)' was not scheduled"
            )
        }
        let ticket = nextTicket
        nextTicket += 1
        let entry = Entry(ticket: ticket, request: request, targetTime: targetTime)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = entry
        } else {
            slot = slots.count
            slots.append(entry)
        }
        heap.append(Key(targetTime: targetTime, ticket: ticket, slot: slot))
        siftUp(heap.count - 1)
        return ticket
    }

    /// Removes and returns the earliest entry if its target time is at or before `time`.
    mutating func popFirst(dueBy time: Double) -> Entry? {
        guard let first = heap.first, first.targetTime <= time else { return nil }
        return remove(at: 0)
    }

    /// Removes and returns the entry for `ticket`, or `nil` when it is no longer waiting.
    mutating func remove(ticket: UInt64) -> Entry? {
        guard let index = heap.firstIndex(where: { $0.ticket == ticket }) else { return nil }
        return remove(at: index)
    }

    func entry(ticket: UInt64) -> Entry? {
        heap.first { $0.ticket == ticket }.flatMap { slots[$0.slot] }
    }

    /// Removes and returns everything, earliest first.
    mutating func removeAll() -> [Entry] {
        let keys = heap.sorted { $0.precedes($1) }
        defer {
            heap.removeAll()
            slots.removeAll()
            freeSlots.removeAll()
        }
        return keys.compactMap { slots[$0.slot] }
    }

    /// Takes the entry at heap position `index` out, keeping the heap ordered.
    private mutating func remove(at index: Int) -> Entry? {
        let key = heap[index]
        let last = heap.removeLast()
        if index < heap.count {
            heap[index] = last
            if index > 0, last.precedes(heap[(index - 1) / 2]) { siftUp(index) } else { siftDown(index) }
        }
        let entry = slots[key.slot].take()
        freeSlots.append(key.slot)
        return entry
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        let key = heap[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard key.precedes(heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = key
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        let key = heap[parent]
        while true {
            var child = 2 * parent + 1
            guard child < heap.count else { break }
            if child + 1 < heap.count, heap[child + 1].precedes(heap[child]) { child += 1 }
            guard heap[child].precedes(key) else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = key
    }
}
