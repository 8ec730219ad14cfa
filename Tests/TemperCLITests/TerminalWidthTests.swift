import Foundation
import TemperTestSupport
import Testing

/// Issue 22, item 8: every command's text fits `COLUMNS`. At 80 columns simulate printed 135-character lines,
/// report 154, policy check 379 and convert 219; the simulate headline wrapped at 80 even at 120.
@Suite struct TerminalWidthTests {
    /// A policy with an unknown key: its error lists every key allowed there, the 379-character line.
    static let badPolicy = "version: 1\nclassifier:\n  dwelSeconds: 10\n"

    static func commands(scratch: URL) throws -> [(name: String, arguments: [String])] {
        let policy = scratch.appendingPathComponent("bad.yaml")
        try badPolicy.write(to: policy, atomically: true, encoding: .utf8)
        return [
            ("simulate", ["simulate", "Examples/scenarios/summer-car.yaml"]),
            ("report", ["report", "Examples/traces/heat-soak.jsonl"]),
            ("policy check", ["policy", "check", policy.path]),
            ("policy check ok", ["policy", "check", "Policies/phone.yaml"]),
            ("convert", ["convert", "Examples/formats/door-knock.haptic", "--to", "android-waveform"]),
            ("status", ["status"]),
            ("rewrite", ["rewrite", "Examples/patterns/ring-explosion.ahap", "--condition", "serious"]),
        ]
    }

    static func overWide(_ text: String, _ width: Int) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.count > width }
    }

    @Test(arguments: [80, 120]) func everyCommandsTextFits(columns: Int) throws {
        let scratch = TemporaryFolder.uniquePath(prefix: "temper-width")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (name, arguments) in try Self.commands(scratch: scratch) {
            let result = try TemperRunner.run(arguments, environment: ["COLUMNS": "\(columns)"])
            // convert's stdout is the pattern file itself, data rather than text to read; its warnings must fit.
            let stdout = name == "convert" ? "" : result.stdout
            #expect(Self.overWide(stdout, columns).isEmpty, "\(name) stdout at \(columns): \(Self.overWide(stdout, columns))")
            #expect(Self.overWide(result.stderr, columns).isEmpty, "\(name) stderr at \(columns): \(Self.overWide(result.stderr, columns))")
        }
    }

    @Test func theSimulateHeadlineUsesTheWholeWidth() throws {
        let wide = try TemperRunner.run(["simulate", "Examples/scenarios/summer-car.yaml"], environment: ["COLUMNS": "120"])
        let narrow = try TemperRunner.run(["simulate", "Examples/scenarios/summer-car.yaml"], environment: ["COLUMNS": "80"])
        #expect(wide.status == 0 && narrow.status == 0, "\(wide.stderr)")
        // The headline (the verdict) is the first paragraph.
        func headline(_ text: String) -> [Substring] {
            text.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.map { $0 }
        }
        #expect(headline(wide.stdout).contains { $0.count > 80 }, "\(headline(wide.stdout))")
        #expect(headline(wide.stdout).count < headline(narrow.stdout).count)
    }

    @Test func pipedDiagnosticsStayOneLine() throws {
        let scratch = TemporaryFolder.uniquePath(prefix: "temper-width")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let policy = scratch.appendingPathComponent("bad.yaml")
        try Self.badPolicy.write(to: policy, atomically: true, encoding: .utf8)
        let result = try TemperRunner.run(["policy", "check", policy.path], environment: ["COLUMNS": ""])
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("temper: \(policy.path):3:3:"), "\(result.stderr)")
    }
}

/// Issue 22, item 5: colour on a terminal, none with `NO_COLOR` or when piped.
@Suite struct TerminalColourTests {
    static let escape = "\u{1B}["

    @Test func pipedOutputHasNoColour() throws {
        for arguments in [["simulate", "Examples/scenarios/commute-battery.yaml"], ["report", "Examples/traces/heat-soak.jsonl"]] {
            let result = try TemperRunner.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.contains(Self.escape), "\(arguments)")
        }
    }

    @Test(.enabled(if: TemperRunner.hasTerminal, "needs util-linux script for a terminal"))
    func aTerminalGetsColourAndNoColorTurnsItOff() throws {
        let arguments = ["report", "Examples/traces/heat-soak.jsonl"]
        let coloured = try TemperRunner.runOnATerminal(arguments, environment: ["NO_COLOR": "", "TERM": "xterm"])
        #expect(coloured.stdout.hasPrefix(Self.escape + "1m"), "the verdict in bold: \(coloured.stdout)")
        let plain = try TemperRunner.runOnATerminal(arguments, environment: ["NO_COLOR": "1", "TERM": "xterm"])
        #expect(plain.status == 0)
        #expect(!plain.stdout.contains(Self.escape), "\(plain.stdout)")
    }

    @Test func clicolorForceColoursAPipeUnlessNoColorIsSet() throws {
        let arguments = ["simulate", "Examples/scenarios/commute-battery.yaml"]
        let forced = try TemperRunner.run(arguments, environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": ""])
        #expect(forced.stdout.contains(Self.escape + "1msimulation"), "\(forced.stdout.prefix(200))")
        let both = try TemperRunner.run(arguments, environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"])
        #expect(!both.stdout.contains(Self.escape))
    }
}

/// Issue 22, item 10: `rewrite --explain` printed only JSON with unrounded floats; on a terminal it now reads as
/// a few lines, and `--json` (or a pipe) gets the JSON.
@Suite(.enabled(if: TemperRunner.hasTerminal, "needs util-linux script for a terminal"))
struct RewriteExplainTerminalTests {
    static let arguments = ["rewrite", "Examples/patterns/ring-explosion.ahap", "--condition", "serious", "--explain"]

    @Test func onATerminalExplainIsReadableAndRounded() throws {
        let result = try TemperRunner.runOnATerminal(Self.arguments, environment: ["COLUMNS": "80", "NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stdout)")
        let text = result.stdout.replacingOccurrences(of: "\r", with: "")
        #expect(!text.contains("{"), "\(text)")
        #expect(text.contains("ring-explosion (game) under serious: "), "\(text)")
        #expect(text.contains("  energy:   ") && text.contains(" mJ as asked → "), "\(text)")
        #expect(text.contains("  budget:   ") && text.contains("left in its 60 s window"), "\(text)")
        #expect(text.contains("  rules:    "), "\(text)")
        // Rounded: no figure with more than two decimals.
        #expect(text.firstMatch(of: /[0-9]\.[0-9]{3,}/) == nil, "\(text)")
        for line in text.split(separator: "\n") { #expect(line.count <= 80, "\(line.count): \(line)") }
    }

    @Test func jsonOnATerminalIsTheDecision() throws {
        let result = try TemperRunner.runOnATerminal(Self.arguments.dropLast() + ["--json"])
        let text = result.stdout.replacingOccurrences(of: "\r", with: "")
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(json?["outcome"] != nil, "\(text)")
    }
}
