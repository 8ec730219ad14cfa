import Foundation
import TemperTestSupport
import Testing

@Suite struct PolicyCommandTests {
    /// A scratch folder per test, removed afterwards.
    final class Scratch {
        let folder = TemporaryFolder.uniquePath(prefix: "temper-policy")
        init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: folder) }

        func write(_ name: String, _ text: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
    }

    @Test(arguments: ["Policies/default.yaml", "Policies/phone.yaml", "Policies/handheld.yaml", "phone"])
    func shippedPoliciesCheckOK(file: String) throws {
        let result = try TemperRunner.run(["policy", "check", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(": ok: policy '"))
        #expect(result.stderr.isEmpty)
    }

    @Test func everyErrorIsReportedWithItsPlace() throws {
        let scratch = try Scratch()
        let file = try scratch.write(
            "bad.yaml",
            """
            version: 1
            colour: blue
            classifier:
              dwell: soon
            tiers:
              fair:
                particleScale: 3
                budget: {energy: 10uAh, window: 60s}

            """
        )
        let result = try TemperRunner.run(["policy", "check", file])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "four errors and a summary: \(lines)")
        #expect(
            lines.first
                == "temper: \(file):2:1: colour: unknown key 'colour' (expected one of: classifier, description, exemptCallers, exemptUsages, feedbackd, lowPower, name, peripherals, tiers, version)"
        )
        #expect(lines.contains { $0.hasPrefix("temper: \(file):4:10: classifier.dwell: expected a duration") })
        #expect(lines.contains { $0.hasPrefix("temper: \(file):7:20: tiers.fair.particleScale: expected a number from 0 to 1") })
        #expect(lines.contains { $0.hasPrefix("temper: \(file):8:22: tiers.fair.budget.energy: expected an energy in mJ or J") })
        #expect(lines.last == "temper: \(file): 4 errors")
    }

    @Test func aYAMLSyntaxErrorIsAFailedCheckWithItsPlace() throws {
        let scratch = try Scratch()
        let file = try scratch.write("broken.yaml", "version: 1\ntiers: {fair: [\n")
        let result = try TemperRunner.run(["policy", "check", file])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("temper: \(file):"))
        #expect(result.stderr.split(separator: "\n").count == 1, "one error is its own one line: \(result.stderr)")
    }

    @Test func anUnreadableFileIsBadInput() throws {
        let result = try TemperRunner.run(["policy", "check", "/nonexistent/policy.yaml"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/policy.yaml"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func showWithoutAFilePrintsTheBuiltInDefaultThatChecksOK() throws {
        let scratch = try Scratch()
        let shown = try TemperRunner.run(["policy", "show"])
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("version: 1\n"))
        #expect(shown.stdout.contains("name: \"default\""))
        let file = try scratch.write("shown.yaml", shown.stdout)
        #expect(try TemperRunner.run(["policy", "check", file]).status == 0)
    }

    @Test func showFillsInTheDefaultsAndIsStable() throws {
        let scratch = try Scratch()
        let file = try scratch.write("mine.yaml", "version: 1\ntiers: {serious: {haptics: off}}\n")
        let shown = try TemperRunner.run(["policy", "show", file])
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("name: \"mine\""))
        #expect(shown.stdout.contains("  serious:\n    haptics: off\n"))
        #expect(shown.stdout.contains("dwell: 10s\n"), "classifier defaults are filled in")
        let again = try TemperRunner.run(["policy", "show", try scratch.write("shown.yaml", shown.stdout)])
        #expect(again.stdout == shown.stdout, "showing what show printed changes nothing")
    }

    @Test func showOfABadFileListsItsErrors() throws {
        let scratch = try Scratch()
        let file = try scratch.write("bad.yaml", "version: 1\ntiers: {tepid: {}}\n")
        let result = try TemperRunner.run(["policy", "show", file])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("\(file):2:9: tiers.tepid: unknown key 'tepid' (expected one of: critical, fair, nominal, serious)"))
    }

    @Test func helpTeachesTheSubcommands() throws {
        let result = try TemperRunner.run(["policy", "--help"])
        #expect(result.status == 0)
        for word in ["check", "show", "default.yaml", "version: 1", "phone"] {
            #expect(result.stdout.contains(word), "help should mention \(word)")
        }
        let check = try TemperRunner.run(["policy", "check", "--help"])
        #expect(check.stdout.contains("Exit codes"))
    }
}
