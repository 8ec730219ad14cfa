import Foundation
import TemperTestSupport
import Testing

@Suite struct SimulateCommandTests {
    @Test func noArgumentRunsTheBuiltInHeatSoakWithABaseline() throws {
        let result = try TemperRunner.run(["simulate"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("simulation heat-soak"))
        #expect(result.stdout.contains("nominal → fair"))
        // At 80 columns the column's title takes two lines: "baseline" over "(policy off)".
        #expect(result.stdout.contains("baseline") && result.stdout.contains("(policy off)"))
        // Piped, the summary fits 80 columns: a wrapped line's words are joined back to find a phrase.
        let joined = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(joined.contains("not measured; assumed: internalHeatCapacity, skinToAmbientResistance, hotspotWeight"))
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(result.stdout)")
        // Every result the summary promises, each with the policy and in the baseline where it applies.
        for line in [
            "time in tier:", "decisions:", "rules fired:", "peak internal", "peak skin hotspot", "feedback energy", "  transients",
            "  continuous", "  audio", "  overhead", "battery at the end", "feedback share of the heat", "difference",
        ] {
            #expect(result.stdout.contains(line), "\(line)")
        }
        // The verdict first (issue 22): the tiers each run reached before what the policy saved, in lines that fit
        // 80 columns.
        let lines = result.stdout.components(separatedBy: "\n")
        // The game alone takes the towelled phone to critical (the run without feedback shows it), whatever feedback costs.
        #expect(lines.first?.hasPrefix("Both runs reached critical;") == true, "\(lines.first ?? "")")
        let headline = lines.prefix { !$0.isEmpty }
        #expect(headline.joined(separator: " ").contains("of feedback energy"))
        #expect(headline.count > 1 && headline.allSatisfy { $0.count <= 80 }, "\(headline)")
        let transition = try #require(result.stdout.split(separator: "\n").first { $0.contains("nominal → fair") })
        #expect(transition.contains(":") && transition.contains("sensor"), "a transition carries its time and reason: \(transition)")
    }

    @Test func jsonCarriesTheResultsOfBothRuns() throws {
        let result = try TemperRunner.run(["simulate", "Examples/scenarios/commute-battery.yaml", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["scenario"] as? String == "commute-battery")
        for run in ["withPolicy", "baseline"] {
            let summary = try #require(json[run] as? [String: Any])
            for key in [
                "transitions", "tierSeconds", "decisions", "playedEnergy", "peakInternalCelsius", "peakSkinCelsius", "peakHotspotCelsius",
                "batteryEndPercentage",
            ] {
                #expect(summary[key] != nil, "\(run).\(key)")
            }
            // The sampled timeline is filled, as in a report's data.json, and ends at the scenario's end.
            let timeline = try #require(summary["timeline"] as? [[String: Any]])
            #expect(!timeline.isEmpty, "\(run).timeline")
            #expect(timeline.last?["timeSeconds"] as? Double == json["durationSeconds"] as? Double)
        }
        #expect((json["thresholds"] as? [String: Any])?["sensors"] != nil, "the thresholds the classifier used")
        let played = { (run: String) in ((json[run] as? [String: Any])?["playedEnergy"] as? [String: Double]) ?? [:] }
        #expect(played("withPolicy")["continuousMillijoules", default: 0] < played("baseline")["continuousMillijoules", default: 0])
    }

    /// Summer-car's headline, from its unrounded figures: the peak moved by −0.036 °C (printed "−0.1 °C" when the
    /// rounded peaks were subtracted) and feedback was 0.44 % of the heat (printed "0.9 %" without the charger's loss).
    @Test func summerCarsHeadlineIsComputedBeforeRoundingAndCountsTheChargersLoss() throws {
        let result = try TemperRunner.run(["simulate", "Examples/scenarios/summer-car.yaml", "--sensitivity", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let policy = try #require(json["withPolicy"] as? [String: Any])
        let baseline = try #require(json["baseline"] as? [String: Any])
        let number = { (run: [String: Any], key: String) in run[key] as? Double ?? .nan }
        let played = try #require(baseline["playedEnergy"] as? [String: Double]).values.reduce(0, +) / 1000
        let loss = number(baseline, "chargerLossJoules")
        #expect(loss > 1000, "the charger's loss is counted: \(loss) J")
        let share = played / (number(baseline, "workloadEnergyJoules") + loss + played)
        let change = number(policy, "peakHotspotCelsius") - number(baseline, "peakHotspotCelsius")
        // The summary prints what the JSON holds, rounded once.
        let text = try TemperRunner.run(["simulate", "Examples/scenarios/summer-car.yaml", "--sensitivity"])
        let sentence = text.stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(sentence.contains("is \(String(format: "%.2f", share * 100)) % of the"), "\(share)")
        #expect(!sentence.contains("0.9 %") && !sentence.contains("−0.1 °C"))
        if abs(change) >= 0.005 {
            #expect(sentence.contains("moved by only \(change < 0 ? "−" : "+")\(String(format: "%.2f", abs(change))) °C"), "\(change)")
        }
        // The sensitivity analysis: each assumed thermal figure moved ±30 %, in JSON and one paragraph of text.
        let sensitivity = try #require(json["sensitivity"] as? [String: Any])
        let rows = try #require(sensitivity["rows"] as? [[String: Any]])
        #expect(
            rows.compactMap { $0["figure"] as? String } == [
                "internalHeatCapacity", "skinToAmbientResistance", "hotspotWeight", "actuatorHeatWeight", "amplifierHeatWeight",
            ]
        )
        #expect(sentence.contains("With each assumed thermal figure"))
        let plain = try TemperRunner.run(["simulate", "Examples/scenarios/summer-car.yaml", "--json"])
        #expect(!plain.stdout.contains("\"sensitivity\""), "only when asked for")
    }

    /// The cabin heats the cell past 45 °C: the charger derates (JEITA) rather than charging at 7.5 W at 58.7 °C.
    @Test func summerCarsChargerDeratesWhenTheCellIsWarm() throws {
        let result = try TemperRunner.run(["simulate", "Examples/scenarios/summer-car.yaml", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let timeline = try #require((json["baseline"] as? [String: Any])?["timeline"] as? [[String: Any]])
        let samples = timeline.compactMap { sample in
            (sample["internalCelsius"] as? Double).map { ($0, sample["chargingWatts"] as? Double ?? .nan) }
        }
        #expect(samples.contains { $0.0 > 46 })
        #expect(samples.filter { $0.0 > 45.5 }.allSatisfy { $0.1 <= 3 + 1e-9 }, "at most 40 % of 7.5 W above 45 °C")
        #expect(samples.contains { $0.0 < 45 && $0.1 == 7.5 })
    }

    @Test func sameScenarioSameOutput() throws {
        let first = try TemperRunner.run(["simulate", "Examples/scenarios/summer-car.yaml", "--json"])
        let second = try TemperRunner.run(["simulate", "Examples/scenarios/summer-car.yaml", "--json"])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
    }

    @Test func reportFolderHasTheThreeFiles() throws {
        let directory = TemporaryFolder.uniquePath()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try TemperRunner.run(["simulate", "Examples/scenarios/summer-car.yaml", "--report", directory.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("report: \(directory.path)/index.html"))
        for file in ["index.html", "report.md", "data.json", "timeline.svg"] {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path), "\(file)")
        }
    }

    @Test func malformedScenarioIsAUsageErrorWithLineAndColumn() throws {
        let directory = TemporaryFolder.uniquePath()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.yaml")
        try Data("name: bad\nduration: 10 min\nstreams:\n  - { kind: periodic, every: often, patterns: x.ahap }\n".utf8).write(to: file)
        let result = try TemperRunner.run(["simulate", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(file.path):4:"))
        #expect(result.stderr.contains("streams[0].every"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func policyOptionReplacesTheScenariosPolicy() throws {
        let result = try TemperRunner.run(["simulate", "--policy", "phone", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((json["withPolicy"] as? [String: Any])?["policy"] as? String == "phone")
        #expect((json["baseline"] as? [String: Any])?["policy"] as? String == "off (baseline)")
        let unknown = try TemperRunner.run(["simulate", "--policy", "no-such-policy"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no-such-policy"))
    }

    @Test func missingPatternNamesTheFile() throws {
        let directory = TemporaryFolder.uniquePath()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("lost.yaml")
        try Data("name: lost\nduration: 1 min\nstreams:\n  - { kind: periodic, every: 1 s, patterns: nowhere.ahap }\n".utf8).write(to: file)
        let result = try TemperRunner.run(["simulate", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("nowhere.ahap"))
        // The line that names the missing file, in one line.
        #expect(result.stderr.contains("\(file.path):4:"))
        #expect(result.stderr.contains("streams[0].patterns"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: ["0", "-1", "nan"])
    func traceIntervalMustBeAboveZero(interval: String) throws {
        let result = try TemperRunner.run(["simulate", "--record-trace", "/tmp/never-written.jsonl", "--trace-interval=\(interval)"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--trace-interval"))
    }

    @Test(arguments: [("device: toaster", "unknown device profile 'toaster'"), ("policy: no-such-policy", "no-such-policy")])
    func unknownDeviceOrPolicyPointsAtTheScenarioLine(entry: String, message: String) throws {
        let directory = TemporaryFolder.uniquePath()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("named.yaml")
        try Data("name: named\nduration: 1 min\n\(entry)\n".utf8).write(to: file)
        let result = try TemperRunner.run(["simulate", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("temper: \(file.path):3:"), "\(result.stderr)")
        #expect(result.stderr.contains(message))
    }

    /// A scenario with three mistakes: three lines, each with the file, line:column and key path, then the count.
    @Test func aScenarioReportsAllItsErrorsAtOnce() throws {
        let directory = TemporaryFolder.uniquePath()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("three.yaml")
        try Data(
            """
            name: three
            duration: 10 min
            ambient: hot
            streams:
              - { kind: poisson, rate: 2, patterns: \(PackagePaths.root.path)/Examples/patterns/ui-tap.ahap }
              - { kind: periodic, every: 1 s, patterns: nowhere.ahap }

            """.utf8
        ).write(to: file)
        let result = try TemperRunner.run(["simulate", file.path])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(lines)")
        guard lines.count == 4 else { return }
        #expect(
            lines[0]
                == "temper: \(file.path):3:10: ambient: expected a temperature in °C, such as 25 °C, found 'hot' (or a list of {at, temperature} points)"
        )
        #expect(
            lines[1].hasPrefix("temper: \(file.path):5:28: streams[0].rate: '2' needs its unit: expected a rate in /s, /min or /h"),
            "\(lines[1])"
        )
        #expect(lines[2].hasPrefix("temper: \(file.path):6:45: streams[1].patterns: "), "\(lines[2])")
        #expect(lines[2].contains("nowhere.ahap"))
        #expect(lines[3] == "temper: \(file.path): 3 errors")
    }

    @Test(.enabled(if: TemperRunner.hasTerminal))
    func aTerminalSeesTheRunsProgress() throws {
        let result = try TemperRunner.runOnATerminal(["simulate", "--json"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stdout.contains("\r\u{1B}[K[------------------------------] simulating heat-soak: 0 %"),
            "\(result.stdout.prefix(300))"
        )
        #expect(result.stdout.contains("] simulating heat-soak: 50 %"))
        #expect(result.stdout.contains("\r\u{1B}[K[##############################] simulating heat-soak: 100 %"))
        // The bar erases itself before the output.
        #expect(result.stdout.contains("\r\u{1B}[K{"))
    }

    @Test func noProgressWhenStderrIsNotATerminal() throws {
        let result = try TemperRunner.run(["simulate", "--json"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr.prefix(200))")
    }
}
