import ArgumentParser
import FoundationEssentials
import TemperCore
import TemperFiles
import TemperReports
import TemperSimulation

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn another tool's recording into a Temper trace that report, calibrate and forecast read.",
        discussion: """
            Reads tegrastats, s-tui CSV, turbostat, stressberry .dat, a vcgencmd measure_temp loop, sensors printed \
            in a loop, the Android battery logger's CSV, or any table with --columns. The format is detected from \
            the content, or named with --from. Measured power (rails, a package counter) and load proxies \
            (utilisation, clocks) are kept apart in the trace, so a fit never takes one for the other.

            Every repair (gaps, repeated headers, a truncated last line, a column that never changes, units \
            converted, times inferred or going backwards) is said on stderr in one line per kind.

            Examples:
              temper import tegrastats.log --out jetson.jsonl
              temper import s-tui_log.csv --out board.jsonl && temper report board.jsonl
              temper import log.csv --columns time=sec,temperature=tmp,load=clk --out pi.jsonl
              temper import sensors-loop.txt --from sensors --interval 2
            """
    )

    @Argument(help: ArgumentHelp("The recording.", valueName: "file"), completion: .file())
    var file: String

    @Option(help: ArgumentHelp("Write the trace here (standard output without it).", valueName: "trace"), completion: .file())
    var out: String?

    @Option(
        name: .customLong("from"),
        help: ArgumentHelp(
            "The recording's format: \(RecordingFormat.allCases.map(\.rawValue).joined(separator: ", ")).",
            valueName: "format"
        )
    )
    var format: String?

    @Option(
        help: ArgumentHelp(
            "Which column is what in a plain table, comma-separated: time=COL,temperature=COL, then any of power=COL, load=COL, ambient=COL.",
            valueName: "map"
        )
    )
    var columns: String?

    @Option(
        help: ArgumentHelp(
            "Seconds between samples where the file writes no time (tegrastats 1, turbostat 5, sensors 1).",
            valueName: "seconds"
        )
    )
    var interval: Double?

    func run() throws {
        do throws(TemperError) {
            let recording = try read()
            let trace = TraceFile.encode(recording.snapshots)
            for warning in recording.warnings { printError("temper: warning: \(file): \(warning)") }
            let summary =
                "\(file): \(recording.format.rawValue), \(recording.samples.count) samples over "
                + ClockText.format(recording.durationSeconds)
            if let out {
                try WrittenFile.write(trace, to: out, what: "trace")
                print("\(summary) → \(out) (\(WrittenFile.size(trace.count)))")
            } else {
                do { try OutputStream.standardOutput.write(trace) } catch {
                    throw TemperError(code: .unreadableFile, message: "cannot write the trace to standard output")
                }
                printError(summary)
            }
        } catch {
            throw CLIFailure.usage(error.description)
        }
    }

    private func read() throws(TemperError) -> ImportedRecording {
        let chosen = try format.map { name throws(TemperError) in
            guard let format = RecordingFormat(rawValue: name) else {
                throw TemperError(
                    code: .invalidValue,
                    message: "unknown format '\(name.prefix(40))' (expected \(RecordingFormat.names))",
                    path: "--from"
                )
            }
            return format
        }
        if let interval, !(interval > 0 && interval <= 3600) {
            throw TemperError(code: .invalidValue, message: "expected seconds between 0 and 3600, got \(interval)", path: "--interval")
        }
        let map = try columns.map { text throws(TemperError) in try RecordingColumns(text) }
        let data = Data(try InputFile.bytes(file, kind: .recording))
        return try RecordingImporter.read(data, file: file, format: chosen, columns: map, interval: interval)
    }
}
