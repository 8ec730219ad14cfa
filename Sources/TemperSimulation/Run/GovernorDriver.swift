import CoreMetrics
public import Logging
public import TemperCore

/// The embeddable ``Governor``, the same actor services run live, set up to run in virtual time: its source is a
/// ``SimulatedHost`` and its clock one whose sleeps move the simulation. The simulator runs the governor's own
/// ``Governor/run()`` loop, which samples the host, releases each scheduled request when it is due and re-decides
/// what waits on every change of condition, exactly as it does live; the simulator only publishes the models'
/// state, schedules each request for its arrival time and, each time the loop sleeps, moves time to its deadline.
///
/// A driver runs once, as its governor does.
public struct GovernorDriver: Sendable {
    public let governor: Governor
    public let host: SimulatedHost
    /// Virtual time: the loop's sleeps step the run (``SimulationClock``).
    let clock: SimulationClock
    public let energy: SimulationEnergyModel
    /// The classifier settings the governor classifies with, so reports can draw its thresholds.
    public let classifierSettings: ClassifierSettings

    /// - Parameters:
    ///   - policy: the policy to enforce; pass ``passThrough(_:)`` of it for the baseline.
    ///   - energy: the device's energy model.
    ///   - sampleIntervalSeconds: how often the governor samples the host, as live; keep it a multiple of the
    ///     scenario's time step so each sample reads the models' state at its own time.
    public init(
        policy: Policy,
        energy: SimulationEnergyModel,
        sampleIntervalSeconds: Double = 1,
        logger: Logger = Logger(label: "temper.simulation", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        let clock = SimulationClock()
        let host = SimulatedHost()
        self.clock = clock
        self.host = host
        self.energy = energy
        self.classifierSettings = policy.classifier
        // Every request waits in the queue only for the step it arrives in, so any capacity the step needs is fine.
        self.governor = Governor(
            policy: policy,
            energyModel: energy,
            source: host,
            clock: clock,
            logger: logger,
            metricsFactory: NOOPMetricsHandler.instance,
            configuration: .init(sampleIntervalSeconds: sampleIntervalSeconds, queueCapacity: .max, releasesInRunLoop: true)
        )
    }

    /// `policy` with every rule set to pass and no budgets: the baseline. The classifier settings stay, so the
    /// baseline's tiers show where the device would have gone without the policy.
    public static func passThrough(_ policy: Policy) -> Policy {
        var open = policy
        open.name = "off (baseline)"
        open.tiers = Dictionary(uniqueKeysWithValues: Tier.allCases.map { ($0, FeedbackRules()) })
        open.lowPower = open.tiers
        return open
    }

    /// The governor's own sampling interval (`Governor.Configuration.sampleIntervalSeconds`, 1 s by default).
    public var sampleIntervalSeconds: Double { governor.configuration.sampleIntervalSeconds }

    /// What the governor is asked to decide for `request`, with the arrival's usage; `nil` for an item without a
    /// request, which plays as written and never reaches the governor.
    static func sensoryRequest(for request: SimulatedRequest) -> SensoryRequest? {
        // The payload keeps its own id: building a unique one per arrival would cost more than the decision.
        guard var sensory = request.item.request else { return nil }
        sensory.usage = request.usage
        return sensory
    }

    /// What the simulator accounts for the governor's `decision` on `request`: what played is charged its
    /// marginal price, what it added to what already played, as the governor charged its budget.
    func outcome(of decision: RecordedDecision, for request: SimulatedRequest) -> SimulatedDecision {
        let before = request.item.energy.breakdown
        var played: FeedbackItem?
        var after: EnergyBreakdown
        switch decision.outcome {
        case .pass: after = before
        case .dropped: after = EnergyBreakdown()
        case .rewritten, .fallback:
            played = decision.played.map { FeedbackItem(name: request.item.name, energy: energy.cachedEstimate($0.kind), request: $0) }
            after = played?.energy.breakdown ?? EnergyBreakdown()
        }
        if decision.outcome != .dropped, let marginal = decision.marginal { after = marginal }
        return SimulatedDecision(outcome: decision.outcome, rules: decision.rules, before: before, after: after, played: played)
    }

    /// What the simulator accounts for an item without a request: played as written.
    static func playedAsWritten(_ request: SimulatedRequest) -> SimulatedDecision {
        SimulatedDecision(outcome: .pass, rules: [], before: request.item.energy.breakdown, after: request.item.energy.breakdown)
    }
}

/// What the simulator keeps of one of the governor's final decisions until the step that accounts it: the few
/// fields an account reads, so a step holds no copy of each decision's request, reasons and channels.
struct RecordedDecision {
    var outcome: Decision.Outcome
    /// The names of the rules that fired (``Decision/ruleNames``).
    var rules: [String]
    var marginal: EnergyBreakdown?
    /// What played instead, when the governor rewrote the request or fell back.
    var played: SensoryRequest?

    init(_ decision: Decision) {
        outcome = decision.outcome
        rules = decision.rules.isEmpty ? [] : decision.ruleNames
        marginal = decision.marginalEnergy
        played = decision.outcome == .rewritten || decision.outcome == .fallback ? decision.request : nil
    }
}
