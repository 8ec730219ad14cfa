import Foundation
import TemperCore

/// Trace files as `temper record` writes them: one ``HostSnapshot`` as compact JSON per line.
public enum TraceFile {
    /// Reads a trace; a line that is not a snapshot is an error naming the file and the line.
    public static func read(contentsOf url: URL) throws(TemperError) -> [HostSnapshot] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw TemperError(code: .unreadableFile, message: "cannot read the trace: \(FileErrorText.describe(error, path: url.path))", file: url.path)
        }
        return try read(data, file: url.path)
    }

    /// Reads trace bytes. Blank lines are skipped; an empty trace is an error.
    public static func read(_ data: Data, file: String? = nil) throws(TemperError) -> [HostSnapshot] {
        let decoder = HostSnapshot.traceDecoder()
        var snapshots: [HostSnapshot] = []
        var lineNumber = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\t") }) else { continue }
            do {
                snapshots.append(try decoder.decode(HostSnapshot.self, from: Data(line)))
            } catch {
                throw TemperError(code: .invalidTrace, message: "not a host snapshot: \(describe(error))", file: file, line: lineNumber)
            }
        }
        guard !snapshots.isEmpty else { throw TemperError(code: .invalidTrace, message: "the trace has no snapshots", file: file) }
        return snapshots
    }

    /// Writes snapshots in the same form `temper record` does.
    public static func encode(_ snapshots: [HostSnapshot]) -> Data {
        let encoder = HostSnapshot.traceEncoder()
        var data = Data()
        for snapshot in snapshots {
            // Encoding our own value types cannot fail.
            if let line = try? encoder.encode(snapshot) {
                data.append(line)
                data.append(UInt8(ascii: "\n"))
            }
        }
        return data
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
