import ArgumentParser
import FoundationEssentials
import TemperCore
import TemperFiles
import TemperPerfetto
import TemperReports
import TemperSimulation

struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Render a trace recorded by `temper record`: temperatures, battery, tiers and forecast over time.",
        discussion: """
            The trace drives the classifier exactly as the live host would; the report shows what it decided: \
            each tier change with its time and reason, and the time spent in each tier.

            A torn or malformed last line (an interrupted recording) is skipped with a warning; a malformed line \
            elsewhere is an error naming its line, unless --lenient. Traces without a format header (version 1) \
            still read.

            Without --report it prints the summary only.

            Examples:
              temper report Examples/traces/workstation-16.jsonl
              temper report Examples/traces/heat-soak.jsonl --report out/heat-soak --json
              temper report Examples/traces/heat-soak.jsonl --perfetto heat-soak.pftrace
              temper record --out run.jsonl --duration 600 --interval 2
              temper report run.jsonl
            """
    )

    @Argument(help: "A trace file: JSON lines of host snapshots, as `temper record` writes them.", completion: .file())
    var trace: String

    @Option(help: "Write index.html, report.md and data.json into this folder.", completion: .directory)
    var report: String?

    @Option(
        help: "A policy (a name such as phone, or a file) whose classifier settings to use instead of the default.",
        completion: .policyNames
    )
    var policy: String?

    @Option(
        help: ArgumentHelp(
            "Also write the replay in Perfetto's trace format: tiers with their reasons, every sensor grouped by chip with its thresholds, battery and power readings.",
            valueName: "file"
        ),
        completion: .file()
    )
    var perfetto: String?

    @Flag(help: "Print the replay's results as JSON.")
    var json = false

    @Flag(help: "Skip malformed lines anywhere in the trace with a warning (a torn last line is always skipped).")
    var lenient = false

    func run() async throws {
        let result: TraceResult
        let perfettoLine: String?
        do {
            (result, perfettoLine) = try replayAndWrite()
        } catch {
            throw CLIFailure.usage(error.description)
        }
        if json {
            let brief = result.withoutSamples
            print(try TemperJSON.string(brief))
            return
        }
        // The verdict first (what happened, why, what to do), then each change.
        let verdict = TraceVerdict(result)
        let style = TerminalStyle.forStdout()
        var lines = [style.bold("\(result.trace) (\(result.samples.count) snapshots): \(verdict.sentence)")]
        lines += verdict.changes.map { "  \($0)" }
        if let report { lines.append("report: \(report)/index.html") }
        if let perfettoLine { lines.append(perfettoLine) }
        print(TerminalText.fit(lines.joined(separator: "\n"), width: TerminalWidth.current()))
    }

    /// Replays the trace and writes what was asked for; returns the result, and the line saying what Perfetto
    /// trace was written.
    private func replayAndWrite() throws(TemperError) -> (TraceResult, String?) {
        let url = URL(fileURLWithPath: trace)
        let settings = try PolicyLibrary.standard().policy(policy).classifier
        // Streamed: the replay keeps a sample per snapshot, and only a Perfetto trace needs the snapshots too.
        var replay = TraceReplay.Replay(settings: settings, name: url.lastPathComponent)
        var snapshots: [HostSnapshot] = []
        let contents = try TraceFile.stream(contentsOf: url, lenient: lenient) { snapshot in
            replay.add(snapshot)
            if perfetto != nil { snapshots.append(snapshot) }
        }
        for warning in contents.warnings { printError("temper: warning: \(warning)") }
        let result = replay.result
        if let report { try TraceReport.write(result, to: URL(fileURLWithPath: report)) }
        var perfettoLine: String?
        if let perfetto {
            perfettoLine = try WrittenFile.perfetto({ try PerfettoTrace.replay(result, snapshots: snapshots) }, to: perfetto)
        }
        return (result, perfettoLine)
    }
}
