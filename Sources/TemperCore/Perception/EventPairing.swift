/// The events of a payload before a change paired with what is felt of each after it: the same event (same kind,
/// within 1 ms), or, where a change cut the pattern into other events (a conversion between formats), whatever
/// plays over the event's span after. Linear in the events, so a pattern of 80,000 events compares in one pass.
struct EventPairing {
    struct Pair {
        var before: FeltStrength.Event
        var after: FeltTrace.Reading
        /// Whether `after` is the same event, so its frequency may be compared with the others'.
        var matched: Bool
    }

    /// One pair per event felt before, in the events' order.
    var pairs: [Pair] = []

    init(before: FeltStrength, after: FeltStrength) {
        // After's events by kind and millisecond: a match is within 1 ms, so in this key or a neighbour.
        struct Key: Hashable {
            var type: String
            var millisecond: Int
        }
        func key(_ event: FeltStrength.Event, _ offset: Int = 0) -> Key? {
            let millisecond = (event.timeSeconds * 1000).rounded()
            guard millisecond.magnitude < 1e15 else { return nil }
            return Key(type: event.type, millisecond: Int(millisecond) + offset)
        }
        var waiting: [Key: [Int]] = [:]
        for index in after.events.indices.reversed() {
            if let key = key(after.events[index]) { waiting[key, default: []].append(index) }
        }
        for event in before.events where event.isFelt {
            var match: Int?
            for offset in [0, -1, 1] {
                guard let key = key(event, offset), let list = waiting[key] else { continue }
                if let place = list.lastIndex(where: { abs(after.events[$0].timeSeconds - event.timeSeconds) <= 1e-3 }) {
                    match = list[place]
                    waiting[key]!.remove(at: place)
                    break
                }
            }
            if let match {
                let found = after.events[match]
                let reading = FeltTrace.Reading(
                    levelDecibels: found.levelDecibels,
                    hertz: found.hertz,
                    feltSeconds: found.feltSeconds,
                    startSeconds: found.startSeconds,
                    endSeconds: found.endSeconds
                )
                pairs.append(Pair(before: event, after: reading, matched: true))
            } else {
                pairs.append(Pair(before: event, after: after.reading(from: event.startSeconds, to: event.endSeconds), matched: false))
            }
        }
    }

    /// Whether two matched events whose frequencies differed by at least the smallest frequency JND differ by less
    /// after. For each event the nearest one at least that far above it is checked: a change that keeps the order
    /// of frequencies (a move toward resonance does) squeezes no farther pair more than that one.
    var contrastLost: Bool {
        let jnd = 1 + VibrotactilePerception.smallestFrequencyJNDFraction
        let felt = pairs.filter { $0.matched && $0.before.hertz > 0 && $0.after.levelDecibels > 0 && $0.after.hertz > 0 }
            .sorted { $0.before.hertz < $1.before.hertz }
        for (index, pair) in felt.enumerated() {
            let above = MixedPlayback.firstIndex(in: index..<felt.count) { felt[$0].before.hertz >= pair.before.hertz * jnd }
            guard above < felt.count else { break }
            let (low, high) = (pair.after.hertz, felt[above].after.hertz)
            if max(low, high) / min(low, high) < jnd - 1e-9 { return true }
        }
        return false
    }
}
