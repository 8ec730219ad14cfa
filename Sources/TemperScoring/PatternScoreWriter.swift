import FoundationEssentials
import TemperAHAP
package import TemperCore

/// One ``PatternScore`` written straight into bytes, exactly as `TemperJSON`'s pretty encoder writes
/// `RoundedForPeople(score)`, at a given depth of a document.
///
/// Why a writer beside the `Codable` schema: `temper score --format json` over a pattern library spent 60 % of its
/// time in `JSONEncoder`, which builds a tree of boxed values for each event before it writes a byte (issue 36).
/// The `Codable` conformance stays the schema; this writes the same bytes for the fields every score has, and
/// hands the rare `trim` object to the encoder. `PatternScoreWriterTests` holds the two together byte for byte
/// over every pattern of the shared corpus and the examples.
package struct PatternScoreWriter: Sendable {
    /// The encoder for what the writer does not write itself, a score's `trim`: one for every writer, made once,
    /// since making an encoder costs more than writing a small pattern and most scores have no trim.
    private static let encoder = TemperJSON.encoder()

    package init() {}

    /// Appends `score` to `output`, its braces and lines indented `depth` levels (two spaces each), with no line
    /// break before its opening brace or after its closing one.
    package func append(_ score: PatternScore, depth: Int, to output: inout [UInt8]) throws {
        var object = ObjectWriter(depth: depth)
        object.open(into: &output)
        let estimate = score.estimate
        if let estimate {
            object.key("averageMilliwatts", into: &output)
            output.appendNumber(estimate.averageMilliwatts)
            object.key("breakdown", into: &output)
            var breakdown = ObjectWriter(depth: depth + 1)
            breakdown.open(into: &output)
            breakdown.number("audioMillijoules", estimate.breakdown.audioMillijoules, into: &output)
            breakdown.number("continuousMillijoules", estimate.breakdown.continuousMillijoules, into: &output)
            breakdown.number("overheadMillijoules", estimate.breakdown.overheadMillijoules, into: &output)
            breakdown.number("transientsMillijoules", estimate.breakdown.transientsMillijoules, into: &output)
            breakdown.close(into: &output)
            object.number("clippedSeconds", estimate.clippedSeconds, into: &output)
            object.number("durationSeconds", estimate.durationSeconds, into: &output)
            object.number("energyMillijoules", estimate.energyMillijoules, into: &output)
        }
        object.key("error", into: &output)
        if let error = score.error { output.appendString(error) } else { output.append(contentsOf: "null".utf8) }
        if let estimate {
            object.key("events", into: &output)
            appendEvents(estimate.events, depth: depth + 1, to: &output)
        }
        if let perception = score.perception {
            object.number("feltStrength", perception.feltStrength, into: &output)
            if let perJoule = perception.feltStrengthPerJoule { object.number("feltStrengthPerJoule", perJoule, into: &output) }
        }
        if let estimate { object.number("microampHours", estimate.microampHours, into: &output) }
        object.key("path", into: &output)
        output.appendString(score.path)
        if let estimate { object.number("peakMilliwatts", estimate.peakMilliwatts, into: &output) }
        if let peak = score.perception?.peakSensationDecibels { object.number("peakSensationDecibels", peak, into: &output) }
        if let estimate {
            object.number("playedFraction", estimate.playedFraction, into: &output)
            if !estimate.powerSeries.isEmpty {
                object.key("powerSeries", into: &output)
                appendSeries(estimate.powerSeries, depth: depth + 1, to: &output)
            }
        }
        object.key("status", into: &output)
        output.appendString(score.status.rawValue)
        if let trim = score.perception?.trim {
            object.key("trim", into: &output)
            try appendEncoded(trim, depth: depth + 1, to: &output)
        }
        object.key("warnings", into: &output)
        var warnings = ArrayWriter(depth: depth + 1)
        warnings.open(into: &output)
        for warning in score.warnings {
            warnings.element(into: &output)
            output.appendString(warning)
        }
        warnings.close(into: &output)
        object.close(into: &output)
    }

    private func appendEvents(_ events: [EventEnergy], depth: Int, to output: inout [UInt8]) {
        appendObjects(events, depth: depth, to: &output) { object, event, output in
            object.number("clippedSeconds", event.clippedSeconds, into: &output)
            object.number("energyMillijoules", event.energyMillijoules, into: &output)
            object.key("index", into: &output)
            output.append(contentsOf: String(event.index).utf8)
            object.number("overheadMillijoules", event.overheadMillijoules, into: &output)
            object.number("playedFraction", event.playedFraction, into: &output)
            object.number("timeSeconds", event.timeSeconds, into: &output)
            object.key("type", into: &output)
            output.appendString(event.type)
        }
    }

    private func appendSeries(_ series: [PowerSample], depth: Int, to output: inout [UInt8]) {
        appendObjects(series, depth: depth, to: &output) { object, sample, output in
            object.number("milliwatts", sample.milliwatts, into: &output)
            object.number("timeSeconds", sample.timeSeconds, into: &output)
        }
    }

    /// A list of objects at `depth`, each object's fields written by `fields` in sorted key order.
    private func appendObjects<Element>(
        _ elements: [Element],
        depth: Int,
        to output: inout [UInt8],
        fields: (inout ObjectWriter, Element, inout [UInt8]) -> Void
    ) {
        var list = ArrayWriter(depth: depth)
        list.open(into: &output)
        for element in elements {
            list.element(into: &output)
            var object = ObjectWriter(depth: depth + 1)
            object.open(into: &output)
            fields(&object, element, &output)
            object.close(into: &output)
        }
        list.close(into: &output)
    }

    /// `value` as the encoder writes it, its lines after the first moved in to `depth`; a blank line (inside an
    /// empty list) stays blank, as the encoder leaves it. A string's line breaks are escapes, so every line break
    /// here is the layout's.
    private func appendEncoded(_ value: some Encodable, depth: Int, to output: inout [UInt8]) throws {
        let text = try Self.encoder.encode(RoundedForPeople(value))
        var lineStart = false
        for byte in text {
            if lineStart && byte != UInt8(ascii: "\n") { output.appendIndent(depth) }
            output.append(byte)
            lineStart = byte == UInt8(ascii: "\n")
        }
    }
}

