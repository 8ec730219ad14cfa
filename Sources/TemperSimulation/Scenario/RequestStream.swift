import FoundationEssentials
public import TemperCore

/// A stream of feedback requests: when they arrive, and what each one asks for.
public struct RequestStream: Sendable, Hashable {
    /// When requests arrive.
    public enum Arrivals: Sendable, Hashable {
        /// One request every `everySeconds`.
        case periodic(everySeconds: Double)
        /// Random arrivals at `perSecond` on average, from the stream's own seeded generator.
        case poisson(perSecond: Double)
        /// `count` requests `spacingSeconds` apart, a burst every `everySeconds`.
        case bursts(count: Int, spacingSeconds: Double, everySeconds: Double)
    }

    /// What one request of the stream asks for.
    public enum Payload: Sendable, Hashable {
        /// An AHAP file, the path relative to the scenario file.
        case pattern(path: String)
        /// A request file (JSON, the form `temper rewrite --request` reads), relative to the scenario file.
        case request(path: String)
    }

    public var name: String
    public var arrivals: Arrivals
    /// Cycled in order: the first request plays the first payload, and so on.
    public var payloads: [Payload]
    /// The usage every request of the stream is made with; `nil` keeps each request file's own usage (a pattern's
    /// is `game`).
    public var usage: UsageClass?
    public var startSeconds: Double
    /// `nil` runs to the end of the scenario.
    public var endSeconds: Double?
    /// Overrides the seed derived from the scenario's seed.
    public var seed: UInt64?
    /// Where each payload is named in the scenario file, in the order of ``payloads``; empty when not read from one.
    public var payloadLocations: [EntryLocation] = []

    public init(
        name: String,
        arrivals: Arrivals,
        payloads: [Payload],
        usage: UsageClass? = nil,
        startSeconds: Double = 0,
        endSeconds: Double? = nil,
        seed: UInt64? = nil
    ) {
        self.name = name
        self.arrivals = arrivals
        self.payloads = payloads
        self.usage = usage
        self.startSeconds = startSeconds
        self.endSeconds = endSeconds
        self.seed = seed
    }

    /// About how many requests the stream makes in a run of `durationSeconds` (rate × window, count ×
    /// repetitions), for the scenario's ceiling on requests; computed without making them.
    public func expectedRequests(durationSeconds: Double) -> Double {
        let window = max(0, min(endSeconds ?? durationSeconds, durationSeconds) - startSeconds)
        switch arrivals {
        case .periodic(let every): return every > 0 ? (window / every).rounded(.up) : 0
        case .poisson(let perSecond): return perSecond * window
        case .bursts(let count, _, let every): return every > 0 ? Double(count) * (window / every).rounded(.up) : 0
        }
    }

    /// Every arrival time in `[start, min(end, duration))`, in order. Deterministic for a given seed.
    public func arrivalTimes(durationSeconds: Double, scenarioSeed: UInt64, streamIndex: Int) -> [Double] {
        var arrivals = ArrivalIterator(self, durationSeconds: durationSeconds, scenarioSeed: scenarioSeed, streamIndex: streamIndex)
        var times: [Double] = []
        while let arrival = arrivals.next() { times.append(arrival.time) }
        return times
    }
}
