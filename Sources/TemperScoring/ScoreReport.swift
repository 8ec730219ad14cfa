import FoundationEssentials
public import TemperCore

/// Everything one scoring run found, in the shape `temper score --format json` prints.
public struct ScoreReport: Sendable, Codable {
    public var device: String
    public var batteryVolts: Double
    /// `nil` when no budget was given (JSON `null`).
    public var budgetMillijoules: Double?
    public var patterns: [PatternScore]
    public var summary: ScoreSummary

    public init(device: DeviceProfile, budgetMillijoules: Double?, patterns: [PatternScore]) {
        self.device = device.name
        self.batteryVolts = device.battery.nominalVolts
        self.budgetMillijoules = budgetMillijoules
        self.patterns = patterns
        self.summary = ScoreSummary(scores: patterns)
    }

    enum CodingKeys: String, CodingKey {
        case device, batteryVolts, budgetMillijoules, patterns, summary
    }

    /// Writes `budgetMillijoules` as `null` when there is none, so the key is always there.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(device, forKey: .device)
        try container.encode(batteryVolts, forKey: .batteryVolts)
        try container.encode(budgetMillijoules, forKey: .budgetMillijoules)
        try container.encode(patterns, forKey: .patterns)
        try container.encode(summary, forKey: .summary)
    }

    /// The same report with each estimate's power series left out, for printing.
    public func withoutPowerSeries() -> ScoreReport {
        var copy = self
        for index in copy.patterns.indices { copy.patterns[index].estimate?.powerSeries = [] }
        return copy
    }
}
