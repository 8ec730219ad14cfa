import CoreMetrics
import Foundation
import Logging
import TemperCore

/// Drives the embeddable ``Governor``, the same actor services run live, through virtual time: each snapshot from
/// the simulated host goes to `update(with:)` and each request to `submit(_:)`, with the virtual clock moved first.
public struct GovernorDriver: SimulationGoverning {
    public let governor: Governor
    public let host: SimulatedHost
    public let clock: VirtualClock
    public let energy: SimulationEnergyModel
    public let classifierSettings: ClassifierSettings

    /// - Parameters:
    ///   - policy: the policy to enforce; pass ``passThrough(_:)`` of it for the baseline.
    ///   - energy: the device's energy model.
    public init(policy: Policy, energy: SimulationEnergyModel, logger: Logger = Logger(label: "temper.simulation", factory: { _ in SwiftLogNoOpLogHandler() })) {
        let clock = VirtualClock()
        let host = SimulatedHost()
        self.clock = clock
        self.host = host
        self.energy = energy
        self.classifierSettings = policy.classifier
        self.governor = Governor(
            policy: policy, energyModel: energy, source: host, clock: clock, logger: logger,
            metricsFactory: NOOPMetricsHandler.instance
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

    public mutating func observe(_ snapshot: HostSnapshot) async -> Condition {
        clock.advance(to: snapshot.timestamp.timeIntervalSince(SimulatedHost.epoch))
        return await governor.update(with: snapshot)
    }

    public mutating func decide(_ request: SimulatedRequest) async -> SimulatedDecision {
        guard let payload = request.item.request else {
            return SimulatedDecision(outcome: "pass", rules: [], before: request.item.energy.breakdown, after: request.item.energy.breakdown)
        }
        clock.advance(to: request.timeSeconds)
        // The payload keeps its own id: building a unique one per arrival would cost more than the decision.
        var sensory = payload
        sensory.usage = request.usage
        let decision = await governor.submit(sensory)
        let before = request.item.energy.breakdown
        var played: FeedbackItem?
        let after: EnergyBreakdown
        switch decision.outcome {
        case .pass: after = before
        case .dropped: after = EnergyBreakdown()
        case .rewritten, .fallback:
            played = decision.request.map { FeedbackItem(name: request.item.name, energy: energy.cachedEstimate($0.kind), request: $0) }
            after = played?.energy.breakdown ?? EnergyBreakdown()
        }
        return SimulatedDecision(outcome: decision.outcome.rawValue, rules: decision.ruleNames, before: before, after: after, played: played)
    }
}
