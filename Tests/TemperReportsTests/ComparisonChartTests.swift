import Foundation
import TemperCore
import TemperSimulation
import TemperTestSupport
import Testing

@testable import TemperReports

/// Issue 38, item 1: the comparison report shows both runs where their lines coincide, each run's thresholds and
/// dwell, and says why it draws no chart of two runs of very different length.
struct ComparisonChartTests {
    static func workstation(label: String, dwell: Double = 10) throws -> ComparedRun {
        let url = PackagePaths.root.appendingPathComponent("Examples/traces/workstation-16.jsonl")
        var settings = Policy.default.classifier
        settings.dwellSeconds = dwell
        let result = TraceReplay.replay(try TraceFile.read(contentsOf: url).snapshots, settings: settings, name: label)
        return ComparedRun(trace: result, label: label)
    }

    @Test func twoRunsWithTheSameTemperaturesAreBothDrawnInLanesOfTheirOwnOnOneScale() throws {
        let run = try Self.workstation(label: "a.jsonl")
        let chart = ComparisonReport.temperatureChart(RunComparison(run, run))
        let plots = chart.lanes.filter { !$0.series.isEmpty }
        #expect(plots.map(\.title) == ["A: hottest counted temperature", "B: hottest counted temperature"])
        #expect(plots.allSatisfy { $0.series.count == 1 && $0.series[0].points.count == run.temperatures.count })
        #expect(plots[0].yIncludes == plots[1].yIncludes)
        // Each lane carries its run's thresholds: fair, serious and critical for the coretemp group at least.
        #expect(plots.allSatisfy { $0.thresholds.contains { !$0.exit && $0.label.hasPrefix("fair 70 °C") } })
    }

    @Test func theReportTablesEachRunsThresholdsAndDwell() throws {
        let comparison = RunComparison(try Self.workstation(label: "a.jsonl"), try Self.workstation(label: "b.jsonl", dwell: 20))
        let rows = ComparisonReport.thresholdRows(comparison)
        #expect(rows.contains(["dwell", "0:10", "0:20"]), "\(rows)")
        #expect(
            rows.contains(["coretemp-isa-0000 ×5: fair", "from 70.0 °C, left below 67.0 °C", "from 70.0 °C, left below 67.0 °C"]),
            "\(rows)"
        )
        let markdown = ComparisonReport.document(for: comparison).markdown()
        #expect(markdown.contains("## Thresholds and dwell"))
    }

    @Test func runsOfVeryDifferentLengthGetNoSharedChartAndTheReportSaysWhy() throws {
        let long = try Self.workstation(label: "long.jsonl")
        var short = long
        short.durationSeconds = 2
        short.temperatures = Array(long.temperatures.prefix(1))
        short.tiers = Array(long.tiers.prefix(1))
        let document = ComparisonReport.document(for: RunComparison(long, short))
        #expect(document.charts.isEmpty)
        #expect(
            document.markdown().contains(
                "No chart over time: A lasts 10:00 and B 0:02, so on one time axis B would fill 0.3 % of its width."
            ),
            "\(document.markdown())"
        )
        #expect(ComparisonReport.document(for: RunComparison(long, long)).charts.map(\.file) == ["comparison.svg"])
    }
}
