import Foundation
import TemperCore

/// The report of `temper score … --report DIR`: energy per pattern, by kind, and each pattern's power curve.
public enum PatternEnergyReport {
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
    public static func write(results: [PatternScore], device: String, budgetMillijoules: Double? = nil, to directory: URL) throws(TemperError) {
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
            ["pattern", "status", "energy", "µAh", "peak", "average", "plays", "duration"],
            data.patterns.map { entry in
                guard let estimate = entry.estimate else { return [entry.path, entry.status.rawValue, entry.error ?? "", "", "", "", "", ""] }
                return [
                    entry.path, entry.status.rawValue, ReportNumber.energy(millijoules: estimate.energyMillijoules), ReportNumber.fixed(estimate.microampHours, 2),
                    ReportNumber.fixed(estimate.peakMilliwatts, 0) + " mW", ReportNumber.fixed(estimate.averageMilliwatts, 0) + " mW",
                    estimate.isClipped
                        ? "\(ReportNumber.fixed(min(estimate.playedFraction * 100, 99), 0)) % for \(ReportNumber.fixed(estimate.clippedSeconds, 2)) s"
                        : "100 %",
                    ReportNumber.fixed(estimate.durationSeconds, 2) + " s",
                ]
            }
        )
        document.paragraph(
            "\"plays\" is the share of the strength a pattern asks for that this device's driver can give at the pattern's worst "
                + "moment, and for how long it falls short; a clipped pattern costs what plays, not what it asks."
        )
        if !scored.isEmpty {
            document.heading("Energy per pattern")
            document.chart(
                "energy-by-pattern.svg",
                BarChart(
                    title: "Energy per pattern, by kind", unit: "mJ", segmentNames: ["transients", "continuous", "audio", "overhead"],
                    segmentColors: Palette.kinds,
                    bars: scored.map { entry in
                        let breakdown = entry.estimate!.breakdown
                        return .init(
                            label: URL(fileURLWithPath: entry.path).lastPathComponent,
                            values: [breakdown.transientsMillijoules, breakdown.continuousMillijoules, breakdown.audioMillijoules, breakdown.overheadMillijoules]
                        )
                    }
                ).render(),
                caption: "Each pattern's energy, stacked by kind."
            )
            document.heading("Power over time")
            for (index, entry) in scored.enumerated() where !(entry.estimate?.powerSeries.isEmpty ?? true) {
                document.chart(
                    "power-\(index + 1).svg", powerChart(name: URL(fileURLWithPath: entry.path).lastPathComponent, series: entry.estimate!.powerSeries),
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

    /// A pattern's power curve, drawn as steps between samples.
    static func powerChart(name: String, series: [PowerSample]) -> String {
        var chart = LineChart(
            title: "Power of \(name)", xLabel: "seconds", yLabel: "mW",
            series: [.init(name: "power", color: Palette.series[2], points: series.map { ($0.timeSeconds, $0.milliwatts) })]
        )
        chart.height = 220
        return chart.render()
    }
}
