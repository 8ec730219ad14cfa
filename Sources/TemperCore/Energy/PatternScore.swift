/// One pattern file's score: its estimate checked against a budget, or why it could not be scored.
///
/// Encodes flat, with units in the keys: `path`, `status`, `energyMillijoules`, `microampHours`,
/// `peakMilliwatts`, `averageMilliwatts`, `durationSeconds`, `clippedSeconds`, `playedFraction`, `breakdown`,
/// `events`, `warnings`, `error` (and `powerSeries` when the estimate carries one), and for a pattern that is felt
/// `feltStrength`, `feltStrengthPerJoule`, `peakSensationDecibels` and, with a trim, `trim` (``PatternPerception``).
public struct PatternScore: Sendable, Hashable, Codable {
    public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
        case ok
        case overBudget = "over-budget"
        case error
    }

    public var path: String
    public var status: Status
    /// `nil` when the pattern could not be read.
    public var estimate: EnergyEstimate?
    /// The reader's leniencies, e.g. `Pattern[12].Event.EventParameters[1]: HapticSharpness 2234.26 clamped to 1.0`.
    public var warnings: [String]
    /// Why the pattern could not be read, in one line.
    public var error: String?
    /// How strongly it is felt for what it costs; `nil` when it could not be read or is not felt.
    public var perception: PatternPerception?

    public init(path: String, status: Status, estimate: EnergyEstimate?, warnings: [String] = [], error: String? = nil) {
        self.path = path
        self.status = status
        self.estimate = estimate
        self.warnings = warnings
        self.error = error
    }

    /// A scored pattern: `ok`, or `over-budget` when it costs more than `budgetMillijoules`.
    public init(path: String, estimate: EnergyEstimate, warnings: [String] = [], budgetMillijoules: Double? = nil) {
        let over = budgetMillijoules.map { estimate.energyMillijoules > $0 } ?? false
        self.init(path: path, status: over ? .overBudget : .ok, estimate: estimate, warnings: warnings)
    }

    /// A pattern that could not be read.
    public init(path: String, error: String, warnings: [String] = []) {
        self.init(path: path, status: .error, estimate: nil, warnings: warnings, error: error)
    }

    public var energyMillijoules: Double { estimate?.energyMillijoules ?? 0 }

    enum CodingKeys: String, CodingKey {
        case path, status, energyMillijoules, microampHours, peakMilliwatts, averageMilliwatts, durationSeconds
        case clippedSeconds, playedFraction, breakdown, events, powerSeries
        case warnings, error
        case feltStrength, feltStrengthPerJoule, peakSensationDecibels, trim
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(estimate?.energyMillijoules, forKey: .energyMillijoules)
        try container.encodeIfPresent(estimate?.microampHours, forKey: .microampHours)
        try container.encodeIfPresent(estimate?.peakMilliwatts, forKey: .peakMilliwatts)
        try container.encodeIfPresent(estimate?.averageMilliwatts, forKey: .averageMilliwatts)
        try container.encodeIfPresent(estimate?.durationSeconds, forKey: .durationSeconds)
        try container.encodeIfPresent(estimate?.clippedSeconds, forKey: .clippedSeconds)
        try container.encodeIfPresent(estimate?.playedFraction, forKey: .playedFraction)
        try container.encodeIfPresent(estimate?.breakdown, forKey: .breakdown)
        try container.encodeIfPresent(estimate?.events, forKey: .events)
        if let series = estimate?.powerSeries, !series.isEmpty { try container.encode(series, forKey: .powerSeries) }
        try container.encodeIfPresent(perception?.feltStrength, forKey: .feltStrength)
        try container.encodeIfPresent(perception?.feltStrengthPerJoule, forKey: .feltStrengthPerJoule)
        try container.encodeIfPresent(perception?.peakSensationDecibels, forKey: .peakSensationDecibels)
        try container.encodeIfPresent(perception?.trim, forKey: .trim)
        try container.encode(warnings, forKey: .warnings)
        // Always present, so a reader can test `error == null`.
        try container.encode(error, forKey: .error)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = try container.decode(String.self, forKey: .path)
        status = try container.decode(Status.self, forKey: .status)
        warnings = try container.decodeIfPresent([String].self, forKey: .warnings) ?? []
        error = try container.decodeIfPresent(String.self, forKey: .error)
        if let energy = try container.decodeIfPresent(Double.self, forKey: .energyMillijoules) {
            estimate = EnergyEstimate(
                energyMillijoules: energy,
                microampHours: try container.decodeIfPresent(Double.self, forKey: .microampHours) ?? 0,
                peakMilliwatts: try container.decodeIfPresent(Double.self, forKey: .peakMilliwatts) ?? 0,
                averageMilliwatts: try container.decodeIfPresent(Double.self, forKey: .averageMilliwatts) ?? 0,
                durationSeconds: try container.decodeIfPresent(Double.self, forKey: .durationSeconds) ?? 0,
                clippedSeconds: try container.decodeIfPresent(Double.self, forKey: .clippedSeconds) ?? 0,
                playedFraction: try container.decodeIfPresent(Double.self, forKey: .playedFraction) ?? 1,
                breakdown: try container.decodeIfPresent(EnergyBreakdown.self, forKey: .breakdown) ?? .init(),
                events: try container.decodeIfPresent([EventEnergy].self, forKey: .events) ?? [],
                powerSeries: try container.decodeIfPresent([PowerSample].self, forKey: .powerSeries) ?? []
            )
        } else {
            estimate = nil
        }
        if let felt = try container.decodeIfPresent(Double.self, forKey: .feltStrength) {
            perception = PatternPerception(
                feltStrength: felt,
                feltStrengthPerJoule: try container.decodeIfPresent(Double.self, forKey: .feltStrengthPerJoule),
                peakSensationDecibels: try container.decodeIfPresent(Double.self, forKey: .peakSensationDecibels),
                trim: try container.decodeIfPresent(TrimSaving.self, forKey: .trim)
            )
        }
    }
}

