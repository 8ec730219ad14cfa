public import TemperCore

/// One thing a stream can ask for, loaded and costed before the run starts so the run itself touches no files.
public struct FeedbackItem: Sendable, Hashable {
    /// A short name for reports: the pattern's file name.
    public var name: String
    /// What it costs as written, on the scenario's device.
    public var energy: EnergyEstimate
    /// The request the governor decides (its id and usage are set per arrival); `nil` plays as written.
    public var request: SensoryRequest?

    public init(name: String, energy: EnergyEstimate, request: SensoryRequest? = nil) {
        self.name = name
        self.energy = energy
        self.request = request
    }
}

/// One request as the run submits it.
public struct SimulatedRequest: Sendable, Hashable {
    public var id: Int
    public var timeSeconds: Double
    public var streamIndex: Int
    public var item: FeedbackItem
    public var usage: UsageClass

    public init(id: Int, timeSeconds: Double, streamIndex: Int, item: FeedbackItem, usage: UsageClass) {
        self.id = id
        self.timeSeconds = timeSeconds
        self.streamIndex = streamIndex
        self.item = item
        self.usage = usage
    }
}

/// What became of one request: the outcome, the rules that fired and the energy before and after.
public struct SimulatedDecision: Sendable, Hashable {
    public var outcome: Decision.Outcome
    /// The codes of the rules that fired.
    public var rules: [String]
    public var before: EnergyBreakdown
    /// What actually played (zero when dropped).
    public var after: EnergyBreakdown
    /// What played instead when the policy rewrote the request or fell back, costed with its power curve; `nil`
    /// when it passed as written or was dropped.
    public var played: FeedbackItem?

    public init(outcome: Decision.Outcome, rules: [String], before: EnergyBreakdown, after: EnergyBreakdown, played: FeedbackItem? = nil) {
        self.outcome = outcome
        self.rules = rules
        self.before = before
        self.after = after
        self.played = played
    }
}
