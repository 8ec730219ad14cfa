import Foundation
import TemperTestSupport
import Testing

/// Usage errors in Temper's voice (issue 38, item 5): one style for unknown commands and options at every level,
/// an option error in one line saying what was wrong and what is expected (not the option's whole help), one
/// wording per kind of error.
@Suite struct UsageVoiceTests {
    @Test(arguments: [
        (["policy", "chek"], "temper: unknown command 'policy chek'; did you mean 'policy check'? (see 'temper policy --help')"),
        (
            ["calibrate", "thermo", "x.jsonl"],
            "temper: unknown command 'calibrate thermo'; did you mean 'calibrate thermal'? (see 'temper calibrate --help')"
        ),
        (
            ["help", "profile", "imprt"],
            "temper: unknown command 'profile imprt'; did you mean 'profile import'? (see 'temper profile --help')"
        ),
        (["scroe"], "temper: unknown command 'scroe'; did you mean 'score'? (see 'temper --help')"),
        (["status", "--jsn"], "temper: unknown option '--jsn'; did you mean '--json'? (see 'temper status --help')"),
        (["policy", "check", "Policies/phone.yaml", "--jsn"], "temper: unknown option '--jsn' (see 'temper policy check --help')"),
        (
            ["score", "--format", "xml"],
            "temper: --format: 'xml' is not one of 'table', 'json' or 'csv' (see 'temper score --help')"
        ),
        (
            ["convert", "Examples/patterns/heartbeat.ahap", "--to", "midi"],
            "temper: --to: 'midi' is not one of"
        ),
        (
            ["score", "--budget"],
            "temper: --budget needs a value: energy budget per pattern, with a unit: 25mJ, 0.5J, 10uAh; above 0, at most 1 MJ or 10000 Ah (see 'temper score --help')"
        ),
    ])
    func unknownWordsAndBadValuesGetOneLine(arguments: [String], expected: String) throws {
        let result = try TemperRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix(expected), "\(result.stderr)")
    }

    /// `score --budget 100` printed a 300-character line: the reader's message, then the option's whole help.
    @Test func aBadValueSaysWhatWasWrongAndWhatIsExpectedWithoutTheHelp() throws {
        let result = try TemperRunner.run(["score", "--budget", "100"])
        #expect(result.status == 2)
        let line = result.stderr.trimmingCharacters(in: .newlines)
        #expect(line.hasPrefix("temper: --budget: '100' is not an energy: it has no unit"), "\(line)")
        #expect(line.contains("e.g. 25mJ"), "\(line)")
        #expect(!line.contains("Energy budget per pattern"), "\(line)")
        #expect(line.count <= 200, "\(line.count) characters: \(line)")
    }

    /// One wording for a missing file, whatever reads it (the pattern readers said "cannot read: no such file").
    @Test(arguments: [
        ["score"], ["convert", "--to", "haptic"], ["rewrite", "--condition", "fair"], ["simulate"], ["report"], ["policy", "check"],
        ["profile", "import"], ["calibrate", "energy"],
    ])
    func aMissingFileIsSaidOneWay(command: [String]) throws {
        let missing = "/nonexistent/temper-missing.file"
        let result = try TemperRunner.run(command + [missing])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(missing): cannot read "), "\(command): \(result.stderr)")
        #expect(result.stderr.contains(": there is no such file"), "\(command): \(result.stderr)")
    }
}
