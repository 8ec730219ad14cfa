public import FoundationEssentials
public import TemperCore

/// `temper score --format json`: a ``ScoreReport`` as `TemperJSON`'s pretty layout writes it, every number
/// rounded for people (``PeopleRounding``), and a final newline.
///
/// ``encoded(_:)`` writes it whole; a ``ScoreDocumentStream`` writes the same bytes a pattern at a time, so output
/// keeps pace with scoring.
public enum ScoreDocument: Sendable {
    /// The whole document.
    public static func encoded(_ report: ScoreReport) throws -> Data {
        var data = try TemperJSON.encoder().encode(RoundedForPeople(report))
        data.append(UInt8(ascii: "\n"))
        return data
    }
}

/// ``ScoreDocument`` written piece by piece: ``header``, one ``element(_:)`` per pattern, then ``end(_:)``.
///
/// The header and the end are the encoder's own text of the report around an empty pattern list; each pattern
/// is written by `PatternScoreWriter` straight into the output, the bytes the encoder would write for it at its
/// place in the list.
public struct ScoreDocumentStream: Sendable {
    /// Everything before the first pattern: the run's header and the list's opening bracket.
    public let header: Data
    /// The report with no patterns, whose summary the end replaces.
    private let shell: ScoreReport
    private var written = 0
    private let writer = PatternScoreWriter()

    static let listKey = "\"patterns\" : ["
    /// A pattern's place in the list: two levels in.
    static let depth = 2

    public init(device: DeviceProfile, budgetMillijoules: Double?) throws {
        shell = ScoreReport(device: device, budgetMillijoules: budgetMillijoules, patterns: [])
        header = Data(try Self.emptyList(shell).head.utf8)
    }

    /// The next pattern, with the comma that separates it from the one before.
    public mutating func element(_ score: PatternScore) throws -> Data {
        var bytes: [UInt8] = []
        try append(score, to: &bytes)
        return Data(bytes)
    }

    /// ``element(_:)`` appended to `output`, for a writer that keeps one buffer.
    package mutating func append(_ score: PatternScore, to output: inout [UInt8]) throws {
        output.append(contentsOf: (written == 0 ? "\n" : ",\n").utf8)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * Self.depth))
        try writer.append(score, depth: Self.depth, to: &output)
        written += 1
    }

    /// Everything after the last pattern: the list's closing bracket and the run's summary.
    public func end(_ summary: ScoreSummary) throws -> Data {
        var report = shell
        report.summary = summary
        let empty = try Self.emptyList(report)
        return Data(((written == 0 ? empty.inside : "\n  ") + empty.tail + "\n").utf8)
    }

    /// The report's text split around its empty pattern list: up to the `[`, what the encoder writes inside an
    /// empty list, and from the `]` on.
    private static func emptyList(_ report: ScoreReport) throws -> (head: String, inside: String, tail: String) {
        let text = String(decoding: try TemperJSON.encoder().encode(RoundedForPeople(report)), as: UTF8.self)
        // The first `"patterns" : [` is the key: a string's quotes are escaped, and the summary's count is a number.
        guard let open = text.firstRange(of: listKey), let close = text[open.upperBound...].firstIndex(of: "]") else {
            throw EncodingError.invalidValue(report, .init(codingPath: [], debugDescription: "no pattern list in the score report"))
        }
        return (String(text[..<open.upperBound]), String(text[open.upperBound..<close]), String(text[close...]))
    }
}
