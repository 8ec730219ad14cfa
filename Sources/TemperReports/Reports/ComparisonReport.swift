public import FoundationEssentials
public import TemperCore

/// The report of `temper compare A B --report DIR`: the verdict, the figures that differ, each run's thresholds
/// and dwell, and both runs' temperatures and tiers on one time axis.
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
        let thresholds = thresholdRows(comparison)
        if !thresholds.isEmpty {
            document.heading("Thresholds and dwell")
            document.paragraph(
                "What each run's classifier held its counted sensors to: a tier starts at its temperature and is left only once "
                    + "every counted sensor has stayed below the exit temperature for the dwell."
            )
            document.table(["setting", "A", "B"], thresholds)
        }
        document.heading("Over time")
        if let refusal = chartRefusal(comparison) {
            document.paragraph(refusal)
        } else {
            document.chart(
                "comparison.svg",
                temperatureChart(comparison),
                caption: "Each run's tier, then the hottest counted temperature of A and of B in lanes of their own on one scale, "
                    + "each with its own thresholds (dotted, listed under the lane), so both show where they coincide. "
                    + "Point at a moment to read both."
            )
        }
        return document
    }

    /// Why the runs are not drawn on one time axis, or `nil` when they are: a run under a tenth of the other's
    /// length would be a sliver at the chart's left edge.
    static func chartRefusal(_ comparison: RunComparison) -> String? {
        let (a, b) = (comparison.a, comparison.b)
        let (short, long) = (min(a.durationSeconds, b.durationSeconds), max(a.durationSeconds, b.durationSeconds))
        guard long > 0, short < long / 10 else { return nil }
        let shorter = a.durationSeconds < b.durationSeconds ? "A" : "B"
        return "No chart over time: A lasts \(ClockText.format(a.durationSeconds)) and B \(ClockText.format(b.durationSeconds)), "
            + "so on one time axis \(shorter) would fill \(ReportNumber.fixed(short / long * 100, 1)) % of its width. "
            + "Compare runs of similar length (record or simulate \(shorter) for as long as the other) to see them over time."
    }

    /// Each run's entry and exit temperature per tier for each group of sensors sharing them, and the dwell.
    static func thresholdRows(_ comparison: RunComparison) -> [[String]] {
        let describe = { (run: ComparedRun) -> [String: String] in
            var cells: [String: String] = [:]
            for group in ThresholdGroups.groups(run.thresholds, peak: { _ in .infinity }) {
                for tier in Tier.allCases.dropFirst() {
                    guard let entry = group.thresholds.entry.entry(of: tier), let exit = group.thresholds.exit.entry(of: tier) else {
                        continue
                    }
                    cells["\(group.name): \(tier)"] = "from \(ReportNumber.celsius(entry)), left below \(ReportNumber.celsius(exit))"
                }
            }
            if let dwell = run.dwellSeconds { cells["dwell"] = ClockText.format(dwell) }
            return cells
        }
        let (a, b) = (describe(comparison.a), describe(comparison.b))
        var order: [String] = []
        for run in [comparison.a, comparison.b] {
            for group in ThresholdGroups.groups(run.thresholds, peak: { _ in .infinity }) {
                for tier in Tier.allCases.dropFirst() where !order.contains("\(group.name): \(tier)") {
                    order.append("\(group.name): \(tier)")
                }
            }
        }
        order.append("dwell")
        return order.filter { a[$0] != nil || b[$0] != nil }.map { [$0, a[$0] ?? "–", b[$0] ?? "–"] }
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
        // A lane each, on one scale: lines that coincide on one plot would hide one run behind the other.
        let peaks = [a, b].map { run in run.temperatures.map(\.value).max() ?? -.infinity }
        let lanes = [("A", a, 0), ("B", b, 1)].map { name, run, side in
            var lane = Timeline.Lane(title: "\(name): hottest counted temperature", unit: "°C")
            lane.series = [
                .init(name: name, color: Palette.series[side], points: run.temperatures.map { .init(time($0.timeSeconds), $0.value) })
            ]
            lane.thresholds = ThresholdGroups.lines(run.thresholds) { _ in peaks[side] }
            return lane
        }
        let values = lanes.flatMap { $0.series.flatMap { $0.points.map(\.y) } + $0.thresholds.map(\.y) }.filter(\.isFinite)
        let scale = [values.min(), values.max()].compactMap { $0 }
        var chart = Timeline(
            title: "Peak temperature and tier, A against B",
            timeLabel: time.label,
            secondsPerUnit: time.secondsPerUnit,
            domain: (0, time(max(a.durationSeconds, b.durationSeconds))),
            lanes: [tiers]
                + lanes.map { lane in
                    var lane = lane
                    lane.yIncludes = scale
                    lane.plotHeight = 120
                    return lane
                }
        )
        chart.identifier = "comparison"
        return chart
    }
}
