import ArgumentParser
import Foundation
import TemperCore
import TemperReports

/// Renders a ``ScoreReport`` as a table, JSON or CSV.
enum ScoreOutput {
    static func render(_ report: ScoreReport, as format: ScoreFormat) throws -> String {
        switch format {
        case .table: table(report)
        case .json: try TemperJSON.string(report)
        case .csv: csv(report)
        }
    }

    // MARK: Table

    static func table(_ report: ScoreReport) -> String {
        var table = OutputTable([
            ("PATTERN", .left), ("ENERGY mJ", .right), ("µAh", .right), ("PEAK mW", .right), ("PLAYS", .right),
            ("DURATION s", .right), ("TRANSIENT", .right), ("CONTINUOUS", .right), ("AUDIO", .right), ("OVERHEAD", .right),
            ("STATUS", .left),
        ])
        for score in report.patterns {
            guard let estimate = score.estimate else {
                table.append([score.path, "-", "-", "-", "-", "-", "-", "-", "-", "-", score.status.rawValue])
                continue
            }
            let breakdown = estimate.breakdown
            table.append([
                score.path, number(estimate.energyMillijoules), number(estimate.microampHours, places: 2),
                number(estimate.peakMilliwatts), plays(estimate), number(estimate.durationSeconds, places: 3),
                number(breakdown.transientsMillijoules), number(breakdown.continuousMillijoules),
                number(breakdown.audioMillijoules), number(breakdown.overheadMillijoules), score.status.rawValue,
            ])
        }
        return table.render() + "\n\n" + summary(report)
    }

    static func summary(_ report: ScoreReport) -> String {
        let summary = report.summary
        var lines = [
            "\(summary.patterns) pattern\(summary.patterns == 1 ? "" : "s") on \(report.device): \(summary.ok) ok, "
                + "\(summary.overBudget) over budget, \(summary.errors) error\(summary.errors == 1 ? "" : "s"), "
                + "\(summary.warnings) warning\(summary.warnings == 1 ? "" : "s")",
            "total \(number(summary.totalEnergyMillijoules)) mJ (\(number(summary.totalMicroampHours, places: 2)) µAh at "
                + "\(number(report.batteryVolts, places: 2)) V)"
                + (report.budgetMillijoules.map { "; budget \(number($0)) mJ per pattern" } ?? ""),
        ]
        let clipped = report.patterns.compactMap { score in score.estimate.flatMap { $0.isClipped ? (score.path, $0) : nil } }
        if !clipped.isEmpty {
            lines.append("clipped (asks more than the driver gives, so it plays weaker):")
            for (path, estimate) in clipped.prefix(5) {
                lines.append(
                    "  \(path)  plays at \(number(estimate.playedFraction * 100, places: 0)) % of what it asks "
                        + "for \(number(estimate.clippedSeconds, places: 3)) s"
                )
            }
            if clipped.count > 5 { lines.append("  and \(clipped.count - 5) more") }
        }
        if !summary.costliest.isEmpty {
            lines.append("costliest:")
            for (rank, costly) in summary.costliest.enumerated() {
                lines.append("  \(rank + 1). \(costly.path)  \(number(costly.energyMillijoules)) mJ")
            }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: CSV

    static let csvHeader = [
        "path", "status", "energyMillijoules", "microampHours", "peakMilliwatts", "durationSeconds",
        "transientsMillijoules", "continuousMillijoules", "audioMillijoules", "overheadMillijoules",
        "averageMilliwatts", "clippedSeconds", "playedFraction", "warnings", "error",
    ]

    /// One row per pattern (RFC 4180 quoting); warnings are joined with "; ".
    static func csv(_ report: ScoreReport) -> String {
        var lines = [csvHeader.joined(separator: ",")]
        for score in report.patterns {
            let estimate = score.estimate
            let numbers: [String] = estimate.map { estimate in
                let breakdown = estimate.breakdown
                return [
                    estimate.energyMillijoules, estimate.microampHours, estimate.peakMilliwatts, estimate.durationSeconds,
                    breakdown.transientsMillijoules, breakdown.continuousMillijoules, breakdown.audioMillijoules,
                    breakdown.overheadMillijoules, estimate.averageMilliwatts, estimate.clippedSeconds, estimate.playedFraction,
                ].map { String(format: "%.6g", $0) }
            } ?? Array(repeating: "", count: 11)
            let cells = [score.path, score.status.rawValue] + numbers + [score.warnings.joined(separator: "; "), score.error ?? ""]
            lines.append(cells.map(csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\n")
    }

    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The share of what it asks that a pattern plays: "100%", or its worst clipped moment.
    static func plays(_ estimate: EnergyEstimate) -> String {
        estimate.isClipped ? "\(number(min(estimate.playedFraction * 100, 99), places: 0))%" : "100%"
    }

    static func number(_ value: Double, places: Int = 1) -> String {
        String(format: "%.\(places)f", value)
    }
}

/// How `temper score` prints its findings.
enum ScoreFormat: String, CaseIterable, ExpressibleByArgument {
    case table, json, csv

    /// Table on a terminal, JSON when piped or redirected (for build pipelines).
    static func automatic(stdoutIsTerminal: Bool = isatty(STDOUT_FILENO) == 1) -> ScoreFormat {
        stdoutIsTerminal ? .table : .json
    }
}