/// Counts, total energy and the costliest patterns of a scoring run.
public struct ScoreSummary: Sendable, Hashable, Codable {
    public struct Costly: Sendable, Hashable, Codable {
        public var path: String
        public var energyMillijoules: Double
        public var microampHours: Double
    }

    public var patterns: Int
    public var ok: Int
    public var overBudget: Int
    public var errors: Int
    public var warnings: Int
    public var totalEnergyMillijoules: Double
    public var totalMicroampHours: Double
    /// The five costliest scored patterns, costliest first (ties by path).
    public var costliest: [Costly]
    /// What the trim would save over the run, when one was asked for.
    public var trim: TrimSummary?

    /// The trim's saving over a run: a model estimate.
    public struct TrimSummary: Sendable, Hashable, Codable {
        public var maxDecibels: Double
        /// Patterns the trim changed.
        public var trimmed: Int
        /// Energy saved, and as a share of the run's total energy.
        public var savedMillijoules: Double
        public var savedFraction: Double
        /// The largest perceived change of any trimmed pattern, in dB (negative: weaker).
        public var largestChangeDecibels: Double
    }

    public init(scores: [PatternScore], costliestCount: Int = 5) {
        var tally = Tally(costliestCount: costliestCount)
        for score in scores { tally.add(score) }
        self = tally.summary
    }

    private init() {
        (patterns, ok, overBudget, errors, warnings) = (0, 0, 0, 0, 0)
        (totalEnergyMillijoules, totalMicroampHours, costliest, trim) = (0, 0, [], nil)
    }

    /// A run's summary kept as its scores arrive, so a long run holds its counts and its five costliest, not every
    /// score (`temper score` streams its JSON and CSV with memory that does not grow with the files).
    package struct Tally: Sendable {
        private var running = ScoreSummary()
        private let costliestCount: Int
        private var trims: (count: Int, maxDecibels: Double, savedMillijoules: Double, largestChange: Double)?

        package init(costliestCount: Int = 5) {
            self.costliestCount = costliestCount
        }

        package mutating func add(_ score: PatternScore) {
            running.patterns += 1
            switch score.status {
            case .ok: running.ok += 1
            case .overBudget: running.overBudget += 1
            case .error: running.errors += 1
            }
            running.warnings += score.warnings.count
            running.totalEnergyMillijoules += score.energyMillijoules
            running.totalMicroampHours += score.estimate?.microampHours ?? 0
            if let estimate = score.estimate, costliestCount > 0 {
                running.costliest.append(
                    Costly(path: score.path, energyMillijoules: estimate.energyMillijoules, microampHours: estimate.microampHours)
                )
                running.costliest.sort {
                    $0.energyMillijoules != $1.energyMillijoules ? $0.energyMillijoules > $1.energyMillijoules : $0.path < $1.path
                }
                if running.costliest.count > costliestCount { running.costliest.removeLast() }
            }
            if let trim = score.perception?.trim {
                let weakest = trim.perceivedChange.weakestDecibels
                if let known = trims {
                    trims = (
                        known.count + 1, known.maxDecibels, known.savedMillijoules + trim.savedMillijoules,
                        min(known.largestChange, weakest)
                    )
                } else {
                    trims = (1, trim.maxDecibels, trim.savedMillijoules, weakest)
                }
            }
        }

        package var summary: ScoreSummary {
            var summary = running
            if let trims {
                summary.trim = TrimSummary(
                    maxDecibels: trims.maxDecibels,
                    trimmed: trims.count,
                    savedMillijoules: trims.savedMillijoules,
                    savedFraction: running.totalEnergyMillijoules > 0 ? trims.savedMillijoules / running.totalEnergyMillijoules : 0,
                    largestChangeDecibels: trims.largestChange
                )
            }
            return summary
        }
    }
}
