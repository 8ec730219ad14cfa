import ArgumentParser
import Foundation
import TemperCore
import TemperFiles
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
              temper record --out run.jsonl --duration 600 --interval 2
              temper report run.jsonl
              temper report run.jsonl --report out/run
              temper report Examples/traces/heat-soak.jsonl --report out/heat-soak --json
            """
    )

    @Argument(help: "A trace file: JSON lines of host snapshots, as `temper record` writes them.")
    var trace: String

    @Option(help: "Write index.html, report.md and data.json into this folder.")
    var report: String?

    @Option(help: "A policy (a name such as phone, or a file) whose classifier settings to use instead of the default.")
    var policy: String?

    @Flag(help: "Print the replay's results as JSON.")
    var json = false

    @Flag(help: "Skip malformed lines anywhere in the trace with a warning (a torn last line is always skipped).")
    var lenient = false

    func run() async throws {
        let result: TraceResult
        do {
            result = try replayAndWrite()
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
        print("\(result.trace) (\(result.samples.count) snapshots): \(verdict.sentence)")
        for change in verdict.changes { print("  \(change)") }
        if let report { print("report: \(report)/index.html") }
    }

    private func replayAndWrite() throws(TemperError) -> TraceResult {
        let url = URL(fileURLWithPath: trace)
        let contents = try TraceFile.read(contentsOf: url, lenient: lenient)
        for warning in contents.warnings { printError("temper: warning: \(warning)") }
        let snapshots = contents.snapshots
        let settings = try PolicyLibrary.standard().policy(policy).classifier
        let result = TraceReplay.replay(snapshots, settings: settings, name: url.lastPathComponent)
        if let report { try TraceReport.write(result, to: URL(fileURLWithPath: report)) }
        return result
    }
}
