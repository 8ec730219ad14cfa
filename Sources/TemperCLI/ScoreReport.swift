import ArgumentParser
import Foundation
import TemperCore

/// Everything one `temper score` run found, in the shape `--format json` prints.
struct ScoreReport: Codable {
    var device: String
    var batteryVolts: Double
    /// `nil` when no budget was given (JSON `null`).
    var budgetMillijoules: Double?
    var patterns: [PatternScore]
    var summary: ScoreSummary

    init(device: DeviceProfile, budgetMillijoules: Double?, patterns: [PatternScore]) {
        self.device = device.name
        self.batteryVolts = device.battery.nominalVolts
        self.budgetMillijoules = budgetMillijoules
        self.patterns = patterns
        self.summary = ScoreSummary(scores: patterns)
    }

    enum CodingKeys: String, CodingKey {
        case device, batteryVolts, budgetMillijoules, patterns, summary
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(device, forKey: .device)
        try container.encode(batteryVolts, forKey: .batteryVolts)
        try container.encode(budgetMillijoules, forKey: .budgetMillijoules)
        try container.encode(patterns, forKey: .patterns)
        try container.encode(summary, forKey: .summary)
    }

    /// The same report with each estimate's power series left out, for printing.
    func withoutPowerSeries() -> ScoreReport {
        var copy = self
        for index in copy.patterns.indices { copy.patterns[index].estimate?.powerSeries = [] }
        return copy
    }

    /// The exit status the contract asks for: 2 when any input is unreadable or invalid, else 1 when any is over
    /// budget, else 0.
    var exitStatus: Int32 {
        if summary.errors > 0 { return 2 }
        if summary.overBudget > 0 { return 1 }
        return 0
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
