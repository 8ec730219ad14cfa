import ArgumentParser
import FoundationEssentials
import Glibc
import TemperCore
import TemperScoring

/// `temper score`'s table and CSV rows (``ScoreStream`` writes JSON and CSV as patterns are scored).
enum ScoreOutput {
    // MARK: Table

    /// The score table; with `width`, fitted to it: path, energy, peak, duration and status stay, the charge,
    /// the share played and then the breakdown go first, and paths shorten from the left.
    static func table(_ report: ScoreReport, width: Int? = nil) -> String {
        var table = OutputTable(columns: [
            .init(title: "PATTERN", alignment: .left, shortens: true),
            .init(title: "ENERGY mJ", alignment: .right),
            .init(title: "CHARGE µAh", alignment: .right, drop: 2),
            .init(title: "PEAK mW", alignment: .right),
            .init(title: "PLAYS %", alignment: .right, drop: 1),
            .init(title: "DURATION s", alignment: .right),
            .init(title: "TRANSIENT mJ", alignment: .right, drop: 6),
            .init(title: "CONTINUOUS mJ", alignment: .right, drop: 5),
            .init(title: "AUDIO mJ", alignment: .right, drop: 4),
            .init(title: "OVERHEAD mJ", alignment: .right, drop: 3),
            .init(title: "FELT/J", alignment: .right, drop: 7),
            .init(title: "STATUS", alignment: .left),
        ])
        for score in report.patterns {
            guard let estimate = score.estimate else {
                table.append([score.path, "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", score.status.rawValue])
                continue
            }
            let breakdown = estimate.breakdown
            table.append([
                score.path, number(estimate.energyMillijoules), number(estimate.microampHours, places: 2),
                number(estimate.peakMilliwatts), plays(estimate), number(estimate.durationSeconds, places: 3),
                number(breakdown.transientsMillijoules), number(breakdown.continuousMillijoules),
                number(breakdown.audioMillijoules), number(breakdown.overheadMillijoules),
                score.perception?.feltStrengthPerJoule.map { number($0) } ?? "-", score.status.rawValue,
            ])
        }
        return table.render(width: width) + "\n\n" + summary(report, width: width)
    }

    /// The run's totals, its clipped and its costliest patterns; with `width`, paths shorten from the left to fit.
    static func summary(_ report: ScoreReport, width: Int? = nil) -> String {
        func fitted(_ path: String, besides text: String) -> String {
            guard let width, path.count + text.count > width else { return path }
            let room = max(OutputTable.shortestShortened, width - text.count)
            return path.count > room ? "…" + path.suffix(room - 1) : path
        }
        let summary = report.summary
        var lines = [
            "\(summary.patterns) pattern\(summary.patterns == 1 ? "" : "s") on \(report.device): \(summary.ok) ok, "
                + "\(summary.overBudget) over budget, \(summary.errors) error\(summary.errors == 1 ? "" : "s"), "
                + "\(summary.warnings) warning\(summary.warnings == 1 ? "" : "s")",
            "total \(number(summary.totalEnergyMillijoules)) mJ (\(number(summary.totalMicroampHours, places: 2)) µAh at "
                + "\(number(report.batteryVolts, places: 2)) V)"
                + (report.budgetMillijoules.map { "; budget \(number($0)) mJ per pattern" } ?? ""),
        ]
        if let trim = summary.trim {
            let most = PerceivedChange(decibels: trim.largestChangeDecibels)
            lines.append(
                "trim \(number(trim.maxDecibels)) dB (a model estimate): saves \(number(trim.savedMillijoules)) mJ of "
                    + "\(number(summary.totalEnergyMillijoules)) mJ (\(number(trim.savedFraction * 100)) %)"
            )
            lines.append("  \(trim.trimmed) trimmed; the most any event changed: \(most.words)")
        }
        let feltPerJoule = report.patterns.compactMap { $0.perception?.feltStrengthPerJoule }.sorted()
        if !feltPerJoule.isEmpty {
            lines.append("felt strength per joule (FELT/J): median \(number(feltPerJoule[feltPerJoule.count / 2]))")
        }
        let clipped = report.patterns.compactMap { score in score.estimate.flatMap { $0.isClipped ? (score.path, $0) : nil } }
        if !clipped.isEmpty {
            lines.append("clipped (asks more than the driver gives, so it plays weaker):")
            for (path, estimate) in clipped.prefix(5) {
                let detail =
                    "  plays \(number(estimate.playedFraction * 100, places: 0)) % of what it asks "
                    + "for \(number(estimate.clippedSeconds, places: 3)) s"
                lines.append("  " + fitted(path, besides: "  " + detail) + detail)
            }
            if clipped.count > 5 { lines.append("  and \(clipped.count - 5) more") }
        }
        if !summary.costliest.isEmpty {
            lines.append("costliest:")
            for (rank, costly) in summary.costliest.enumerated() {
                let energy = "  \(number(costly.energyMillijoules)) mJ"
                lines.append("  \(rank + 1). " + fitted(costly.path, besides: "  \(rank + 1). " + energy) + energy)
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

    /// One row per pattern (RFC 4180 quoting); numbers with six significant digits, warnings joined with "; ".
    static func csvRow(_ score: PatternScore) -> String {
        let numbers: [String] =
            score.estimate.map { estimate in
                let breakdown = estimate.breakdown
                return [
                    estimate.energyMillijoules, estimate.microampHours, estimate.peakMilliwatts, estimate.durationSeconds,
                    breakdown.transientsMillijoules, breakdown.continuousMillijoules, breakdown.audioMillijoules,
                    breakdown.overheadMillijoules, estimate.averageMilliwatts, estimate.clippedSeconds, estimate.playedFraction,
                ].map { String(cFormat: "%.6g", $0) }
            } ?? Array(repeating: "", count: 11)
        let cells = [score.path, score.status.rawValue] + numbers + [score.warnings.joined(separator: "; "), score.error ?? ""]
        return cells.map(csvField).joined(separator: ",")
    }

    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }

    /// The share of what it asks that a pattern plays, in percent: 100, or its worst clipped moment.
    static func plays(_ estimate: EnergyEstimate) -> String {
        estimate.isClipped ? number(min(estimate.playedFraction * 100, 99), places: 0) : "100"
    }

    static func number(_ value: Double, places: Int = 1) -> String {
        String(cFormat: "%.\(places)f", value)
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
