public import FoundationEssentials
public import TemperCore
import TemperFiles

/// Trace files as `temper record` writes them: a header line naming the format and its version, then one
/// snapshot per line in compact JSON, in the one shape of ``HostStatusDocument`` (what `temper status --json`
/// prints), with the condition and sensor tiers the recorder saw where it classified.
///
/// Version 3 is that shape. Versions 2 and 1 (before the header existed) wrote ``HostSnapshot``'s older form
/// (`temperatures`, `powerReadings`, health as objects) and still read. `temper record`
/// writes whole lines, so an interrupted recording loses at most its last line: a torn or malformed last line is
/// skipped with a warning. A malformed line anywhere else, or one whose time is before the line it follows, is an
/// error naming its line, unless reading leniently, when it is skipped with a warning too.
public enum TraceFile: Sendable {
    /// The format version this build writes; it reads every version up to this one.
    public static let formatVersion = 3
    /// The most snapshots one trace may hold: a day at ten snapshots a second, far beyond any recording.
    public static let maxSnapshots = 1_000_000

    /// A trace as read: its snapshots, the lines that were skipped, and the format version it declared.
    public struct Contents: Sendable {
        public var snapshots: [HostSnapshot]
        /// One warning per skipped line, naming the file and the line.
        public var warnings: [TemperError]
        /// 1 for a trace without a header line.
        public var formatVersion: Int
    }

