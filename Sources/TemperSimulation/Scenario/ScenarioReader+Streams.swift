import TemperCore

extension ScenarioReader {
    static let streamKeys: Set<String> = [
        "name", "kind", "every", "rate", "count", "spacing", "patterns", "requests", "usage", "from", "until", "seed",
    ]

    /// Every stream, each read on its own; with the duration known, the streams together are held to
    /// ``Scenario/maxRequests`` (the first stream past it is the error).
    mutating func readStreams(_ list: YAMLValue, durationSeconds: Double?) -> [RequestStream] {
        var total = 0.0
        var overLimit = false
        return eachItem(of: list) { reader, item, previous in
            guard let stream = reader.readStream(item, index: previous.count) else { return nil }
            guard let durationSeconds, !overLimit else { return stream }
            total += stream.expectedRequests(durationSeconds: durationSeconds)
            guard total <= Double(Scenario.maxRequests) else {
                overLimit = true
                reader.problems.record(
                    item.error(
                        .invalidScenario,
                        "the streams would make about \(QuantityLimits.number(total.rounded(.up))) requests, more than the limit of \(Scenario.maxRequests); lower the rate or count, or shorten the window"
                    )
                )
                return nil
            }
            return stream
        }
    }

    private mutating func readStream(_ item: YAMLValue, index: Int) -> RequestStream? {
        let clean = knownKeysOnly(item, Self.streamKeys)
        let arrivals = attempt { () throws(TemperError) in try Self.arrivals(item) }
        var payloads: [RequestStream.Payload] = []
        var locations: [EntryLocation] = []
        var payloadsRead = true
        for (key, payload) in [("patterns", RequestStream.Payload.pattern(path:)), ("requests", RequestStream.Payload.request(path:))] {
            guard let node = item[key] else { continue }
            guard let named = attempt({ () throws(TemperError) in try Self.paths(node) }) else {
                payloadsRead = false
                continue
            }
            payloads += named.map { payload($0.path) }
            locations += named.map(\.location)
        }
        if payloadsRead, payloads.isEmpty { problems.record(item.error(.missingKey, "a stream needs 'patterns' or 'requests'")) }
        let start = attempt { () throws(TemperError) in
            try item["from"].map { (value) throws(TemperError) in try value.durationSeconds() } ?? 0
        }
        let end = attempt { () throws(TemperError) in try item["until"].map { (value) throws(TemperError) in try value.durationSeconds() } }
        if let start, let end = end ?? nil, end < start, let until = item["until"] {
            problems.record(until.error(.invalidScenario, "'until' is before 'from'"))
            return nil
        }
        let seed = attempt { () throws(TemperError) in
            try item["seed"].map { (value) throws(TemperError) in UInt64(try value.int(in: 0...Int.max)) }
        }
        let name = attempt { () throws(TemperError) in try item["name"]?.string() ?? "stream \(index + 1)" }
        let usage = attempt { () throws(TemperError) in try item["usage"]?.oneOf(UsageClass.self) }
        guard clean, payloadsRead, !payloads.isEmpty, let arrivals, let start, let end, let seed, let name, let usage else { return nil }
        var stream = RequestStream(
            name: name,
            arrivals: arrivals,
            payloads: payloads,
            usage: usage,
            startSeconds: start,
            endSeconds: end,
            seed: seed
        )
        stream.payloadLocations = locations
        return stream
    }

    private static func arrivals(_ item: YAMLValue) throws(TemperError) -> RequestStream.Arrivals {
        let kind = try item.require("kind")
        switch try kind.string() {
        case "periodic":
            return .periodic(everySeconds: try item.require("every").durationSeconds(in: QuantityLimits.positiveSeconds))
        case "poisson":
            return .poisson(perSecond: try item.require("rate").ratePerSecond(in: Scenario.poissonRates))
        case "burst", "bursts":
            return .bursts(
                count: try item.require("count").int(in: Scenario.burstCounts),
                spacingSeconds: try item["spacing"].map { (value) throws(TemperError) in try value.durationSeconds() } ?? 0.05,
                everySeconds: try item.require("every").durationSeconds(in: QuantityLimits.positiveSeconds)
            )
        case let other:
            throw kind.error(.invalidValue, "expected one of periodic, poisson, burst, found '\(other)'")
        }
    }

    private static func paths(_ value: YAMLValue) throws(TemperError) -> [(path: String, location: EntryLocation)] {
        if value.isScalar { return [(try value.string(), EntryLocation(value))] }
        return try value.items().map { (item) throws(TemperError) in (try item.string(), EntryLocation(item)) }
    }
}
