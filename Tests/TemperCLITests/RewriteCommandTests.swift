import Foundation
import TemperTestSupport
import Testing

@Suite struct RewriteCommandTests {
    static let explosion = "Examples/patterns/ring-explosion.ahap"

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func seriousTurnsTheExplosionIntoAnImpactAndSaysWhy() throws {
        let result = try TemperRunner.run(["rewrite", Self.explosion, "--condition", "serious"])
        #expect(result.status == 0)
        let request = try json(result.stdout)
        let system = try #require(request["system"] as? [String: Any])
        #expect(system["type"] as? String == "impact")
        #expect(system["style"] as? String == "medium")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("haptics.simpleImpact: ") == true)
    }

    @Test func nominalPrintsThePatternUnchangedAndNoReasons() throws {
        let result = try TemperRunner.run(["rewrite", Self.explosion, "--condition", "nominal"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let pattern = try json(result.stdout)
        #expect((pattern["Pattern"] as? [Any])?.isEmpty == false)
    }

    @Test func explainPrintsTheDecisionAsJSON() throws {
        let result = try TemperRunner.run(["rewrite", Self.explosion, "--condition", "critical", "--explain", "--usage", "alarm"])
        #expect(result.status == 0)
        let decision = try json(result.stdout)
        #expect(decision["outcome"] as? String == "fallback")
        #expect(decision["requestID"] as? String == "ring-explosion")
        let before = try #require(decision["energyBeforeMillijoules"] as? Double)
        let after = try #require(decision["energyAfterMillijoules"] as? Double)
        #expect(after <= before)
        #expect(abs((decision["energySavedMillijoules"] as? Double ?? -1) - (before - after)) < 1e-9)
        #expect((decision["condition"] as? [String: Any])?["tier"] as? String == "critical")
        let rules = try #require(decision["rules"] as? [[String: Any]])
        #expect(rules.contains { ($0["reason"] as? [String: Any])?["code"] as? String == "exemptOnly.simplest" })
    }

    @Test func explainShowsTheBudgetLeftAfterTheDecision() throws {
        let result = try TemperRunner.run(["rewrite", Self.explosion, "--condition", "serious", "--explain"])
        #expect(result.status == 0)
        let decision = try json(result.stdout)
        let after = try #require(decision["energyAfterMillijoules"] as? Double)
        let budget = try #require(decision["budget"] as? [String: Any], "the default serious rules set 2 J a minute")
        #expect(budget["capacityMillijoules"] as? Double == 2000)
        #expect(budget["windowSeconds"] as? Double == 60)
        let remaining = try #require(budget["remainingMillijoules"] as? Double)
        #expect(abs(remaining - (2000 - after)) < 1e-6)
    }

    @Test func nominalSetsNoBudget() throws {
        let result = try TemperRunner.run(["rewrite", Self.explosion, "--condition", "nominal", "--explain"])
        #expect(try json(result.stdout)["budget"] == nil)
    }

    @Test func aSpatialCueIsRenderedIn2DWithItsElevationDropped() throws {
        let result = try TemperRunner.run(["rewrite", "--request", "Examples/requests/ring-explosion-audio.json", "--condition", "serious"])
        #expect(result.status == 0)
        let request = try json(result.stdout)
        let audio = try #require(request["audio"] as? [String: Any])
        #expect(audio["rendering"] as? String == "2d")
        #expect(audio["stereo"] != nil)
        #expect(result.stderr.contains("audio.spatial: spatial audio is off"))
        #expect(result.stderr.contains("elevation"))
    }

    @Test func aDroppedRequestPrintsNothingOnStdout() throws {
        let result = try TemperRunner.run([
            "rewrite", "--request", "Examples/requests/ring-explosion-visual.json", "--condition", "critical",
        ])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("exemptOnly: only exempt usages play under critical"))
    }

    @Test func everyExampleRequestRewritesUnderEveryCondition() throws {
        let folder = PackagePaths.root.appendingPathComponent("Examples/requests")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        try #require(!files.isEmpty)
        for file in files {
            for condition in ["nominal", "fair,low-power", "serious", "critical,low-power"] {
                let result = try TemperRunner.run([
                    "rewrite", "--request", "Examples/requests/\(file)", "--condition", condition, "--explain",
                ])
                #expect(result.status == 0, "\(file) under \(condition): \(result.stderr)")
            }
        }
    }

    @Test(arguments: ["Policies/default.yaml", "Policies/phone.yaml", "Policies/handheld.yaml"])
    func aPolicyFileCanBeGiven(policy: String) throws {
        let result = try TemperRunner.run(["rewrite", Self.explosion, "--condition", "serious", "--policy", policy, "--explain"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try json(result.stdout)["outcome"] as? String != "pass")
    }

    /// Policies are found by name through the same library as every other command's (issue 9).
    @Test func aPolicyCanBeNamedLikeInEveryOtherCommand() throws {
        let handheld = try TemperRunner.run(["rewrite", Self.explosion, "--condition", "fair", "--policy", "handheld", "--explain"])
        #expect(handheld.status == 0, "\(handheld.stderr)")
        // handheld budgets the fair tier; the default does not.
        let budget = try #require(try json(handheld.stdout)["budget"] as? [String: Any])
        #expect(budget["capacityMillijoules"] as? Double == 8000)
        let standard = try TemperRunner.run(["rewrite", Self.explosion, "--condition", "fair", "--explain"])
        #expect(try json(standard.stdout)["budget"] == nil)
        let unknown = try TemperRunner.run(["rewrite", Self.explosion, "--condition", "fair", "--policy", "desk"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("desk: no such policy file or policy name (available: "), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("handheld") && unknown.stderr.contains("searched "))
        // A policy or profile file that is not there says so, where it said only "cannot read the policy file".
        let missing = try TemperRunner.run(["rewrite", Self.explosion, "--condition", "fair", "--policy", "/nonexistent/p.yaml"])
        #expect(missing.stderr == "temper: /nonexistent/p.yaml: cannot read the policy file: there is no such file\n")
        let profile = try TemperRunner.run(["rewrite", Self.explosion, "--condition", "fair", "--device", "/nonexistent/d.yaml"])
        #expect(profile.stderr == "temper: /nonexistent/d.yaml: cannot read the device profile: there is no such file\n")
    }

    @Test func aRequestCanComeFromStdin() throws {
        let request = #"{"id": "tap", "usage": "ui", "system": {"type": "impact", "style": "light", "intensity": 0.5}}"#
        let result = try TemperRunner.run(["rewrite", "--request", "-", "--condition", "nominal"], stdin: Data(request.utf8))
        #expect(result.status == 0)
        #expect(try json(result.stdout)["id"] as? String == "tap")
    }

    @Test(arguments: [
        (["rewrite", "Examples/patterns/ring-explosion.ahap", "--condition", "toasty"], "TIER one of nominal, fair, serious, critical"),
        (["rewrite", "Examples/patterns/ring-explosion.ahap", "--condition", "serious,lowpower"], "TIER[,low-power]"),
        (["rewrite", "--condition", "serious"], "FILE"),
        (["rewrite", "missing.ahap", "--condition", "serious"], "missing.ahap"),
        (["rewrite", "Examples/patterns/ring-explosion.ahap", "--condition", "serious", "--device", "toaster"], "toaster"),
        (["rewrite", "Examples/patterns/ring-explosion.ahap", "--condition", "serious", "--usage", "party"], "--usage"),
        (
            [
                "rewrite", "Examples/patterns/ring-explosion.ahap", "--condition", "serious", "--policy",
                "Examples/patterns/ring-explosion.ahap",
            ], "ring-explosion.ahap"
        ),
        (["rewrite", "Examples/patterns/ring-explosion.ahap", "--condition", "serious", "--policy", "nowhere.yaml"], "nowhere.yaml"),
    ])
    func badInputIsAUsageErrorOnOneLine(arguments: [String], mentions: String) throws {
        let result = try TemperRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(mentions), "stderr: \(result.stderr)")
    }

    @Test func aMalformedRequestNamesTheFileAndTheJSONPath() throws {
        let folder = TemporaryFolder.uniquePath(prefix: "temper-rewrite")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cue.json")
        try Data(#"{"id": "cue", "usage": "game", "audio": {"position": [1, 2], "durationSeconds": 1}}"#.utf8).write(to: file)
        let result = try TemperRunner.run(["rewrite", "--request", file.path, "--condition", "serious"])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(result.stderr.contains("cue.json: audio.position: expected [x, y, z], found 2 numbers"))
    }

    /// A pattern in another format is rewritten and written back in its own format, or in --to's.
    @Test func aHapticClipComesBackAsAHapticClip() throws {
        let own = try TemperRunner.run(["rewrite", "Examples/formats/door-knock.haptic", "--condition", "fair"])
        #expect(own.status == 0, "\(own.stderr)")
        #expect(own.stdout.contains("\"signals\""))
        let ahap = try TemperRunner.run(["rewrite", "Examples/formats/door-knock.haptic", "--condition", "fair", "--to", "ahap"])
        #expect(ahap.status == 0)
        #expect(ahap.stdout.contains("\"Pattern\""))
        let waveform = try TemperRunner.run(["rewrite", "Examples/formats/pulse.xml", "--condition", "nominal", "--to", "android-waveform"])
        #expect(waveform.status == 0)
        #expect(waveform.stdout.contains("\"timings\""))
    }
    /// Issue 19, finding 8: a pattern's sound survives its haptics' fallback, and each channel is accounted for.
    @Test func aFallbackWritesTheImpactAndTheSoundBackAsAHAPAndNamesEachChannel() throws {
        let folder = try TemporaryFolder(prefix: "temper-harmony")
        let file = try folder.write("sound-and-rumble.ahap", HarmonyPatterns.soundAndRumble)
        let result = try TemperRunner.run(["rewrite", file, "--condition", "serious"])
        #expect(result.status == 0, "\(result.stderr)")
        let events = try #require(try json(result.stdout)["Pattern"] as? [[String: Any]]).compactMap { $0["Event"] as? [String: Any] }
        #expect(events.map { $0["EventType"] as? String } == ["AudioContinuous", "HapticTransient"])
        #expect(events.map { $0["Time"] as? Double } == [0.1, 0.1])
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("haptics.simpleImpact: ") == true)
        #expect(lines.contains("audio: as asked"), "\(result.stderr)")
        #expect(lines.contains { $0.hasPrefix("haptics: custom pattern replaced by a simple medium impact at 0.10 s") })

        let explained = try json(
            try TemperRunner.run(["rewrite", file, "--condition", "serious", "--policy", "handheld", "--explain"]).stdout
        )
        #expect(explained["outcome"] as? String == "rewritten")
        let channels = try #require(explained["channels"] as? [String: String])
        #expect(channels["audio"] == "as asked")
        #expect(channels["haptics"]?.hasPrefix("not played: custom haptics are off") == true)

        let capped = try json(try TemperRunner.run(["rewrite", file, "--condition", "fair", "--policy", "handheld", "--explain"]).stdout)
        let audio = try #require((capped["channels"] as? [String: String])?["audio"])
        #expect(audio.contains("ends with its capped rumble: shortened from 1.50 s to 1.00 s"), "\(audio)")
    }
}
