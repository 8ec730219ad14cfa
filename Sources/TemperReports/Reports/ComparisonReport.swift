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
        if !comparison.settingRows.isEmpty {
            document.heading("Why")
            document.paragraph(
                "A's run was made again once for each setting B changes, with that setting as B has it and everything else "
                    + "as A has it; each row says what that setting alone did to A's figures."
            )
            for cause in comparison.causes { document.paragraph(cause) }
            document.table(["setting B changes", "A", "B", "alone, it gives A"], comparison.settingRows)
        }
        let shared = rows.filter { !$0.differs }
        if !shared.isEmpty {
            document.heading("The same in both")
            document.table(["figure", "A and B"], shared.map { [$0.figure, $0.a] })
        }
        document.heading("Over time")
        document.chart(
            "comparison.svg",
            temperatureChart(comparison),
            caption: "Each run's tier, and the hottest counted temperature of each over time (A solid, B dashed)."
        )
        return document
    }

    static func temperatureChart(_ comparison: RunComparison) -> Timeline {
        let (a, b) = (comparison.a, comparison.b)
        let time = TimeAxis(durationSeconds: max(a.durationSeconds, b.durationSeconds))
        var tiers = Timeline.Lane(title: "Tier", unit: "")
        tiers.strips = [("A", a), ("B", b)].map { label, run in
            Timeline.Strip(
                label: label,
                spans: SimulationCharts.tierBands(run.tiers.map { (time($0.timeSeconds), $0.tier) }, start: 0, color: Palette.tierStrip)
                    .map { .init(from: $0.from, to: $0.to, color: $0.color, label: $0.label) }
            )
        }
        var temperatures = Timeline.Lane(title: "Hottest counted temperature", unit: "°C")
        temperatures.series = [
            .init(name: "A", color: Palette.series[0], points: a.temperatures.map { .init(time($0.timeSeconds), $0.value) }),
            .init(name: "B", color: Palette.series[1], points: b.temperatures.map { .init(time($0.timeSeconds), $0.value) }, dashed: true),
        ]
        var chart = Timeline(
            title: "Peak temperature and tier, A against B",
            timeLabel: time.label,
            secondsPerUnit: time.secondsPerUnit,
            domain: (0, time(max(a.durationSeconds, b.durationSeconds))),
            lanes: [tiers, temperatures]
        )
        chart.identifier = "comparison"
        return chart
    }
}
