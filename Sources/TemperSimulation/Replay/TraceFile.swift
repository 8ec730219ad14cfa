public import FoundationEssentials
import Glibc
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
        let data = Data(try InputFile.bytes(url.path, kind: .trace))
        return try read(data, file: url.path, lenient: lenient)
    }

    /// Reads trace bytes. Blank lines are skipped; a trace without any snapshot is an error.
    public static func read(_ data: Data, file: String? = nil, lenient: Bool = false) throws(TemperError) -> Contents {
        let decoder = HostSnapshot.traceDecoder()
        var contents = Contents(snapshots: [], warnings: [], formatVersion: 1)
        let lines = lineRanges(of: data).map { data[$0] }
        // The last line with content: a problem there is what an interrupted recording leaves.
        let lastLine = lines.lastIndex { !isBlank($0) }
        var sawContent = false
        for (index, line) in lines.enumerated() where !isBlank(line) {
            let lineNumber = index + 1
            if !sawContent {
                sawContent = true
                if let header = try? decoder.decode(Header.self, from: Data(line)) {
                    guard header.format == "temper-trace" else {
                        throw TemperError(
                            code: .invalidTrace,
                            message: "not a Temper trace (format '\(header.format)')",
                            file: file,
                            line: lineNumber
                        )
                    }
                    guard (1...formatVersion).contains(header.version) else {
                        throw TemperError(
                            code: .unsupportedVersion,
                            message: "trace format version \(header.version); this build reads versions 1 to \(formatVersion)",
                            file: file,
                            line: lineNumber
                        )
                    }
                    contents.formatVersion = header.version
                    continue
                }
            }
            do {
                guard contents.snapshots.count < maxSnapshots else {
                    throw TemperError(code: .invalidTrace, message: "more than \(maxSnapshots) snapshots", file: file, line: lineNumber)
                }
                let snapshot = try decoder.decode(HostSnapshot.self, from: Data(line))
                // A replay runs forwards: a snapshot from before the one it follows has no place in it.
                if let previous = contents.snapshots.last, snapshot.time < previous.time {
                    let problem = "time goes backwards: \(snapshot.time) s after \(previous.time) s"
                    guard lenient else {
                        throw TemperError(
                            code: .invalidTrace,
                            message: problem + " (--lenient skips such lines)",
                            file: file,
                            line: lineNumber
                        )
                    }
                    contents.warnings.append(
                        TemperError(code: .invalidTrace, message: "skipped (\(problem))", file: file, line: lineNumber)
                    )
                    continue
                }
                contents.snapshots.append(snapshot)
            } catch let error as TemperError {
                throw error
            } catch {
                let problem = "not a host snapshot: \(describe(error))"
                if index == lastLine {
                    let torn = index == lines.count - 1 ? "torn" : "malformed"
                    contents.warnings.append(
                        TemperError(code: .invalidTrace, message: "skipped a \(torn) last line (\(problem))", file: file, line: lineNumber)
                    )
                } else if lenient {
                    contents.warnings.append(
                        TemperError(code: .invalidTrace, message: "skipped (\(problem))", file: file, line: lineNumber)
                    )
                } else {
                    throw TemperError(code: .invalidTrace, message: problem + " (--lenient skips such lines)", file: file, line: lineNumber)
                }
            }
        }
        guard !contents.snapshots.isEmpty else { throw TemperError(code: .invalidTrace, message: "the trace has no snapshots", file: file) }
        return contents
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
    /// ends with one). `memchr` over the bytes: splitting `Data` element by element is several times slower on a
    /// trace of megabytes.
    static func lineRanges(of data: Data) -> [Range<Int>] {
        data.withUnsafeBytes { bytes -> [Range<Int>] in
            guard let base = bytes.baseAddress else { return [data.startIndex..<data.startIndex] }
            var ranges: [Range<Int>] = []
            var start = 0
            while start <= bytes.count {
                let rest = bytes.count - start
                let found = rest > 0 ? memchr(base + start, Int32(UInt8(ascii: "\n")), rest) : nil
                let end = found.map { base.distance(to: UnsafeRawPointer($0)) } ?? bytes.count
                ranges.append((data.startIndex + start)..<(data.startIndex + end))
                start = end + 1
            }
            return ranges
        }
    }

    private static func isBlank(_ line: Data.SubSequence) -> Bool {
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
