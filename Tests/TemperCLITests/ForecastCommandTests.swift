import Foundation
import TemperTestSupport
import Testing

/// `temper forecast` as a person runs it (issue 33, item 3): a recording imported, then the three-way comparison
/// in text and JSON, and one line for what it cannot do.
@Suite struct ForecastCommandTests {
    func scratch(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("temper-forecast-\(UUID().uuidString)-\(name)").path
    }

    /// Twenty minutes at 1 s of a two-node device under power steps, as a logger's CSV, imported into a trace.
    func importedTrace() throws -> (trace: String, cleanup: () -> Void) {
        let csv = scratch("log.csv")
        let trace = scratch("log.jsonl")
        var text = "seconds,die,watts\n"
        var die = 30.0
        var board = 30.0
        for second in 0..<1200 {
            let watts = [1.0, 5, 2, 6, 0.5][(second / 150) % 5]
            for _ in 0..<10 {
                die += 0.1 * (watts - (die - board) / 1.5) / 6
                board += 0.1 * ((die - board) / 1.5 - (board - 25) / 4) / 80
            }
            text += "\(second),\(String(format: "%.1f", die)),\(watts)\n"
        }
        try text.write(toFile: csv, atomically: true, encoding: .utf8)
        let imported = try TemperRunner.run(["import", csv, "--columns", "time=seconds,temperature=die,power=watts", "--out", trace])
        #expect(imported.status == 0, "\(imported.stderr)")
        return (
            trace,
            {
                try? FileManager.default.removeItem(atPath: csv)
                try? FileManager.default.removeItem(atPath: trace)
            }
        )
    }

    @Test func theComparisonInTextAndJSON() throws {
        let (trace, cleanup) = try importedTrace()
        defer { cleanup() }
        let text = try TemperRunner.run(["forecast", trace, "--fit-fraction", "0.5"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("input: csv/watts (measured power, W)"), "\(text.stdout)")
        #expect(text.stdout.contains("model − persistence (95 %)"))
        #expect(text.stdout.contains("chosen on the fit part's last 30 %"))
        let json = try TemperRunner.run(["forecast", trace, "--horizons", "10s,1min", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let horizons = try #require(document["horizons"] as? [[String: Any]])
        #expect(horizons.compactMap { $0["seconds"] as? Double } == [10, 60])
        for horizon in horizons {
            let rmse = try #require(horizon["rmseCelsius"] as? [String: Double])
            #expect(Set(rmse.keys) == ["model", "trend", "persistence"])
            #expect(rmse.values.allSatisfy { $0 >= 0 && $0 < 10 }, "\(rmse)")
        }
        let fit = try #require(document["fit"] as? [String: Any])
        #expect([1, 2].contains(fit["nodes"] as? Int ?? 0))
        #expect(fit["inputKind"] as? String == "power")
    }

    /// An imported trace goes to the one-sensor fit of `calibrate thermal`, nodes reported.
    @Test func calibrateThermalFitsAnImportedTrace() throws {
        let (trace, cleanup) = try importedTrace()
        defer { cleanup() }
        let fit = try TemperRunner.run(["calibrate", "thermal", trace])
        #expect(fit.status == 0, "\(fit.stderr)")
        #expect(fit.stdout.contains("chosen by the information criterion"), "\(fit.stdout)")
        #expect(fit.stdout.contains("time constant 1"))
        let refused = try TemperRunner.run(["calibrate", "thermal", trace, "--out", scratch("p.yaml")])
        #expect(refused.status == 2 && refused.stderr.contains("a one-sensor fit does not give"), "\(refused.stderr)")
    }

    @Test func badOptionsAreOneLineErrors() throws {
        let fraction = try TemperRunner.run(["forecast", "x.jsonl", "--fit-fraction", "2"])
        #expect(fraction.status == 2 && fraction.stderr.contains("--fit-fraction must be in 0.1...0.9"), "\(fraction.stderr)")
        let horizons = try TemperRunner.run(["forecast", "x.jsonl", "--horizons", "10s,0s"])
        #expect(horizons.stderr.contains("not '0s'"), "\(horizons.stderr)")
        let missing = try TemperRunner.run(["forecast", scratch("absent.jsonl")])
        #expect(missing.status == 2 && missing.stderr.filter { $0 == "\n" }.count == 1, "\(missing.stderr)")
    }
}

extension ForecastCommandTests {
    /// `serve --forecast-test` reads the device's test before anything starts: a file that is not one is one line.
    @Test func serveRefusesAForecastTestItCannotRead() throws {
        let path = scratch("test.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "{}".write(toFile: path, atomically: true, encoding: .utf8)
        let served = try TemperRunner.run(["serve", "--address", "unix:path=/nonexistent/temper-test", "--forecast-test", path])
        #expect(served.status == 2, "\(served.stderr)")
        #expect(served.stderr == "temper: \(path): not the JSON of 'temper forecast --json'\n", "\(served.stderr)")
    }
}