/// The pretty layout's object: `{`, then each `"key" : value` on its own line one level in, then `}` on a line of
/// its own at the object's level (an empty object has a blank line between its braces, as the encoder writes it).
private struct ObjectWriter {
    let depth: Int
    private var count = 0

    init(depth: Int) { self.depth = depth }

    func open(into output: inout [UInt8]) { output.append(UInt8(ascii: "{")) }

    mutating func key(_ key: StaticString, into output: inout [UInt8]) {
        output.separate(first: count == 0)
        count += 1
        output.appendIndent(depth + 1)
        output.append(UInt8(ascii: "\""))
        output.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        output.append(contentsOf: "\" : ".utf8)
    }

    mutating func number(_ key: StaticString, _ value: Double, into output: inout [UInt8]) {
        self.key(key, into: &output)
        output.appendNumber(value)
    }

    func close(into output: inout [UInt8]) {
        output.closeLine(empty: count == 0, depth: depth)
        output.append(UInt8(ascii: "}"))
    }
}

/// The pretty layout's array, laid out as ``ObjectWriter`` lays out an object.
private struct ArrayWriter {
    let depth: Int
    private var count = 0

    init(depth: Int) { self.depth = depth }

    func open(into output: inout [UInt8]) { output.append(UInt8(ascii: "[")) }

    /// Starts the next element's line.
    mutating func element(into output: inout [UInt8]) {
        output.separate(first: count == 0)
        count += 1
        output.appendIndent(depth + 1)
    }

    func close(into output: inout [UInt8]) {
        output.closeLine(empty: count == 0, depth: depth)
        output.append(UInt8(ascii: "]"))
    }
}

extension [UInt8] {
    fileprivate mutating func appendIndent(_ depth: Int) {
        for _ in 0..<2 * depth { append(UInt8(ascii: " ")) }
    }

    /// Ends the line before a container's next entry: `,` unless it is the first.
    fileprivate mutating func separate(first: Bool) {
        if !first { append(UInt8(ascii: ",")) }
        append(UInt8(ascii: "\n"))
    }

    /// The line break before a container's closing bracket at `depth`; an empty container gets a blank line.
    fileprivate mutating func closeLine(empty: Bool, depth: Int) {
        append(UInt8(ascii: "\n"))
        if empty { append(UInt8(ascii: "\n")) }
        appendIndent(depth)
    }

    /// A number rounded for people (``PeopleRounding``), as the encoder writes a `Double`: Swift's shortest text
    /// without a trailing `.0`, and `TemperJSON`'s strings for the non-finite.
    fileprivate mutating func appendNumber(_ value: Double) {
        guard value.isFinite else {
            appendString(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf")
            return
        }
        let text = PeopleRounding.rounded(value).description.utf8
        let integral =
            text.count > 2 && text.last == UInt8(ascii: "0") && text[text.index(text.endIndex, offsetBy: -2)] == UInt8(ascii: ".")
        append(contentsOf: integral ? text.dropLast(2) : text[...])
    }

    /// A JSON string as the encoder writes it with slashes unescaped (``JSONEscaping``).
    fileprivate mutating func appendString(_ text: String) {
        JSONEscaping.append(text, to: &self)
    }
}
