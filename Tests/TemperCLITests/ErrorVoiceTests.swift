import Foundation
import TemperTestSupport
import Testing

/// Errors in Temper's voice: one `temper: ` prefix, the file or name concerned, never Foundation's text.
@Suite struct ErrorVoiceTests {
    /// A scratch folder removed after `body`.
    func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = TemporaryFolder.uniquePath(prefix: "temper-voice")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    @Test func aFolderGivenAsAScenarioSaysSo() throws {
        try withFolder { folder in
            let result = try TemperRunner.run(["simulate", folder.path])
            #expect(result.status == 2)
            #expect(result.stderr == "temper: \(folder.path): cannot read the scenario: it is a folder, not a file\n")
        }
    }

    @Test func aBinaryPolicyFileSaysItIsNotText() throws {
        try withFolder { folder in
            let file = folder.appendingPathComponent("policy.yaml")
            try Data([0xFF, 0xFE, 0x00, 0x81, 0xC3, 0x28]).write(to: file)
            let result = try TemperRunner.run(["policy", "check", file.path])
            #expect(result.status == 2)
            #expect(result.stderr == "temper: \(file.path): cannot read: it is not UTF-8 text (a binary file?)\n")
        }
    }

    /// `score` once wrote `error: FILE:…` where `rewrite` wrote `temper: FILE:…`: every command now says the same.
    @Test func everyCommandGivesTheSameErrorForTheSameBrokenPattern() throws {
        try withFolder { folder in
            let file = folder.appendingPathComponent("broken.ahap")
            try Data(#"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticBuzz"}}]}"#.utf8).write(to: file)
            var lines: [String] = []
            for arguments in [
                ["score", file.path], ["rewrite", file.path, "--condition", "nominal"], ["convert", file.path, "--to", "haptic"],
            ] {
                let result = try TemperRunner.run(arguments)
                #expect(result.status == 2, "\(arguments[0])")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments[0]): \(result.stderr)")
                lines.append(result.stderr)
            }
            #expect(lines.allSatisfy { $0.hasPrefix("temper: \(file.path):1:") && $0.contains("Pattern[0].Event.EventType") }, "\(lines)")
            #expect(Set(lines).count == 1, "one error, one wording: \(lines)")
        }
    }

    @Test func aFolderOrABinaryFileAsARequestIsSaidInTempersWords() throws {
        try withFolder { folder in
            let binary = folder.appendingPathComponent("request.json")
            try Data([0x00, 0x81, 0xC3, 0x28]).write(to: binary)
            let asFolder = try TemperRunner.run(["rewrite", "--request", folder.path, "--condition", "nominal"])
            #expect(asFolder.stderr == "temper: \(folder.path): cannot read the request file: it is a folder, not a file\n")
            let asBinary = try TemperRunner.run(["rewrite", "--request", binary.path, "--condition", "nominal"])
            #expect(asBinary.stderr == "temper: \(binary.path):1:1: invalid JSON: not UTF-8 (looks like UTF-16 or UTF-32)\n")
        }
    }

    @Test func anUnknownDeviceIsNamedWithoutAPlaceholderFile() throws {
        let result = try TemperRunner.run(["rewrite", "Examples/patterns/ui-tap.ahap", "--device", "nosuch", "--condition", "nominal"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("temper: unknown device profile 'nosuch' (available: "), "\(result.stderr)")
        #expect(!result.stderr.contains("<input>"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aRequestOnStdinNamesThePatternPathItTried() throws {
        let request = #"{"id": "r1", "usage": "game", "haptic": {"file": "no-such-pattern.ahap"}}"#
        let result = try TemperRunner.run(["rewrite", "--request", "-", "--condition", "nominal"], stdin: Data(request.utf8))
        #expect(result.status == 2)
        let tried = PackagePaths.root.appendingPathComponent("no-such-pattern.ahap").path
        #expect(result.stderr.hasPrefix("temper: "), "\(result.stderr)")
        #expect(result.stderr.contains(tried), "\(result.stderr)")
    }

    @Test func aNegativeBudgetReachesTheBudgetCheck() throws {
        let result = try TemperRunner.run(["score", "Examples/patterns/ui-tap.ahap", "--budget", "-1mJ"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("temper: "))
        #expect(result.stderr.contains("'-1mJ' is not an energy: an energy cannot be negative"), "\(result.stderr)")
    }

    @Test func megajoulesAreNeverSilentlyMilli() throws {
        let result = try TemperRunner.run(["score", "Examples/patterns/ui-tap.ahap", "--budget", "1MJ"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'1MJ' is not an energy: 'MJ' is not an energy unit"), "\(result.stderr)")
    }

    func simulate(_ yaml: String) throws -> TemperRunner.Result {
        var result = TemperRunner.Result(status: 0, stdout: "", stderr: "")
        try withFolder { folder in
            let file = folder.appendingPathComponent("scenario.yaml")
            try yaml.write(to: file, atomically: true, encoding: .utf8)
            result = try TemperRunner.run(["simulate", file.path])
        }
        return result
    }

    @Test func aWordForAmbientAsksForANumberOrAList() throws {
        let result = try simulate("version: 1\nname: hot\nduration: 60s\nambient: hot\n")
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                ":4:10: ambient: expected a temperature in °C, such as 25 °C, found 'hot' (or a list of {at, temperature} points)"
            ),
            "\(result.stderr)"
        )
    }

    @Test func aRateWithoutAUnitIsAnError() throws {
        let result = try simulate(
            """
            version: 1
            name: unitless
            duration: 60s
            streams:
              - { name: taps, kind: poisson, rate: 2, usage: ui, patterns: [\(PackagePaths.root.path)/Examples/patterns/ui-tap.ahap] }
            """
        )
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("'2' needs its unit: expected a rate in /s, /min or /h, such as 0.5/s, 12/min or 30/h"),
            "\(result.stderr)"
        )
    }
}
