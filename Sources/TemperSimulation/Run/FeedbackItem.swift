import TemperCore

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
    /// `pass`, `rewritten`, `fallback` or `dropped`.
    public var outcome: String
    /// The codes of the rules that fired.
    public var rules: [String]
    public var before: EnergyBreakdown
    /// What actually played (zero when dropped).
    public var after: EnergyBreakdown
    /// What played instead when the policy rewrote the request or fell back, costed with its power curve; `nil`
    /// when it passed as written or was dropped.
    public var played: FeedbackItem?

    public init(outcome: String, rules: [String], before: EnergyBreakdown, after: EnergyBreakdown, played: FeedbackItem? = nil) {
        self.outcome = outcome
        self.rules = rules
        self.before = before
        self.after = after
        self.played = played
    }
}

/// The one seam between the simulator and the governing code: it sees every host snapshot and decides every
/// request. Live use and the simulator run the same classifier and policy code behind it.
public protocol SimulationGoverning: Sendable {
    /// The host source the governing code was built on; the simulator publishes every snapshot through it.
    var host: SimulatedHost { get }
    /// How often the host is sampled (s), as the live service samples its source; the thermal model still steps
    /// at the scenario's time step. 0 samples every step.
    var sampleIntervalSeconds: Double { get }
    /// The classifier settings the governing code classifies with, so reports can draw its thresholds.
    var classifierSettings: ClassifierSettings { get }

    /// Feeds one snapshot of the simulated host and returns the condition after it.
    mutating func observe(_ snapshot: HostSnapshot) async -> Condition
    /// Decides one request under the current condition.
    mutating func decide(_ request: SimulatedRequest) async -> SimulatedDecision
}
