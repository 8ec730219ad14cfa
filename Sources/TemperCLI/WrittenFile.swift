import FoundationEssentials
import TemperCore
import TemperFiles
import TemperPerfetto

/// Files a command writes beside its output, and the line saying what was written and how large.
enum WrittenFile {
    /// A size as people read it: "812 B", "48.3 kB", "4.8 MB".
    static func size(_ bytes: Int) -> String {
        let oneDecimal = { (value: Double) in String((value * 10).rounded() / 10) }
        if bytes >= 1_000_000 { return "\(oneDecimal(Double(bytes) / 1e6)) MB" }
        if bytes >= 1_000 { return "\(oneDecimal(Double(bytes) / 1e3)) kB" }
        return "\(bytes) B"
    }

    /// Writes `bytes` to `path`, or says in one line which file could not be written and why.
    static func write(_ bytes: some Sequence<UInt8>, to path: String, what: String) throws(TemperError) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            throw TemperError(
                code: .unreadableFile,
                message: "cannot write the \(what): \(FileErrorText.describe(error, path: path))",
                file: path
            )
        }
    }

    /// Writes a Perfetto trace to `path`; returns the closing line: "perfetto: FILE (9 tracks, 2,712 events, 91.0 kB)".
    static func perfetto(_ build: () throws -> PerfettoTrace, to path: String) throws(TemperError) -> String {
        let trace: PerfettoTrace
        do {
            trace = try build()
        } catch {
            throw TemperError(code: .unreadableFile, message: "cannot encode the Perfetto trace: \(error)", file: path)
        }
        try write(trace.bytes, to: path, what: "Perfetto trace")
        return "perfetto: \(path) (\(trace.trackCount) tracks, \(trace.eventCount) events, \(size(trace.bytes.count)))"
    }
}
