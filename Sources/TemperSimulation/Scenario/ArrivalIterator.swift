import FoundationEssentials
import Glibc

/// A stream's arrivals made one at a time, as the run reaches them, so a run holds no list of them: in time order,
/// ties in the order they were made, each with its index in that order (which picks its payload). Deterministic for
/// a given seed. Bursts may overlap (a burst longer than its period); the members of the bursts begun and not yet
/// handed out wait in time order, at most a few bursts' worth.
struct ArrivalIterator: IteratorProtocol {
    typealias Element = (time: Double, index: Int)

    private let arrivals: RequestStream.Arrivals
    private let start: Double
    private let end: Double
    /// Arrivals made so far: the index of the next one made.
    private var made = 0
    /// Periodic: the next arrival's number; bursts: the next burst's.
    private var count = 0.0
    /// Poisson: the last arrival's time and the stream's generator.
    private var time: Double
    private var generator: SeededGenerator
    /// Bursts: members of the bursts begun, not yet handed out, in (time, index) order from `head`.
    private var waiting: [Element] = []
    private var head = 0

    init(_ stream: RequestStream, durationSeconds: Double, scenarioSeed: UInt64, streamIndex: Int) {
        arrivals = stream.arrivals
        start = stream.startSeconds
        end = min(stream.endSeconds ?? durationSeconds, durationSeconds)
        time = stream.startSeconds
        generator = stream.seed.map(SeededGenerator.init(seed:)) ?? .derived(from: scenarioSeed, stream: streamIndex)
    }

    mutating func next() -> Element? {
        switch arrivals {
        case .periodic(let every):
            let next = start + count * every
            guard every > 0, next < end else { return nil }
            count += 1
            return arrival(at: next)
        case .poisson(let perSecond):
            guard perSecond > 0, time < end else { return nil }
            time += -Glibc.log(generator.nextUnitInterval()) / perSecond
            return time < end ? arrival(at: time) : nil
        case .bursts(let members, let spacing, let every):
            guard every > 0, members > 0 else { return nil }
            // A burst not yet begun has no member earlier than this, so whatever waits earlier can go first.
            while start + count * every < end,
                head == waiting.count || start + count * every + min(0, Double(members - 1) * spacing) <= waiting[head].time
            {
                beginBurst(members: members, spacing: spacing, every: every)
            }
            guard head < waiting.count else { return nil }
            head += 1
            return waiting[head - 1]
        }
    }

    private mutating func arrival(at time: Double) -> Element {
        made += 1
        return (time, made - 1)
    }

    /// Makes burst `count`'s members that fall before the end and merges them into what waits.
    private mutating func beginBurst(members: Int, spacing: Double, every: Double) {
        var burst: [Element] = []
        for member in 0..<members {
            let time = start + count * every + Double(member) * spacing
            if time < end { burst.append(arrival(at: time)) }
        }
        count += 1
        let precedes = { (a: Element, b: Element) in a.time < b.time || (a.time == b.time && a.index < b.index) }
        burst.sort(by: precedes)
        var merged: [Element] = []
        merged.reserveCapacity(waiting.count - head + burst.count)
        var left = head
        var right = 0
        while left < waiting.count || right < burst.count {
            if right == burst.count || (left < waiting.count && precedes(waiting[left], burst[right])) {
                merged.append(waiting[left])
                left += 1
            } else {
                merged.append(burst[right])
                right += 1
            }
        }
        waiting = merged
        head = 0
    }
}
