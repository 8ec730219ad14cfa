import TemperCore

/// Every request of a run in time order (streams in file order break ties, then each stream's own order), made one
/// at a time as it is iterated: a run of any length holds only the requests between its clock and the scheduling
/// horizon. Each stream cycles through its items in the order its arrivals are made; the ids count from 1.
/// Deterministic for the scenario's seed.
public struct SimulatedArrivals: Sequence, Sendable {
    private let setup: SimulationSetup

    init(_ setup: SimulationSetup) {
        self.setup = setup
    }

    public func makeIterator() -> Iterator { Iterator(setup) }

    public struct Iterator: IteratorProtocol, Sendable {
        /// One stream with items: its arrivals, its items, its usage and its next arrival.
        private struct Source {
            var index: Int
            var arrivals: ArrivalIterator
            var items: [FeedbackItem]
            var usage: UsageClass?
            var next: ArrivalIterator.Element?
        }

        private var sources: [Source]
        private var made = 0

        init(_ setup: SimulationSetup) {
            let scenario = setup.scenario
            sources = scenario.streams.enumerated().compactMap { index, stream in
                guard index < setup.items.count, !setup.items[index].isEmpty else { return nil }
                var arrivals = ArrivalIterator(
                    stream,
                    durationSeconds: scenario.durationSeconds,
                    scenarioSeed: scenario.seed,
                    streamIndex: index
                )
                let next = arrivals.next()
                return Source(index: index, arrivals: arrivals, items: setup.items[index], usage: stream.usage, next: next)
            }
        }

        public mutating func next() -> SimulatedRequest? {
            // The earliest next arrival; a tie goes to the stream named first (the sources are in file order).
            var earliest: Int?
            for position in sources.indices {
                guard let time = sources[position].next?.time else { continue }
                if let best = earliest, let bestTime = sources[best].next?.time, bestTime <= time { continue }
                earliest = position
            }
            guard let position = earliest, let arrival = sources[position].next else { return nil }
            sources[position].next = sources[position].arrivals.next()
            let items = sources[position].items
            let item = items[arrival.index % items.count]
            made += 1
            return SimulatedRequest(
                id: made,
                timeSeconds: arrival.time,
                streamIndex: sources[position].index,
                item: item,
                usage: sources[position].usage ?? item.request?.usage ?? .game
            )
        }
    }
}
