import Foundation
import TemperTestSupport
import Testing

/// Files that were valid at a format's version stay valid at it (issue 38, item 7): a version-1 scenario written
/// before values carried their units reads, with one warning per renamed key naming the key that replaced it.
@Suite struct CompatibilityTests {
    /// A version-1 scenario as it was written before the units change (commit 24ae437): `celsius` in the ambient
    /// schedule, `internalCelsius` and `skinCelsius` in `initial`.
    static let oldScenario = """
        version: 1
        name: old-keys
        duration: 2 min
        device: phone
        ambient:
          - { at: 0 s, celsius: 30 }
          - { at: 1 min, temperature: 35 °C }
        workload:
          - { name: gaming, power: 4 W, for: 2 min }
        initial:
          internalCelsius: 27
          skinCelsius: 26

        """

    @Test func aVersionOneScenarioWithTheOldKeysRunsWithADeprecationWarningPerKey() throws {
        let folder = try TemporaryFolder(prefix: "temper-compat")
        let file = try folder.write("old.yaml", Array(Self.oldScenario.utf8))
        let old = try TemperRunner.run(["simulate", file, "--json"])
        #expect(old.status == 0, "\(old.stderr)")
        let warnings = old.stderr.split(separator: "\n")
        #expect(warnings.count == 3, "\(old.stderr)")
        #expect(
            warnings.contains {
                $0.hasPrefix("temper: warning: \(file):6:") && $0.contains("'celsius' is deprecated: it is now 'temperature'")
            }
        )
        #expect(
            warnings.contains {
                $0.contains(":11:") && $0.contains("'internalCelsius' is deprecated: it is now 'internal' (write internal: 27 °C)")
            }
        )
        #expect(warnings.contains { $0.contains(":12:") && $0.contains("'skinCelsius' is deprecated: it is now 'skin'") })

        // The same scenario with the new keys runs to the same result.
        let renamed = Self.oldScenario.replacingOccurrences(of: "celsius: 30", with: "temperature: 30 °C")
            .replacingOccurrences(of: "internalCelsius: 27", with: "internal: 27 °C")
            .replacingOccurrences(of: "skinCelsius: 26", with: "skin: 26 °C")
        let new = try TemperRunner.run(["simulate", try folder.write("new.yaml", Array(renamed.utf8)), "--json"])
        #expect(new.status == 0 && new.stderr.isEmpty, "\(new.stderr)")
        #expect(old.stdout.replacingOccurrences(of: "old.yaml", with: "new.yaml") == new.stdout)
    }

    @Test func bothTheOldAndTheNewKeyIsAnError() throws {
        let folder = try TemporaryFolder(prefix: "temper-compat")
        let both = Self.oldScenario.replacingOccurrences(of: "  skinCelsius: 26", with: "  skinCelsius: 26\n  skin: 26 °C")
        let file = try folder.write("both.yaml", Array(both.utf8))
        let result = try TemperRunner.run(["simulate", file, "--json"])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("\(file):12:16: initial.skinCelsius: 'skinCelsius' and 'skin' both set; keep 'skin' only"),
            "\(result.stderr)"
        )
    }

    /// `rewrite --request -` read standard input; `score -` looked for a file named `-`.
    @Test func scoreReadsAPatternFromStandardInput() throws {
        let pattern = try Data(contentsOf: PackagePaths.root.appendingPathComponent("Examples/patterns/heartbeat.ahap"))
        let piped = try TemperRunner.run(["score", "-", "--format", "csv"], stdin: pattern)
        #expect(piped.status == 0, "\(piped.stderr)")
        let fromFile = try TemperRunner.run(["score", "Examples/patterns/heartbeat.ahap", "--format", "csv"])
        let row = { (text: String) in text.split(separator: "\n").dropFirst().first.map { $0.split(separator: ",").dropFirst() } }
        #expect(piped.stdout.contains("<stdin>"), "\(piped.stdout)")
        #expect(row(piped.stdout).map(Array.init) == row(fromFile.stdout).map(Array.init), "\(piped.stdout)\n\(fromFile.stdout)")
    }

    @Test func standardInputIsBoundedAsAPatternFileIs() throws {
        let result = try InputLimitTests.bounded(["score", "-", "--format", "csv"], stdin: "/dev/zero")
        #expect(result.status == 2)
        #expect(
            result.stderr == "temper: <stdin>: cannot read the pattern: more than the limit of 16777216 bytes\n",
            "\(result.stderr.prefix(300))"
        )
    }
}
