import Foundation
import TemperCalibration
import TemperCore
import TemperSimulation
import TemperTestSupport
import Testing

/// Issue 33's second done-when line: the forecast test on every real recording of five minutes or more, each
/// imported as `temper import` does, fitted on its first half. What it finds is what docs/calibration.md's table
/// says, the losses included: this test fails when a change moves a recording's winner at 60 s.
@Suite(.needsSharedCorpus("thermal")) struct RecordingForecastCorpusTests {
    /// Each recording, whether the fit part determines a model, and the best method at 60 s as the table has it.
    static let recordings: [(file: String, columns: String?, modelFitted: Bool, best: String)] = [
        ("nschloe__stressberry/rpi4b-flyingferret-fans-off.dat", nil, false, "persistence"),
        ("nschloe__stressberry/rpi4b-flyingferret-fans-on.dat", nil, false, "persistence"),
        ("nschloe__stressberry/rpi4b-argon-one.dat", nil, true, "model"),
        ("nschloe__stressberry/rpi3b-fasttech.dat", nil, false, "persistence"),
        ("ChrisG55__Scrooge-Attack/param_21.log", nil, true, "model"),
        ("ChrisG55__Scrooge-Attack/param_27.log", nil, true, "persistence"),
        ("TuxfeatMac__RPiHeatSinkTest/DEFAULT.csv", "time=sec,temperature=tmp,load=clk", true, "persistence"),
        ("ssaraff98__tegrastats_parser/sample_log.txt", nil, true, "persistence"),
        ("Abdel-E__tegrastats_parser/tegra_stats_log.txt", nil, true, "persistence"),
        ("MarvinTerry__cpu-pressure-test/s-tui_log_2026-03-23_03_33_44.csv", nil, true, "persistence"),
        ("MarvinTerry__cpu-pressure-test/s-tui_log_2026-03-18_12_32_54.csv", nil, true, "model"),
        ("siva-subramanyam-gh__Neural-Governor/phone_stats.csv", nil, false, "persistence"),
    ]

    @Test(arguments: recordings.map(\.file))
    func theForecastTestRunsAndFindsWhatTheTableSays(_ file: String) throws {
        let entry = try #require(Self.recordings.first { $0.file == file })
        let path = SharedCorpus.path("thermal", file)
        let recording = try RecordingImporter.read(
            Data(contentsOf: URL(fileURLWithPath: path)),
            file: path,
            columns: try entry.columns.map { try RecordingColumns($0) }
        )
        #expect(recording.durationSeconds >= 300)
        let series = try SensorSeries(snapshots: recording.snapshots, name: file)
        let test = try ForecastTest.run(series, settings: .init(fitFraction: 0.5, bootstrapResamples: 100))
        #expect(test.horizons.map(\.seconds) == [10, 30, 60])
        #expect(test.horizons.allSatisfy { $0.forecasts > 50 && $0.rmseCelsius.trend != nil && $0.rmseCelsius.persistence != nil })
        #expect((test.fit != nil) == entry.modelFitted, "\(test.modelFailure ?? "fitted")")
        if let fit = test.fit {
            #expect([1, 2].contains(fit.nodes) && fit.informationCriterion.count >= 1)
            #expect(fit.timeConstants.allSatisfy { $0.low <= $0.value && $0.value <= $0.high })
        }
        #expect(test.bestMethod == entry.best, "\(test.horizons.last.map { String(describing: $0.rmseCelsius) } ?? "")")
    }
}
