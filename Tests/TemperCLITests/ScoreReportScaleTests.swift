import Foundation
import TemperTestSupport
import Testing

/// `temper score DIR --report` draws the costliest patterns in full and lists the rest (issue 34: 10,000 one-tap
/// files took 3.2 GB and wrote a 442 MB `data.json`, a 26 KB power series and a chart for each).
@Suite struct ScoreReportScaleTests {
    /// One tap at `intensity`.
    static func tap(_ intensity: Double) -> String {
        #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": \#(intensity)}]}}]}"#
    }

    @Test func thirtyPatternsDrawTheCostliestTwentyAndListEvery() throws {
        let folder = TemporaryFolder.uniquePath(prefix: "temper-score-report")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("taps"), withIntermediateDirectories: true)
        // tap00 is the weakest, tap29 the strongest: the costliest twenty are tap10 to tap29.
        for index in 0..<30 {
            try Self.tap(0.1 + Double(index) * 0.03).write(
                to: folder.appendingPathComponent(String(format: "taps/tap%02d.ahap", index)),
                atomically: true,
                encoding: .utf8
            )
        }
        let report = folder.appendingPathComponent("report")
        let result = try TemperRunner.run([
            "score", folder.appendingPathComponent("taps").path, "--format", "json", "--report", report.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")

        let data = try Data(contentsOf: report.appendingPathComponent("data.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let patterns = try #require(document["patterns"] as? [[String: Any]])
        #expect(patterns.count == 30)
        let withSeries = patterns.filter { !(($0["powerSeries"] as? [Any])?.isEmpty ?? true) }.compactMap { $0["path"] as? String }
        #expect(withSeries.map { URL(fileURLWithPath: $0).lastPathComponent } == (10..<30).map { String(format: "tap%02d.ahap", $0) })
        // Every pattern keeps its figures.
        #expect(patterns.allSatisfy { ($0["energyMillijoules"] as? Double ?? 0) > 0 })

        let files = try FileManager.default.contentsOfDirectory(atPath: report.path)
        #expect(files.filter { $0.hasPrefix("power-") }.count == 20)
        let page = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("The costliest 20 of 30 are drawn."))
        #expect(page.contains("tap00.ahap"), "the table lists every pattern")
    }
}
