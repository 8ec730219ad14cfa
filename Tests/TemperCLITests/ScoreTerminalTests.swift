import Foundation
import TemperTestSupport
import Testing

/// `temper score` sized for people: a table that fits the terminal, JSON numbers without float noise, JSON
/// and CSV written as they are scored.
@Suite struct ScoreTerminalTests {
    @Test func at80ColumnsEveryLineFitsAndTheKeyColumnsStay() throws {
        let result = try TemperRunner.run(["score", "Examples/patterns", "--format", "table"], environment: ["COLUMNS": "80"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines { #expect(line.count <= 80, "\(line.count) columns: \(line)") }
        let header = try #require(lines.first)
        for title in ["PATTERN", "ENERGY mJ", "PEAK mW", "DURATION s", "STATUS"] { #expect(header.contains(title), "\(header)") }
        #expect(!header.contains("TRANSIENT mJ"))
    }

    @Test func narrowerStillFitsByShorteningPathsFromTheLeft() throws {
        let result = try TemperRunner.run(["score", "Examples/patterns", "--format", "table"], environment: ["COLUMNS": "64"])
        let rows = result.stdout.split(separator: "\n").prefix(8)
        for row in rows { #expect(row.count <= 64, "\(row.count) columns: \(row)") }
        #expect(rows.contains { $0.hasPrefix("…") && $0.contains(".ahap") }, "\(rows.joined(separator: "\n"))")
    }

    @Test func wideKeepsEveryColumnWithItsUnit() throws {
        let result = try TemperRunner.run(["score", "Examples/patterns", "--format", "table", "--wide"], environment: ["COLUMNS": "80"])
        let header = try #require(result.stdout.split(separator: "\n").first)
        for title in [
            "ENERGY mJ", "CHARGE µAh", "PEAK mW", "PLAYS %", "DURATION s", "TRANSIENT mJ", "CONTINUOUS mJ", "AUDIO mJ", "OVERHEAD mJ",
        ] {
            #expect(header.contains(title), "\(header)")
        }
        #expect(header.count > 80)
    }

    @Test func jsonNumbersAreRoundedAndTheDocumentStaysValid() throws {
        let result = try TemperRunner.run(["score", "Examples/patterns", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((report["patterns"] as? [Any])?.count == 7)
        #expect((report["summary"] as? [String: Any])?["patterns"] as? Int == 7)
        // Float noise such as 1.5678750000000001 has more than six significant digits.
        let noise = try Regex(#"[0-9]\.?[0-9]{7,}"#)
        let noisy = result.stdout.split(separator: "\n").filter { !$0.contains("\"path\"") && $0.contains(noise) }
        #expect(noisy.isEmpty, "\(noisy.prefix(3))")
    }

    @Test func jsonWithAPowerSeriesStaysValidAndCarriesIt() throws {
        let result = try TemperRunner.run(["score", "Examples/patterns/heartbeat.ahap", "--format", "json", "--power-series"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let pattern = try #require((report["patterns"] as? [[String: Any]])?.first)
        #expect(((pattern["powerSeries"] as? [Any])?.count ?? 0) > 1)
    }

    @Test func aPowerSeriesOutsideJSONIsAUsageError() throws {
        for format in ["csv", "table"] {
            let result = try TemperRunner.run(["score", "Examples/patterns", "--format", format, "--power-series"])
            #expect(result.status == 2)
            #expect(
                result.stderr == "temper: --power-series needs --format json (a \(format) has no place for a series; --report draws them)\n"
            )
        }
    }
}
