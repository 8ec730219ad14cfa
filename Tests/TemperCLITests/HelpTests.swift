import Foundation
import TemperTestSupport
import Testing

@Suite struct HelpTests {
    @Test func helpListsEveryJob() throws {
        let result = try TemperRunner.run(["--help"])
        #expect(result.status == 0)
        for command in ["score", "rewrite", "status", "watch", "record", "simulate", "policy", "report"] {
            #expect(result.stdout.contains(command), "help should mention \(command)")
        }
    }

    @Test func versionIsTheReleaseNumber() throws {
        let result = try TemperRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.wholeMatch(of: #/temper \d+\.\d+\.\d+\n/#) != nil, "\(result.stdout)")
    }

    /// `temper scor` said "2 unexpected arguments" and `temper help scor` printed the root help with status 0.
    @Test(arguments: [["scor"], ["help", "scor"], ["simualte", "--seed", "3"]])
    func aMistypedCommandGetsTheClosestOne(arguments: [String]) throws {
        let result = try TemperRunner.run(arguments)
        #expect(result.status == 2)
        let typo = arguments.first == "help" ? arguments[1] : arguments[0]
        let match = typo == "scor" ? "score" : "simulate"
        #expect(result.stderr.hasPrefix("temper: unknown command '\(typo)'; did you mean '\(match)'?"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// Every command's help shows how it is run (`rewrite --help` was 81 lines without one), each example a
    /// `temper` command line.
    @Test(arguments: [
        ["score"], ["rewrite"], ["status"], ["watch"], ["serve"], ["record"], ["simulate"], ["policy"], ["policy", "check"],
        ["policy", "show"], ["report"], ["calibrate"], ["calibrate", "energy"], ["calibrate", "thermal"], ["convert"],
        ["profile"], ["profile", "import"], ["compare"],
    ])
    func everyHelpHasARunnableExample(command: [String]) throws {
        let help = try TemperRunner.run(command + ["--help"], environment: ["COLUMNS": "80"])
        #expect(help.status == 0)
        let examples = help.stdout.components(separatedBy: "Examples:").dropFirst().first ?? ""
        let lines = examples.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().prefix { !$0.isEmpty }
        #expect(lines.first?.hasPrefix("  temper ") == true, "\(command): \(help.stdout)")
        // At 80 columns no example breaks mid-command: each line is indented, a command or its continuation.
        for line in lines { #expect(line.hasPrefix("  "), "\(command): '\(line)'") }
    }

    /// Issue 22, item 5: one style of placeholder (`<out>` beside `<NAME|FILE>` was two).
    @Test(arguments: [["score"], ["simulate"], ["serve"], ["watch"], ["record"], ["report"], ["compare"], ["rewrite"]])
    func placeholdersAreLowercaseWords(command: [String]) throws {
        let help = try TemperRunner.run(command + ["--help"], environment: ["COLUMNS": "200"])
        let placeholders = help.stdout.matches(of: try Regex(#"<([^>]+)>"#)).compactMap { $0.output[1].substring.map(String.init) }
        #expect(!placeholders.isEmpty)
        for placeholder in placeholders { #expect(placeholder == placeholder.lowercased(), "\(command): <\(placeholder)>") }
    }

    @Test func unknownSubcommandIsAUsageError() throws {
        let result = try TemperRunner.run(["frobnicate"])
        #expect(result.status == 2)
        #expect(!result.stderr.isEmpty)
    }

    /// The outcome and rule names docs/simulation.md's "Outcomes and rules" defines, each defined in `simulate --help` and
    /// `rewrite --help` too, in lines that fit 80 columns.
    @Test(arguments: ["simulate", "rewrite"])
    func helpDefinesEveryOutcomeAndRule(command: String) throws {
        let readme = try String(contentsOf: PackagePaths.root.appendingPathComponent("docs/simulation.md"), encoding: .utf8)
        let table = readme.components(separatedBy: "**Outcomes and rules**")[1].components(separatedBy: "- Reports are")[0]
        let names = table.matches(of: try Regex(#"`([a-zA-Z]+(?:\.[a-zA-Z]+)?)`"#)).compactMap { $0.output[1].substring.map(String.init) }
        let terms = Set(names.filter { $0 != "alarm" })
        #expect(terms.count >= 21, "\(terms.sorted())")
        #expect(
            terms.isSuperset(of: [
                "pass", "rewritten", "fallback", "dropped", "exemptOnly", "budget", "haptics.simpleImpact", "energy.guard",
            ])
        )
        let help = try TemperRunner.run([command, "--help"], environment: ["COLUMNS": "80"])
        #expect(help.status == 0)
        for term in terms { #expect(help.stdout.contains("\n  \(term): "), "\(command) --help defines \(term)") }
        let glossary = help.stdout.components(separatedBy: "Outcomes:")[1].components(separatedBy: "USAGE:")[0]
        for line in glossary.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
    }
}
