import Foundation
import TemperCore
import TemperSimulation
import TemperSimulationTestSupport
import TemperTestSupport
import Testing

@testable import TemperReports

/// What a reader of the charts relies on: shared time axes, gaps where there is no value, a unit that fits the span.
@Suite struct ChartLayoutTests {
    /// A snapshot as `temper record` writes it on a machine with no sensors and no battery.
    static let bareSnapshotLine =
        #"{"battery":{"batteries":[],"onBattery":false,"present":false,"status":"unavailable","warningLevel":"unknown"},"#
        + #""powerProfile":{},"powerReadings":[],"temperatures":[],"timestamp":TIME}"#

    @Test func aMissingValueBreaksTheLine() {
        let chart = LineChart(
            title: "t",
            xLabel: "x",
            yLabel: "y",
            series: [.init(name: "s", color: "#000", points: [(0, 1), (1, 2), (2, .nan), (3, 2), (4, 1)])]
        )
        let svg = chart.render()
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 2)
        #expect(!svg.contains("nan"))
    }

    @Test func aFixedDomainSpansTheWholeRunEvenWhereTheDataStopsEarly() {
        var chart = LineChart(
            title: "t",
            xLabel: "minutes",
            yLabel: "s",
            series: [.init(name: "s", color: "#000", points: [(0, 1), (15, 2)])]
        )
        chart.xDomain = (0, 45)
        #expect(chart.render().contains(">40</text>"))
    }

    @Test(arguments: [(3.0, "seconds"), (119.0, "seconds"), (120.0, "minutes"), (2700.0, "minutes")])
    func shortRunsAreDrawnInSeconds(duration: Double, unit: String) {
        #expect(TimeAxis(durationSeconds: duration).label == unit)
    }

    @Test func axesGetAtLeastFourTicks() {
        for (low, high) in [(0.0, 2.65), (0.0, 4.2), (20.0, 61.4), (0.0, 45.0), (0.0, 1582.0), (50.0, 60.0)] {
            #expect(AxisScale(low: low, high: high, exact: true).ticks.count >= 4, "\(low)...\(high)")
        }
    }

    @Test func aTraceWithoutSensorsOrBatterySaysSoInsteadOfDrawingEmptyCharts() throws {
        let lines = [0.0, 0.5, 1.0, 1.5].map { Self.bareSnapshotLine.replacingOccurrences(of: "TIME", with: "\(1_795_318_983 + $0)") }
        let snapshots = try TraceFile.read(Data(lines.joined(separator: "\n").utf8), file: "bare.jsonl").snapshots
        let result = TraceReplay.replay(snapshots, settings: Policy.default.classifier, name: "bare.jsonl")
        let directory = TemporaryFolder.uniquePath()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TraceReport.write(result, to: directory)
        try ReportTests.checkFolder(directory, charts: false)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!files.contains { $0.hasSuffix(".svg") })
        let markdown = try String(contentsOf: directory.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdown.contains("No temperature sensor reported a value"))
        #expect(markdown.contains("never changed: nominal"))
    }

    @Test func theTraceReportDrawsOneTimelineWithItsLanes() throws {
        let snapshots = try TraceFile.read(contentsOf: SimulationFixtures.shippedTrace).snapshots
        let result = TraceReplay.replay(snapshots, settings: Policy.default.classifier, name: "heat-soak.jsonl")
        let document = TraceReport.document(for: result)
        let charts = document.charts
        #expect(charts.map(\.file) == ["timeline.svg"])
        let svg = try #require(charts.first?.svg)
        // The forecast stops when the trace reaches critical, but the shared axis still runs to the trace's last minutes.
        #expect(svg.contains(">40</text>"))
        for lane in ["Tier", "Temperatures (°C)", "Battery (%)", "Seconds to the next tier, capped at 600 (s)"] {
            #expect(svg.contains(">\(lane)</text>"), "\(lane)")
        }
    }
}