    /// The first line of every trace this build writes: `{"format":"temper-trace","version":3}`.
    public static var headerLine: Data {
        Data(#"{"format":"temper-trace","version":\#(formatVersion)}"#.utf8 + [UInt8(ascii: "\n")])
    }

    private struct Header: Decodable {
        var format: String
        var version: Int
    }

    /// Reads a trace file.
    public static func read(contentsOf url: URL, lenient: Bool = false) throws(TemperError) -> Contents {
        var snapshots: [HostSnapshot] = []
        let read = try stream(contentsOf: url, lenient: lenient) { snapshots.append($0) }
        return Contents(snapshots: snapshots, warnings: read.warnings, formatVersion: read.formatVersion)
    }

    /// Reads a trace file a line at a time and hands each snapshot to `body` as it is read: memory holds one
    /// line and what `body` keeps, not the file (`temper report` of a 10^6-line trace held 1.3 GB when read whole).
    /// Returns the warnings and the format version; ``Contents/snapshots`` is left empty.
    public static func stream(
        contentsOf url: URL,
        lenient: Bool = false,
        _ body: (HostSnapshot) -> Void
    ) throws(TemperError) -> Contents {
        var reader = LineReader(file: url.path, lenient: lenient)
        try InputFile.forEachLine(url.path, kind: .trace) { (line, number) throws(TemperError) in
            if let snapshot = try reader.read(line, number: number) { body(snapshot) }
        }
        return try reader.finish()
    }

    /// Reads trace bytes. Blank lines are skipped; a trace without any snapshot is an error.
    public static func read(_ data: Data, file: String? = nil, lenient: Bool = false) throws(TemperError) -> Contents {
        var reader = LineReader(file: file, lenient: lenient)
        var snapshots: [HostSnapshot] = []
        for (index, range) in lineRanges(of: data).enumerated() {
            if let snapshot = try reader.read(data[range], number: index + 1) { snapshots.append(snapshot) }
        }
        var contents = try reader.finish()
        contents.snapshots = snapshots
        return contents
    }

    /// A trace read one line at a time, from a file or from bytes. A line that is not a snapshot is an error
    /// only once a later line has content: the last line with content may be what an interrupted recording
    /// left, which is a warning.
    private struct LineReader {
        let file: String?
        let lenient: Bool
        let decoder = HostSnapshot.traceDecoder()
        var warnings: [TemperError] = []
        var formatVersion = 1
        var sawContent = false
        var count = 0
        var lastTime: Double?
        /// The line that was not a snapshot, while no later line has shown whether it was the last.
        var unreadable: (problem: String, line: Int)?
        /// The number of the last line seen: the one after the final newline, empty when the file ends with one.
        var lastLine = 0

        init(file: String?, lenient: Bool) {
            self.file = file
            self.lenient = lenient
        }

        func error(_ message: String, line: Int, code: TemperError.Code = .invalidTrace) -> TemperError {
            TemperError(code: code, message: message, file: file, line: line)
        }

        mutating func read<Line: Collection<UInt8>>(_ line: Line, number: Int) throws(TemperError) -> HostSnapshot? {
            lastLine = number
            guard !TraceFile.isBlank(line) else { return nil }
            if let unreadable {
                // Not the last line after all.
                guard lenient else { throw error(unreadable.problem + " (--lenient skips such lines)", line: unreadable.line) }
                warnings.append(error("skipped (\(unreadable.problem))", line: unreadable.line))
                self.unreadable = nil
            }
            if !sawContent {
                sawContent = true
                if let header = try? decoder.decode(Header.self, from: Data(line)) {
                    guard header.format == "temper-trace" else {
                        throw error("not a Temper trace (format '\(header.format)')", line: number)
                    }
                    guard (1...TraceFile.formatVersion).contains(header.version) else {
                        throw error(
                            "trace format version \(header.version); this build reads versions 1 to \(TraceFile.formatVersion)",
                            line: number,
                            code: .unsupportedVersion
                        )
                    }
                    formatVersion = header.version
                    return nil
                }
            }
            guard count < maxSnapshots else { throw error("more than \(maxSnapshots) snapshots", line: number) }
            let snapshot: HostSnapshot
            do {
                snapshot = try decoder.decode(HostSnapshot.self, from: Data(line))
            } catch {
                unreadable = ("not a host snapshot: \(TraceFile.describe(error))", number)
                return nil
            }
            // A replay runs forwards: a snapshot from before the one it follows has no place in it.
            if let lastTime, snapshot.time < lastTime {
                let problem = "time goes backwards: \(snapshot.time) s after \(lastTime) s"
                guard lenient else { throw error(problem + " (--lenient skips such lines)", line: number) }
                warnings.append(error("skipped (\(problem))", line: number))
                return nil
            }
            lastTime = snapshot.time
            count += 1
            return snapshot
        }

        /// The warnings and version, once every line is read; a trace without any snapshot is an error.
        mutating func finish() throws(TemperError) -> Contents {
            if let unreadable {
                // Torn: cut off mid-line, the file's very last bytes; malformed: a whole last line.
                let torn = unreadable.line == lastLine ? "torn" : "malformed"
                warnings.append(error("skipped a \(torn) last line (\(unreadable.problem))", line: unreadable.line))
            }
            guard count > 0 else { throw TemperError(code: .invalidTrace, message: "the trace has no snapshots", file: file) }
            return Contents(snapshots: [], warnings: warnings, formatVersion: formatVersion)
        }
    }

    /// Writes snapshots in the same form `temper record` does, header first (without conditions).
    public static func encode(_ snapshots: [HostSnapshot]) -> Data {
        let encoder = HostSnapshot.traceEncoder()
        var data = headerLine
        for snapshot in snapshots {
            // Encoding our own value types cannot fail.
            if let line = try? encoder.encode(snapshot) {
                data.append(line)
                data.append(UInt8(ascii: "\n"))
            }
        }
        return data
    }

    /// One trace line, newline included: a sample as `temper record` writes it, with its condition and sensors.
    public static func line(_ sample: HostSample) throws -> Data {
        var line = try HostSnapshot.traceEncoder().encode(HostStatusDocument(sample: sample))
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// Each line's byte range, newline left out, the last one after the final newline too (empty when the data
    /// ends with one), found as a streamed read finds them (``InputFile/newlineIndex(in:from:)``).
    static func lineRanges(of data: Data) -> [Range<Int>] {
        data.withUnsafeBytes { bytes -> [Range<Int>] in
            var ranges: [Range<Int>] = []
            var start = 0
            while start <= bytes.count {
                let end = InputFile.newlineIndex(in: bytes, from: start) ?? bytes.count
                ranges.append((data.startIndex + start)..<(data.startIndex + end))
                start = end + 1
            }
            return ranges
        }
    }

    private static func isBlank(_ line: some Collection<UInt8>) -> Bool {
        !line.contains { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\t") }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            "missing key '\(path(context.codingPath + [key]))'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type at '\(path(context.codingPath))'"
        case DecodingError.dataCorrupted(let context):
            context.codingPath.isEmpty ? "not valid JSON" : "bad value at '\(path(context.codingPath))'"
        default:
            "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingPrefix(".").description
    }
}
