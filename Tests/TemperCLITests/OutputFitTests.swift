import Foundation
import TemperTestSupport
import Testing

/// Output that fits (issue 38, item 4): simulate's summary fits 80 columns piped too, a table too wide for the
/// terminal is stacked rather than wrapped out of line, every help's USAGE wraps, and progress lines stay off a
/// `TERM=dumb` terminal.
@Suite struct OutputFitTests {
    static func overWide(_ text: String, _ width: Int) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.count > width }
    }

    /// Piped into `less` or a file, the tier timeline's lines reached 141 characters.
    @Test func simulatePipedFitsEightyColumns() throws {
        let result = try TemperRunner.run(["simulate", "Examples/scenarios/heat-soak.yaml"], environment: ["COLUMNS": ""])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.overWide(result.stdout, 80).isEmpty, "\(Self.overWide(result.stdout, 80))")
        #expect(result.stdout.contains("\n    below its exit temperature"), "a reason wraps under its own text: \(result.stdout)")
    }

    /// At 60 columns the comparison table lost its alignment ("peak skin mean (°C) 48.4 48.5 −0.1"): it is now
    /// stacked, each row's figures under its name with their column's title.
    @Test func aTableTooWideIsStacked() throws {
        let result = try TemperRunner.run(["simulate", "Examples/scenarios/heat-soak.yaml"], environment: ["COLUMNS": "60"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.overWide(result.stdout, 60).isEmpty, "\(Self.overWide(result.stdout, 60))")
        let lines = result.stdout.components(separatedBy: "\n")
        let row = try #require(lines.firstIndex(of: "peak skin mean (°C)"), "\(result.stdout)")
        #expect(lines[row + 1].hasPrefix("  with policy (default): "), "\(lines[row + 1])")
        #expect(lines[row + 2].hasPrefix("  baseline (policy off): "), "\(lines[row + 2])")
        #expect(lines[row + 3].hasPrefix("  difference:            −"), "\(lines[row + 3])")
        // At 80 columns the table still fits as a table.
        let wide = try TemperRunner.run(["simulate", "Examples/scenarios/heat-soak.yaml"], environment: ["COLUMNS": "80"])
        #expect(wide.status == 0 && !wide.stdout.contains("\npeak skin mean (°C)\n"), "\(wide.stdout)")
    }

    /// `serve --help`'s USAGE line was 279 characters, `import --help` listed its formats in one 102-character word.
    @Test(arguments: [
        [], ["score"], ["rewrite"], ["status"], ["watch"], ["serve"], ["record"], ["import"], ["simulate"], ["policy"],
        ["policy", "check"], ["report"], ["calibrate"], ["calibrate", "energy"], ["calibrate", "thermal"], ["convert"], ["compare"],
        ["profile", "import"],
    ])
    func everyHelpFitsEightyColumns(command: [String]) throws {
        let help = try TemperRunner.run(command + ["--help"], environment: ["COLUMNS": "80"])
        #expect(help.status == 0)
        #expect(Self.overWide(help.stdout, 80).isEmpty, "\(Self.overWide(help.stdout, 80))")
        let usage = help.stdout.components(separatedBy: "\n").drop { !$0.hasPrefix("USAGE: ") }.prefix { !$0.isEmpty }
        #expect(usage.dropFirst().allSatisfy { $0.hasPrefix("       ") }, "further lines under the command: \(usage)")
    }

    /// `TERM=dumb` has no erase-line: the progress bar's `\r\e[K` only went to terminals that can redraw.
    @Test(.enabled(if: TemperRunner.hasTerminal, "needs util-linux script for a terminal"))
    func progressStaysOffADumbTerminal() throws {
        let arguments = ["simulate", "Examples/scenarios/heat-soak.yaml"]
        let dumb = try TemperRunner.runOnATerminal(arguments, environment: ["TERM": "dumb", "NO_COLOR": ""])
        #expect(dumb.status == 0)
        #expect(!dumb.stdout.contains("\u{1B}"), "\(dumb.stdout.prefix(300))")
        let xterm = try TemperRunner.runOnATerminal(arguments, environment: ["TERM": "xterm", "NO_COLOR": "1"])
        #expect(xterm.stdout.contains("\r\u{1B}[K[#"), "a terminal that can redraw gets the bar")
    }

    /// `record`'s bar said "1 samples". It samples this machine (no bus: the battery and profile are absent).
    @Test(.enabled(if: TemperRunner.hasTerminal, "needs util-linux script for a terminal"))
    func recordCountsItsSamplesInGoodEnglish() throws {
        let folder = try TemporaryFolder(prefix: "temper-record")
        let result = try TemperRunner.runOnATerminal(
            ["record", "--out", folder.path + "/trace.jsonl", "--duration", "1.2", "--interval", "1"],
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/temper-no-bus", "TERM": "xterm"]
        )
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("] 1 sample; "), "\(result.stdout)")
        #expect(!result.stdout.contains("1 samples"), "\(result.stdout)")
    }
}
