import Foundation
import TemperTestSupport
import Testing

/// `temper compare A B` (issue 22, item 3): the verdict first, then what differs, in the reader's width.
@Suite struct CompareCommandTests {
    /// A short scenario with no feedback: the phone heats at `watts` for five minutes.
    private static func scenario(in folder: TemporaryFolder, watts: Double, name: String) throws -> String {
        try folder.write(
            "\(name).yaml",
            """
            version: 1
            name: \(name)
            duration: 5 min
            timeStep: 1 s
            device: phone
            policy: default
            workload:
              - { name: load, power: \(watts) W, for: 5 min }
            """
        )
    }

    @Test func twoPoliciesNameTheSettingBehindEachDifferenceFromRunsThatShowIt() throws {
        let arguments = ["compare", "default", "phone", "--scenario", "Examples/scenarios/heat-soak.yaml"]
        let result = try TemperRunner.run(arguments, environment: ["COLUMNS": "80"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Why, from A's run made again with each setting B changes, one at a time:"), "\(result.stdout)")
        // The settings B changes, in the policy file's words, each with A's and B's values and what it alone did
        // (stacked at 80 columns).
        #expect(result.stdout.contains("classifier.dwell\n  A:                 10s\n  B:                 20s\n"), "\(result.stdout)")
        #expect(result.stdout.contains("  alone, it gives A: "))
        for line in result.stdout.split(separator: "\n") { #expect(line.count <= 80, "'\(line)'") }

        let json = try TemperRunner.run(arguments + ["--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let effects = try #require(object["settingEffects"] as? [[String: Any]])
        let settings = effects.compactMap { $0["setting"] as? String }
        #expect(settings.contains("classifier.dwell") && settings.contains("classifier.defaultThresholds"))
        let dwell = try #require(effects.first { $0["setting"] as? String == "classifier.dwell" })
        let change = try #require((dwell["changes"] as? [[String: Any]])?.first)
        #expect(change["a"] as? String == "10s" && change["b"] as? String == "20s")
        // Each cause names a setting that was tried, and the move its own run showed.
        // (A cause wraps at 80 columns with its further lines indented two.)
        let causes = result.stdout.replacingOccurrences(of: "\n  ", with: " ").split(separator: "\n").filter { $0.hasPrefix("- B's ") }
        #expect(!causes.isEmpty, "\(result.stdout)")
        for cause in causes where cause.contains(" alone gives A ") {
            #expect(effects.contains { cause.contains(" \($0["setting"] as? String ?? "?")") }, "\(cause)")
        }
    }

    @Test func twoTracesOpenWithTheVerdictAndFitEightyColumns() throws {
        let result = try TemperRunner.run(
            ["compare", "Examples/traces/heat-soak.jsonl", "Examples/traces/desktop-fans.jsonl"],
            environment: ["COLUMNS": "80"]
        )
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "A: Examples/traces/heat-soak.jsonl")
        #expect(lines[1] == "B: Examples/traces/desktop-fans.jsonl")
        // The heat-soak trace reaches critical; the desktop's only fair.
        #expect(lines[3].hasPrefix("A reached critical for "), "\(result.stdout)")
        #expect(lines[3].contains("B went no higher than fair"), "\(result.stdout)")
        // The desktop trace is far shorter, and the comparison says so before its figures.
        #expect(lines[4].hasPrefix("A lasts 44:50 and B 0:02: their times in each tier cover spans"), "\(result.stdout)")
        // Each peak names its sensor, as the two traces' hottest sensors differ; what neither knows is left out.
        let peak = try #require(lines.first { $0.hasPrefix("Peak temperature: A ") }, "\(result.stdout)")
        #expect(peak.contains("°C (simulated/internal), B 75.0 °C"), "\(result.stdout)")
        #expect(!result.stdout.contains("feedback played"))
        #expect(result.stdout.contains("what differs"))
        for line in lines { #expect(line.count <= 80, "'\(line)'") }
    }

    @Test func twoScenariosCompareTierEnergyAndPeak() throws {
        let folder = try TemporaryFolder(prefix: "temper-compare")
        let cool = try Self.scenario(in: folder, watts: 0.5, name: "cool")
        let hot = try Self.scenario(in: folder, watts: 6, name: "hot")
        let report = URL(fileURLWithPath: folder.path).appendingPathComponent("out")
        let result = try TemperRunner.run(["compare", cool, hot, "--report", report.path], environment: ["COLUMNS": "120"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[3].hasPrefix("B reached "), "\(result.stdout)")
        #expect(lines[3].hasSuffix("A stayed nominal."), "\(result.stdout)")
        #expect(lines[4].hasPrefix("Feedback energy played: A 0.00 mJ, B 0.00 mJ"), "\(result.stdout)")
        #expect(lines[5].hasPrefix("Peak temperature (skin hotspot): A "), "\(result.stdout)")
        // The figures that differ come first; the shared ones are summed up after.
        let differs = try #require(lines.firstIndex { $0.hasPrefix("what differs") })
        #expect(lines[differs + 1].hasPrefix("highest tier"))
        #expect(result.stdout.contains("The same in both: "))
        #expect(result.stdout.contains("duration 5:00"))
        let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("B reached "))
        #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent("comparison.svg").path))
        // The report's data.json compares again, as a simulation against itself.
        let again = try TemperRunner.run(["compare", report.appendingPathComponent("data.json").path, hot])
        #expect(again.status == 2)
        #expect(again.stderr.contains("not the data.json of a `temper simulate` or `temper report` report"), "\(again.stderr)")
    }

    /// A simulation's report folder reads back as the run it reports: compared with its scenario, nothing differs.
    @Test func aReportFolderIsTheSimulationItReports() throws {
        let folder = try TemporaryFolder(prefix: "temper-compare")
        let hot = try Self.scenario(in: folder, watts: 6, name: "hot")
        let report = URL(fileURLWithPath: folder.path).appendingPathComponent("hot-report").path
        let simulated = try TemperRunner.run(["simulate", hot, "--report", report])
        #expect(simulated.status == 0, "\(simulated.stderr)")
        let result = try TemperRunner.run(["compare", report, hot], environment: ["COLUMNS": "300"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\nBoth reached fair, for the same time ("), "\(result.stdout)")
        #expect(result.stdout.contains("\nEvery figure is the same in both.\n"), "\(result.stdout)")
    }

    @Test func twoPoliciesRunOnOneScenario() throws {
        let folder = try TemporaryFolder(prefix: "temper-compare")
        let hot = try Self.scenario(in: folder, watts: 6, name: "hot")
        let result = try TemperRunner.run(["compare", "default", "phone", "--scenario", hot], environment: ["COLUMNS": "300"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("A: policy default on \(hot)\nB: policy phone on \(hot)\n"), "\(result.stdout)")
        // The phone policy holds fair longer (its dwell is 20 s against the default's): the verdict says by how much.
        #expect(result.stdout.contains("\nBoth reached fair: A for "), "\(result.stdout)")
        #expect(result.stdout.contains("; B stayed there "), "\(result.stdout)")
    }

    @Test(arguments: [("missing.yaml", "no such file or folder"), ("Package.swift", "not a scenario (.yaml), report folder")])
    func aBadSideIsOneLineNamingTheFile(path: String, message: String) throws {
        let result = try TemperRunner.run(["compare", path, "Examples/traces/heat-soak.jsonl"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("temper: \(path): \(message)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
