import Foundation
import TemperTestSupport
import Testing

/// What `temper score` tells a designer about clipping, and that it prices a pattern as `temper rewrite` does.
@Suite struct ScoreClippingTests {
    /// One second of full-scale rumble at sharpness 0, 25 Hz below the phone's resonance: intensity 1 there is the
    /// strongest its driver gets out of the actuator, so it plays in full (issue 19: it used to play 35 %).
    static let lowRumble =
        #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 1, "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0}]}}]}"#

    func withPattern(_ text: String, _ body: (String) throws -> Void) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("temper-clip-\(UUID().uuidString).ahap")
        defer { try? FileManager.default.removeItem(at: url) }
        try text.write(to: url, atomically: true, encoding: .utf8)
        try body(url.path)
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aFullRumbleFarFromResonancePlaysInFullInJSONAndCSV() throws {
        try withPattern(Self.lowRumble) { path in
            let result = try TemperRunner.run(["score", path, "--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            let pattern = try #require((try json(result.stdout)["patterns"] as? [[String: Any]])?.first)
            #expect(pattern["clippedSeconds"] as? Double == 0)
            #expect(pattern["playedFraction"] as? Double == 1)
            let average = try #require(pattern["averageMilliwatts"] as? Double)
            #expect(average <= (pattern["peakMilliwatts"] as? Double ?? 0))
            let event = try #require((pattern["events"] as? [[String: Any]])?.first)
            #expect(event["playedFraction"] as? Double == 1)
            // The phone's LRA at the Pixel HAL's drive cap, 3.48 Vrms at 120 Hz, draws about 1.5 W: watts, not more.
            #expect((pattern["peakMilliwatts"] as? Double ?? .infinity) < 2000, "the phone's driver at its cap")

            let csv = try TemperRunner.run(["score", path, "--format", "csv"]).stdout.split(separator: "\n")
            let header = csv[0].split(separator: ",").map(String.init)
            let row = csv[1].split(separator: ",").map(String.init)
            let column = try #require(header.firstIndex(of: "playedFraction"))
            #expect(Double(row[column]) == 1)
            #expect(header.contains("clippedSeconds") && header.contains("averageMilliwatts"))
        }
    }

    @Test func anUnclippedPatternPlaysInFull() throws {
        let result = try TemperRunner.run(["score", "Examples/patterns/ui-tap.ahap", "--format", "json"])
        let pattern = try #require((try json(result.stdout)["patterns"] as? [[String: Any]])?.first)
        #expect(pattern["clippedSeconds"] as? Double == 0)
        #expect(pattern["playedFraction"] as? Double == 1)
    }

    /// The command-line half of one pricing path (the governor and simulator half is in TemperSimulationTests).
    @Test func scoreAndRewritePriceEveryExamplePatternTheSame() throws {
        let folder = PackagePaths.root.appendingPathComponent("Examples/patterns")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ahap") }.sorted()
        #expect(names.count >= 7)
        for device in ["phone", "gamepad"] {
            for name in names {
                let path = "Examples/patterns/\(name)"
                let score = try TemperRunner.run(["score", path, "--format", "json", "--device", device])
                let scored = try #require(
                    ((try json(score.stdout)["patterns"] as? [[String: Any]])?.first)?["energyMillijoules"] as? Double
                )
                let rewrite = try TemperRunner.run(["rewrite", path, "--condition", "nominal", "--explain", "--device", device])
                let priced = try #require(try json(rewrite.stdout)["energyBeforeMillijoules"] as? Double, "\(rewrite.stderr)")
                // score prints six significant digits; rewrite --explain the full double.
                #expect(abs(scored - priced) <= 5e-6 * priced, "\(name) on \(device): score \(scored) mJ, rewrite \(priced) mJ")
            }
        }
    }
}
