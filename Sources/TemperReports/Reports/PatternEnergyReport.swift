public import FoundationEssentials
public import TemperCore
public import TemperScoring

/// The report of `temper score … --report DIR`: energy per pattern, by kind, and each pattern's power curve.
public enum PatternEnergyReport: Sendable {
    /// What `data.json` holds.
    public struct Data: Sendable, Hashable, Codable {
        public var device: String
        public var budgetMillijoules: Double?
        public var totalMillijoules: Double
        public var patterns: [PatternScore]
    }

    /// Writes `index.html`, `report.md`, `data.json` and the charts into `directory`.
    /// - Parameters:
    ///   - results: each pattern's score (or error), in the order to show them. Estimates made with a power series
    ///     (`EnergyEstimator.Options.maxSeriesPoints` > 0) get a power-over-time chart each.
    ///   - device: the device profile's name.
    ///   - budgetMillijoules: the budget the patterns were checked against, if any.
    public static func write(
        results: [PatternScore],
        device: String,
        budgetMillijoules: Double? = nil,
        to directory: URL
    ) throws(TemperError) {
        let total = results.compactMap(\.estimate).reduce(0) { $0 + $1.energyMillijoules }
        let data = Data(device: device, budgetMillijoules: budgetMillijoules, totalMillijoules: total, patterns: results)
        try ReportBundle.write(document(for: data), data: data, to: directory)
    }

    static func document(for data: Data) -> ReportDocument {
        let scored = data.patterns.filter { $0.estimate != nil }
        var document = ReportDocument(
            title: "Pattern energy on \(data.device)",
            subtitle: "\(data.patterns.count) patterns, \(ReportNumber.energy(millijoules: data.totalMillijoules)) in all"
                + (data.budgetMillijoules.map { "; budget \(ReportNumber.energy(millijoules: $0)) each." } ?? ".")
        )
        document.heading("Patterns")
        document.table(
            ["pattern", "status", "energy (mJ)", "charge (µAh)", "peak (mW)", "average (mW)", "plays", "duration (s)", "felt per J"],
            data.patterns.map { entry in
                guard let estimate = entry.estimate else {
                    return [entry.path, entry.status.rawValue, entry.error ?? "", "", "", "", "", "", ""]
                }
                return [
                    entry.path, entry.status.rawValue, ReportNumber.fixed(estimate.energyMillijoules, 1),
                    ReportNumber.fixed(estimate.microampHours, 2),
                    ReportNumber.fixed(estimate.peakMilliwatts, 0), ReportNumber.fixed(estimate.averageMilliwatts, 0),
                    estimate.isClipped
                        ? "\(ReportNumber.fixed(min(estimate.playedFraction * 100, 99), 0)) % for \(ReportNumber.fixed(estimate.clippedSeconds, 2)) s"
                        : "100 %",
                    ReportNumber.fixed(estimate.durationSeconds, 3),
                    entry.perception?.feltStrengthPerJoule.map { ReportNumber.fixed($0, 0) } ?? "",
                ]
            }
        )
        document.paragraph(
            "\"plays\" is the share of the strength a pattern asks for that this device's driver can give at the pattern's worst "
                + "moment, and for how long it falls short; a clipped pattern costs what plays, not what it asks. \"felt per J\" is "
                + "the pattern's felt strength (a model of how strongly a hand feels it, summed over its length) per joule it "
                + "costs: higher is more feel for the energy (docs/perception.md)."
        )
        let statuses = Set(data.patterns.map(\.status.rawValue))
        document.definitions(Glossary.scoreStatuses.filter { statuses.contains($0.term) })
        if !scored.isEmpty {
            // The charts draw the costliest few, in the table's order; the table above has every pattern.
            let drawn = scored.count <= ReportScores.shownInFull ? scored : costliest(scored)
            let drawnNote = drawn.count < scored.count ? " The costliest \(drawn.count) of \(scored.count) are drawn." : ""
            document.heading("Energy per pattern")
            var chart = BarChart(
                title: "Energy per pattern, by kind",
                unit: "mJ",
                segmentNames: ["transients", "continuous", "audio", "overhead"],
                segmentColors: Palette.kinds,
                bars: drawn.map { entry in
                    let breakdown = entry.estimate!.breakdown
                    return .init(
                        label: URL(fileURLWithPath: entry.path).lastPathComponent,
                        values: [
                            breakdown.transientsMillijoules, breakdown.continuousMillijoules, breakdown.audioMillijoules,
                            breakdown.overheadMillijoules,
                        ]
                    )
                }
            )
            chart.limit = data.budgetMillijoules.map { .init(value: $0, label: "budget \(ReportNumber.energy(millijoules: $0))") }
            document.chart(
                "energy-by-pattern.svg",
                chart,
                caption: "Each pattern's energy, stacked by kind"
                    + (data.budgetMillijoules == nil ? "." : "; the dashed line is the budget each pattern is held to.") + drawnNote
            )
            document.heading("Power over time")
            for (index, entry) in drawn.enumerated() where !(entry.estimate?.powerSeries.isEmpty ?? true) {
                let estimate = entry.estimate!
                let name = URL(fileURLWithPath: entry.path).lastPathComponent
                document.chart(
                    "power-\(index + 1).svg",
                    PowerChart(
                        title: "Power of \(name)",
                        curves: [.init(name: name, series: estimate.powerSeries, durationSeconds: estimate.durationSeconds)],
                        clipped: estimate.clippedSpans.map { .init(from: $0.startSeconds, to: $0.endSeconds) }
                    ).chart(),
                    caption: "Power over time of \(entry.path)."
                )
            }
        }
        let warned = data.patterns.filter { !$0.warnings.isEmpty }
        if !warned.isEmpty {
            document.heading("Warnings")
            document.bullets(warned.flatMap { entry in entry.warnings.map { "\(entry.path): \($0)" } })
        }
        return document
    }

    /// The ``ReportScores/shownInFull`` costliest of `scored`, in their order.
    private static func costliest(_ scored: [PatternScore]) -> [PatternScore] {
        let kept = Set(
            scored.indices.sorted {
                ReportScores.isCostlier(($0, scored[$0].estimate!.energyMillijoules), than: ($1, scored[$1].estimate!.energyMillijoules))
            }
            .prefix(ReportScores.shownInFull)
        )
        return scored.indices.filter(kept.contains).map { scored[$0] }
    }
}

extension ScoreReport {
    /// Writes the run as `index.html`, `report.md` and `data.json` in `folder`, with each pattern's power curve
    /// when the estimator kept power series.
    ///
    /// - Throws: ``TemperError`` when the folder cannot be written.
    public func write(toReportFolder folder: URL) throws(TemperError) {
        try PatternEnergyReport.write(results: patterns, device: device, budgetMillijoules: budgetMillijoules, to: folder)
    }
}
