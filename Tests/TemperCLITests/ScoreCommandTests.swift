import Foundation
import TemperTestSupport
import Testing

/// `temper score` run as a user runs it.
@Suite struct ScoreCommandTests {
    static let corpus = PackagePaths.ahapCorpus

    static let examples = [
        "gradual-swell", "heartbeat", "heavy-decay", "ring-explosion", "shockwave-audio", "success", "ui-tap",
    ].map { "Examples/patterns/\($0).ahap" }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func patterns(_ report: [String: Any]) throws -> [[String: Any]] {
        try #require(report["patterns"] as? [[String: Any]])
    }

    /// A scratch folder removed after `body`.
    func withFolder(_ files: [String: String], _ body: (URL) throws -> Void) throws {
        let folder = TemporaryFolder.uniquePath(prefix: "temper-score")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try body(folder)
    }

    static let tap =
        #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.4}]}}]}"#

    @Test func withNoPathItScoresTheBuiltInExamplesAsJSONWhenPiped() throws {
        let result = try TemperRunner.run(["score"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try json(result.stdout)
        #expect(report["device"] as? String == "phone")
        let scored = try patterns(report)
        #expect(scored.map { $0["path"] as? String } == Self.examples)
        for pattern in scored {
            #expect(pattern["status"] as? String == "ok")
            #expect((pattern["energyMillijoules"] as? Double ?? 0) > 0)
            for key in ["microampHours", "peakMilliwatts", "durationSeconds", "breakdown", "events", "warnings", "error"] {
                #expect(pattern.keys.contains(key), "missing \(key)")
            }
            let breakdown = try #require(pattern["breakdown"] as? [String: Double])
            #expect(Set(breakdown.keys) == ["transientsMillijoules", "continuousMillijoules", "audioMillijoules", "overheadMillijoules"])
        }
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["patterns"] as? Int == 7)
        #expect(summary["ok"] as? Int == 7)
        #expect((summary["costliest"] as? [Any])?.count == 5)
        // The audio example's WAV was found and costed.
        let audio = try #require(scored.first { ($0["path"] as? String)?.hasSuffix("shockwave-audio.ahap") == true })
        #expect(((audio["breakdown"] as? [String: Double])?["audioMillijoules"] ?? 0) > 0)
        #expect((audio["warnings"] as? [String])?.isEmpty == true)
    }

    @Test func theExamplesAreTheBriefsPatterns() throws {
        let report = try json(try TemperRunner.run(["score", "--format", "json"]).stdout)
        func events(_ name: String) throws -> [(type: String, time: Double)] {
            let pattern = try #require(try patterns(report).first { ($0["path"] as? String)?.hasSuffix("/\(name).ahap") == true })
            let events = try #require(pattern["events"] as? [[String: Any]])
            return events.map { ($0["type"] as? String ?? "", $0["timeSeconds"] as? Double ?? -1) }
        }
        let ring = try events("ring-explosion")
        #expect(ring.map(\.type) == ["HapticTransient", "HapticContinuous"])
        #expect(ring.map(\.time) == [0, 0.02])
        #expect(try events("ui-tap").map(\.type) == ["HapticTransient"])
        #expect(try events("success").map(\.time) == [0, 0.1, 0.55])
        let swell = try events("gradual-swell")
        #expect(swell.count == 20 && swell.allSatisfy { $0.type == "HapticContinuous" })
        #expect(try events("shockwave-audio").map(\.type) == ["AudioCustom", "HapticTransient"])
    }

    @Test func theTableHasAHeaderARowEachAndASummary() throws {
        let result = try TemperRunner.run(["score", "--format", "table"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("PATTERN") == true)
        #expect(lines.first?.contains("ENERGY mJ") == true)
        for example in Self.examples { #expect(lines.contains { $0.hasPrefix(example) && $0.hasSuffix("ok") }) }
        #expect(result.stdout.contains("7 patterns on phone: 7 ok, 0 over budget, 0 errors"))
        #expect(result.stdout.contains("costliest:"))
        #expect(result.stdout.contains("  5. "))
    }

    @Test func csvHasOneRowPerPattern() throws {
        let result = try TemperRunner.run(["score", "--format", "csv"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("path,status,energyMillijoules,microampHours,peakMilliwatts,durationSeconds") == true)
        #expect(lines.count == 1 + Self.examples.count)
        #expect(lines.dropFirst().allSatisfy { $0.contains(",ok,") })
    }

    @Test func aBudgetMarksCostlierPatternsAndExitsOne() throws {
        let result = try TemperRunner.run(["score", "--budget", "20mJ"])
        #expect(result.status == 1)
        let scored = try patterns(try json(result.stdout))
        let statuses = Dictionary(uniqueKeysWithValues: scored.map { ($0["path"] as! String, $0["status"] as! String) })
        #expect(statuses["Examples/patterns/ui-tap.ahap"] == "ok")
        #expect(statuses["Examples/patterns/heavy-decay.ahap"] == "over-budget")
        #expect(try json(result.stdout)["budgetMillijoules"] as? Double == 20)
        // The same budget in charge: 20 mJ at 3.7 V is 1.5 µAh.
        let charge = try TemperRunner.run(["score", "--budget", "\(20 / (3.6 * 3.7))uAh"])
        #expect(charge.status == 1)
        let generous = try TemperRunner.run(["score", "--budget", "10J"])
        #expect(generous.status == 0)
    }

    @Test(arguments: ["25", "25kg", "-5mJ", "mJ"])
    func aBudgetWithoutAnEnergyUnitIsAUsageError(budget: String) throws {
        // `--budget=` so that "-5mJ" reaches the energy parser instead of reading as an option.
        let result = try TemperRunner.run(["score", "--budget=\(budget)"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("25mJ, 0.5J, 10uAh"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func unreadableAndInvalidInputsExitTwoWithOneLineErrors() throws {
        try withFolder([
            "broken.ahap": #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticBuzz"}}]}"#,
            "tap.ahap": Self.tap,
        ]) { folder in
            let missing = folder.appendingPathComponent("missing.ahap").path
            let result = try TemperRunner.run(["score", folder.path, missing, "--format", "table"])
            #expect(result.status == 2)
            #expect(result.stdout.contains("broken.ahap") && result.stdout.contains("error"))
            let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("temper: ") && !$0.hasPrefix("temper: warning: ") }
            #expect(errors.count == 2)
            #expect(errors.contains { $0.contains("broken.ahap") && $0.contains("Pattern[0].Event.EventType") })
            #expect(errors.contains { $0.contains("missing.ahap") })

            let report = try json(try TemperRunner.run(["score", folder.path, "--format", "json"]).stdout)
            let broken = try #require(try patterns(report).first { ($0["path"] as? String)?.hasSuffix("broken.ahap") == true })
            #expect(broken["status"] as? String == "error")
            #expect((broken["error"] as? String)?.contains("HapticBuzz") == true)
            #expect(broken["energyMillijoules"] == nil)
        }
    }

    /// The issue's strict list, through the CLI with the default (JSON, piped) output: one stderr line each,
    /// naming the file, line:column and JSON path, and exit 2; `--strict` adds the 30 s clamp.
    @Test(arguments: [
        ("not-json", "Version: 1", "1:1"),
        ("no-pattern", #"{"Version": 1, "Events": []}"#, "1:1: no Pattern array"),
        ("unknown-type", #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticBuzz"}}]}"#, "1:49: Pattern[0].Event.EventType: "),
        ("no-duration", #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous"}}]}"#, "1:24: Pattern[0].Event: "),
        ("negative-time", #"{"Pattern": [{"Event": {"Time": -1, "EventType": "HapticTransient"}}]}"#, "1:33: Pattern[0].Event.Time: "),
        ("infinite-time", #"{"Pattern": [{"Event": {"Time": 1e999, "EventType": "HapticTransient"}}]}"#, "1:33: Pattern[0].Event.Time: "),
        ("wrong-type", #"{"Pattern": [{"Event": {"Time": "0", "EventType": "HapticTransient"}}]}"#, "1:33: Pattern[0].Event.Time: "),
        (
            "empty-curve",
            #"{"Pattern": [{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": []}}]}"#,
            "Pattern[0].ParameterCurve.ParameterCurveControlPoints: "
        ),
        (
            "control-characters", #"{"Pattern": [{"Event": {"Time": 0, "EventType": "Haptic\nBuzz\u001b[31m"}}]}"#,
            #"Haptic\nBuzz\u{1B}[31m"#
        ),
    ])
    func everyStrictErrorIsOneStderrLineAndExitsTwo(name: String, text: String, expected: String) throws {
        try withFolder(["\(name).ahap": text]) { folder in
            let file = folder.appendingPathComponent("\(name).ahap").path
            let result = try TemperRunner.run(["score", file])
            #expect(result.status == 2)
            #expect(result.stderr.filter { $0 == "\n" }.count == 1 && result.stderr.hasSuffix("\n"), "\(result.stderr)")
            #expect(result.stderr.hasPrefix("temper: \(file):"))
            #expect(result.stderr.contains(expected), "\(result.stderr)")
            #expect(try patterns(try json(result.stdout)).first?["status"] as? String == "error")
        }
    }

    @Test func strictMakesAContinuousEventOver30SecondsAnError() throws {
        let long = #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 45}}]}"#
        try withFolder(["long.ahap": long]) { folder in
            let file = folder.appendingPathComponent("long.ahap").path
            let lenient = try TemperRunner.run(["score", file])
            #expect(lenient.status == 0)
            #expect(lenient.stderr.isEmpty)
            let warnings = try #require(try patterns(try json(lenient.stdout)).first?["warnings"] as? [String])
            #expect(warnings.contains { $0.contains("clamped to 30.0 s") })
            let strict = try TemperRunner.run(["score", file, "--strict"])
            #expect(strict.status == 2)
            #expect(
                strict.stderr
                    == "temper: \(file):1:86: Pattern[0].Event.EventDuration: EventDuration 45.0 s out of range 0–30 s, the longest continuous event\n"
            )
        }
    }

    @Test(arguments: [["--format", "xml"], ["--budget", "25"], ["--bogus"], ["--device"]])
    func usageErrorsAreOneLineAndExitTwo(arguments: [String]) throws {
        let result = try TemperRunner.run(["score"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("temper: "))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aReportFolderGetsHTMLMarkdownAndData() throws {
        try withFolder([:]) { folder in
            let result = try TemperRunner.run(["score", "--report", folder.path])
            #expect(result.status == 0, "\(result.stderr)")
            for name in ["index.html", "report.md", "data.json"] {
                #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "missing \(name)")
            }
            let markdown = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
            for example in Self.examples { #expect(markdown.contains(example)) }
            let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(html.contains("<svg"))
            let data = try json(try String(contentsOf: folder.appendingPathComponent("data.json"), encoding: .utf8))
            let series = try patterns(data).compactMap { $0["powerSeries"] as? [Any] }
            #expect(series.count == Self.examples.count && series.allSatisfy { !$0.isEmpty })
            // The charts need the series; stdout carries them only with --power-series.
            #expect(!result.stdout.contains("powerSeries"))
            #expect(try patterns(try json(result.stdout)).count == Self.examples.count)
        }
    }

    @Test func foldersAreSearchedRecursivelyInSortedOrder() throws {
        try withFolder([
            "b/deep/z.ahap": Self.tap, "a.AHAP": Self.tap, "b/m.ahap": Self.tap, "notes.txt": "not a pattern", ".hidden/x.ahap": Self.tap,
        ]) { folder in
            let result = try TemperRunner.run(["score", folder.path, "--format", "csv"])
            #expect(result.status == 0)
            let paths = result.stdout.split(separator: "\n").dropFirst().map { String($0.split(separator: ",")[0]) }
            let relative = paths.map { $0.replacingOccurrences(of: folder.path + "/", with: "") }
            #expect(relative == ["a.AHAP", "b/deep/z.ahap", "b/m.ahap"])
        }
    }

    @Test func aFolderWithoutPatternsIsAUsageError() throws {
        try withFolder(["notes.txt": "nothing to score"]) { folder in
            let result = try TemperRunner.run(["score", folder.path])
            #expect(result.status == 2)
            #expect(result.stderr.contains("no .ahap, .haptic or .vij files found"))
        }
    }

    @Test func lenienciesAreWarningsOnStderrForATableAndInTheJSON() throws {
        let lenient =
            #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticSharpness", "ParameterValue": 2234.26},]}},]}"#
        try withFolder(["lenient.ahap": lenient]) { folder in
            let table = try TemperRunner.run(["score", folder.path, "--format", "table"])
            #expect(table.status == 0)
            #expect(table.stderr.contains("temper: warning: "))
            #expect(table.stderr.contains("Pattern[0].Event.EventParameters[0]"))
            let report = try json(try TemperRunner.run(["score", folder.path]).stdout)
            let warnings = try #require(try patterns(report).first?["warnings"] as? [String])
            #expect(warnings.contains { $0.contains("clamped") })
            #expect((report["summary"] as? [String: Any])?["warnings"] as? Int == warnings.count)
        }
    }

    @Test func theDeviceIsANameOrAFile() throws {
        func tapEnergy(_ arguments: [String]) throws -> Double {
            let result = try TemperRunner.run(["score", "Examples/patterns/ui-tap.ahap"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            return try #require(try patterns(try json(result.stdout)).first?["energyMillijoules"] as? Double)
        }
        let phone = try tapEnergy([])
        #expect(try tapEnergy(["--device", "phone"]) == phone)
        #expect(try tapEnergy(["--device", "Policies/devices/phone.yaml"]) == phone)
        // The gamepad's two ERMs play no sharpness; on the phone, ui-tap's intensity 0.4 at sharpness 0.2 (130 Hz)
        // is read against what the LRA plays there, so it costs less than a full click (issue 19), and less than
        // on two ERMs; a blast at the phone's resonance costs more on two ERMs too.
        #expect(try tapEnergy(["--device", "gamepad"]) > phone)
        func energy(_ pattern: String, _ arguments: [String]) throws -> Double {
            let result = try TemperRunner.run(["score", pattern] + arguments)
            return try #require(try patterns(try json(result.stdout)).first?["energyMillijoules"] as? Double)
        }
        #expect(
            try energy("Examples/patterns/ring-explosion.ahap", ["--device", "gamepad"])
                > energy("Examples/patterns/ring-explosion.ahap", [])
        )
        let unknown = try TemperRunner.run(["score", "--device", "toaster"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown device profile 'toaster' (available: gamepad, headphones, phone)"))
    }

    @Test func aBadDeviceFileIsOneLineNamingItsKeyAndPlace() throws {
        let phone = try String(contentsOf: PackagePaths.root.appendingPathComponent("Policies/devices/phone.yaml"), encoding: .utf8)
        let odd = phone.replacingOccurrences(of: "\nname: phone", with: "\n\"odd\\nkey\\e[31m\": 3\nname: phone")
        try withFolder(["odd.yaml": odd]) { folder in
            let file = folder.appendingPathComponent("odd.yaml").path
            let result = try TemperRunner.run(["score", "--device", file])
            #expect(result.status == 2)
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
            #expect(!result.stderr.contains("\u{1B}"))
            #expect(result.stderr.hasPrefix("temper: \(file):5:1: odd\\nkey\\u{1B}[31m: unknown key"), "\(result.stderr)")
        }
    }

    @Test func runsAreDeterministic() throws {
        let first = try TemperRunner.run(["score", "--format", "json"])
        let second = try TemperRunner.run(["score", "--format", "json"])
        #expect(first.stdout == second.stdout)
        #expect(!first.stdout.contains("powerSeries"))
        let series = try TemperRunner.run(["score", "Examples/patterns/ring-explosion.ahap", "--power-series"])
        let points = try #require(try patterns(try json(series.stdout)).first?["powerSeries"] as? [[String: Double]])
        #expect(points.count > 10)
        #expect(points.first?.keys.sorted() == ["milliwatts", "timeSeconds"])
    }

    @Test func helpTeachesUnitsFormatsAndExitCodes() throws {
        let result = try TemperRunner.run(["score", "--help"])
        #expect(result.status == 0)
        for phrase in [
            "25mJ", "0.5J", "10uAh", "table", "json", "csv", "over-budget", "Examples/patterns", "--budget", "--device", "--strict",
        ] {
            #expect(result.stdout.contains(phrase), "help should mention \(phrase)")
        }
    }

    @Test(.needsSharedCorpus("ahap")) func everyCorpusFileIsReadAndScored() throws {
        let result = try TemperRunner.run(["score", Self.corpus.path, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try json(result.stdout)
        let scored = try patterns(report)
        #expect(scored.count == 85)
        let failed = scored.filter { $0["status"] as? String != "ok" }.compactMap { $0["error"] as? String }
        #expect(failed.isEmpty, "\(failed)")
        #expect(scored.allSatisfy { ($0["energyMillijoules"] as? Double ?? -1) >= 0 })
        // Strict reading turns (among others) the four files with continuous events over 30 s into errors.
        let strict = try TemperRunner.run(["score", Self.corpus.path, "--format", "json", "--strict"])
        #expect(strict.status == 2)
        let strictErrors = try patterns(try json(strict.stdout)).filter { $0["status"] as? String == "error" }
        let overLong = strictErrors.compactMap { $0["path"] as? String }.filter { $0.contains("piano-loop") || $0.contains("warmth") }
        #expect(overLong.count == 4)
    }
}
