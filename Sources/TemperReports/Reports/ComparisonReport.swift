public import FoundationEssentials
public import TemperCore

/// The report of `temper compare A B --report DIR`: the verdict, the figures that differ, and both runs'
/// temperatures and tiers on one time axis.
public enum ComparisonReport: Sendable {
    /// Writes `index.html`, `report.md`, `data.json` and the chart into `directory`.
    public static func write(_ comparison: RunComparison, to directory: URL) throws(TemperError) {
        try ReportBundle.write(document(for: comparison), data: comparison, to: directory)
    }

    static func document(for comparison: RunComparison) -> ReportDocument {
        let (a, b) = (comparison.a, comparison.b)
        var document = ReportDocument(title: "Comparison", subtitle: "A: \(a.label). B: \(b.label).")
        document.headline(comparison.verdict.joined(separator: " "))
        if a.kind != b.kind {
            document.paragraph(
                "A is a \(a.kind.rawValue) and B a \(b.kind.rawValue): only the tiers, temperatures and battery compare; "
                    + "a trace's peak is its hottest counted sensor, a simulation's the skin hotspot."
            )
        }
        let rows = comparison.rows
        let differing = rows.filter(\.differs)
        document.heading("What differs")
        if differing.isEmpty {
            document.paragraph("Every figure below is the same in both runs.")
        } else {
            document.table(["figure", "A", "B", "B − A"], differing.map { [$0.figure, $0.a, $0.b, $0.difference] })
        }
        let shared = rows.filter { !$0.differs }
        if !shared.isEmpty {
            document.heading("The same in both")
            document.table(["figure", "A and B"], shared.map { [$0.figure, $0.a] })
        }
        // The shared multi-lane timeline (reports' TimelineChart, being built alongside) belongs here once it
        // lands: one lane per run's tier and the temperature lane. Until then, the line chart with a tier strip
        // per run shows the same on one time axis.
        document.heading("Over time")
        document.chart(
            "comparison.svg",
            temperatureChart(comparison),
            caption: "The hottest counted temperature of each run over time (A solid, B dashed); the strips above show each run's tier."
        )
        return document
    }

    static func temperatureChart(_ comparison: RunComparison) -> LineChart {
        let (a, b) = (comparison.a, comparison.b)
        let time = TimeAxis(durationSeconds: max(a.durationSeconds, b.durationSeconds))
        var chart = LineChart(
            title: "Peak temperature and tier, A against B",
            xLabel: time.label,
            yLabel: "°C",
            series: [
                .init(name: "A", color: Palette.series[0], points: a.temperatures.map { (time($0.timeSeconds), $0.value) }),
                .init(name: "B", color: Palette.series[1], points: b.temperatures.map { (time($0.timeSeconds), $0.value) }, dashed: true),
            ]
        )
        chart.strips = [("A", a), ("B", b)].map { label, run in
            LineChart.Strip(
                label: label,
                bands: SimulationCharts.tierBands(run.tiers.map { (time($0.timeSeconds), $0.tier) }, start: 0, color: Palette.tierStrip)
            )
        }
        chart.xDomain = (0, time(max(a.durationSeconds, b.durationSeconds)))
        chart.bandLegend = Tier.allCases.map { ($0.rawValue, Palette.tierStrip($0)) }
        return chart
    }
}
