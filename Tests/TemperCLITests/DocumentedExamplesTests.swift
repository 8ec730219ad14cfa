import Foundation
import TemperTestSupport
import Testing

/// Every example in `--help`, README.md and docs/ runs as written from a clone (issue 38, item 7: examples named
/// `../shared/corpus`, `MetaQuest.acf`, `measured.csv`, files a user does not have). Each page's examples run in
/// order, in a scratch folder that holds the clone's Examples/ and Policies/, so one example may read what an
/// earlier one wrote; each must end 0 or 1 (1 is a check that failed, such as a pattern over its budget).
@Suite struct DocumentedExamplesTests {
    /// Commands that run until interrupted or sample the real machine for minutes, and `import`, whose input is
    /// the reader's own recording from another tool: their examples are shown, not run.
    static let notRun = ["temper serve", "temper watch", "temper record", "temper import"]

    static let helpPages: [[String]] = [
        [], ["score"], ["rewrite"], ["status"], ["simulate"], ["policy"], ["policy", "check"], ["policy", "show"], ["report"],
        ["calibrate"], ["calibrate", "energy"], ["calibrate", "thermal"], ["convert"], ["compare"], ["profile"],
        ["profile", "import"], ["forecast"],
    ]

    static let documents =
        ["README.md"]
        + ((try? FileManager.default.contentsOfDirectory(atPath: PackagePaths.root.appendingPathComponent("docs").path)) ?? [])
        .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }

    /// The `temper …` lines of `lines`, a trailing `\` joining the next line to its command.
    static func commands(in lines: [String]) -> [String] {
        var commands: [String] = []
        var pending: String?
        for line in lines.map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if let open = pending {
                pending = line.hasSuffix("\\") ? open + " " + line.dropLast() : nil
                if pending == nil { commands.append(open + " " + line) }
            } else if line.hasPrefix("temper ") || line == "temper" {
                if line.hasSuffix("\\") { pending = String(line.dropLast()) } else { commands.append(line) }
            }
        }
        return commands
    }

    /// The examples of one `--help`: the lines of its "Examples:" paragraphs.
    static func examples(ofHelp command: [String]) throws -> [String] {
        let help = try TemperRunner.run(command + ["--help"], environment: ["COLUMNS": "400"]).stdout
        var lines: [String] = []
        var inExamples = false
        for line in help.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasSuffix("Examples:") {
                inExamples = true
            } else if line.trimmingCharacters(in: .whitespaces).isEmpty {
                inExamples = false
            } else if inExamples {
                lines.append(line)
            }
        }
        return commands(in: lines)
    }

    /// The examples of one Markdown file: the `temper` lines of its fenced code blocks.
    static func examples(ofDocument path: String) throws -> [String] {
        let text = try String(contentsOf: PackagePaths.root.appendingPathComponent(path), encoding: .utf8)
        var lines: [String] = []
        var inCode = false
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inCode.toggle()
            } else if inCode {
                lines.append(line)
            }
        }
        return commands(in: lines)
    }

    /// Runs `examples` in order in a scratch clone; the ones that failed, each with its status and first error line.
    static func failures(of examples: [String]) throws -> [String] {
        let scratch = try TemporaryFolder(prefix: "temper-examples")
        for folder in ["Examples", "Policies"] {
            try FileManager.default.createSymbolicLink(
                atPath: scratch.path + "/" + folder,
                withDestinationPath: PackagePaths.root.appendingPathComponent(folder).path
            )
        }
        let hasJQ = FileManager.default.isExecutableFile(atPath: "/usr/bin/jq")
        var skippedOutputs: [String] = []
        var failed: [String] = []
        for example in examples {
            // A placeholder (TRACE..., MEASUREMENTS.csv) stands for the reader's own file.
            let words = example.split(separator: " ").prefix { !$0.hasPrefix("#") }
            let placeholder = words.contains { $0.count > 2 && $0.prefix { $0 != "." }.allSatisfy(\.isUppercase) }
            let skipped =
                placeholder || notRun.contains { example.hasPrefix($0) } || (!hasJQ && example.contains("| jq"))
                || skippedOutputs.contains { example.contains($0) }
            if skipped {
                // What a skipped example writes is not there for the ones after it.
                let words = example.split(separator: " ").map(String.init)
                for (index, word) in words.enumerated() where ["--out", ">"].contains(word) && index + 1 < words.count {
                    skippedOutputs.append(words[index + 1])
                }
                continue
            }
            let result = try TemperRunner.run(
                ["-c", example],
                currentDirectory: URL(fileURLWithPath: scratch.path),
                environment: [
                    "PATH": TemperRunner.executable.deletingLastPathComponent().path + ":/usr/bin:/bin",
                    "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/temper-no-bus",
                ],
                executable: URL(fileURLWithPath: "/bin/bash")
            )
            if ![0, 1].contains(result.status) {
                failed.append("\(example) → exit \(result.status): \(result.stderr.split(separator: "\n").first ?? "")")
            }
        }
        return failed
    }

    @Test(arguments: helpPages)
    func everyHelpExampleRuns(command: [String]) throws {
        let examples = try Self.examples(ofHelp: command)
        #expect(command.isEmpty || !examples.isEmpty, "temper \(command.joined(separator: " ")) --help shows no example")
        let failed = try Self.failures(of: examples)
        #expect(failed.isEmpty, "\(failed.joined(separator: "\n"))")
    }

    @Test(arguments: documents)
    func everyDocumentedExampleRuns(document: String) throws {
        let failed = try Self.failures(of: try Self.examples(ofDocument: document))
        #expect(failed.isEmpty, "\(document):\n\(failed.joined(separator: "\n"))")
    }

    /// The extraction finds what a reader sees: the examples of `score --help` and README's quick start.
    @Test func theExamplesAreFound() throws {
        #expect(try Self.examples(ofHelp: ["score"]).contains("temper score Examples/patterns --budget 25mJ"))
        let readme = try Self.examples(ofDocument: "README.md")
        #expect(readme.contains { $0.hasPrefix("temper compare default phone --scenario Examples/scenarios/heat-soak.yaml") }, "\(readme)")
        #expect(readme.count >= 10)
    }
}
