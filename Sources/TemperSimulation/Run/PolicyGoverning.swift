import TemperCore

/// The governing code the simulator drives: the live ``Classifier`` for the condition, and the policy's rules for
/// each request. With `enforcing` false it is the baseline: the same classification, every request passes.
///
/// Interim: until the `Governor` actor and its rewriter are merged, a request's energy is reduced here by the
/// rules' effect on each energy kind (budgets are not applied). Switching to the Governor replaces this one file.
public struct PolicyGoverning: SimulationGoverning {
    public let policy: Policy
    public let enforcing: Bool
    private var classifier: Classifier
    private var condition: Condition = .nominal
    /// What a system impact that replaces a pattern costs (mJ): about half a full-scale LRA click (TI SLOA194A).
    static let simpleImpactMillijoules = 3.5

    public init(policy: Policy, enforcing: Bool) {
        self.policy = policy
        self.enforcing = enforcing
        self.classifier = Classifier(settings: policy.classifier)
    }

    public mutating func observe(_ snapshot: HostSnapshot) async -> Condition {
        condition = classifier.update(with: snapshot)
        return condition
    }

    public mutating func decide(_ request: SimulatedRequest) async -> SimulatedDecision {
        let before = request.item.energy.breakdown
        guard enforcing else { return SimulatedDecision(outcome: "pass", rules: [], before: before, after: before) }
        let rules = policy.rules(for: condition)
        let exempt = policy.exemptUsages.contains(request.usage)
        var after = before
        var fired: [String] = []
        var fallback = false

        if rules.exemptOnly && !exempt {
            return SimulatedDecision(outcome: "dropped", rules: ["exemptOnly"], before: before, after: EnergyBreakdown())
        }
        let haptic = before.transientsMillijoules + before.continuousMillijoules
        if haptic > 0 {
            switch rules.haptics {
            case .full:
                break
            case .capRumble(let maxSeconds, let fadeSeconds):
                let length = request.item.energy.durationSeconds
                if length > maxSeconds + fadeSeconds, before.continuousMillijoules > 0 {
                    after.continuousMillijoules *= (maxSeconds + fadeSeconds / 2) / length
                    fired.append("capRumble")
                }
            case .transientsOnly:
                if before.continuousMillijoules > 0 {
                    after.continuousMillijoules = 0
                    fired.append("transientsOnly")
                }
            case .simpleImpact:
                after.transientsMillijoules = Self.simpleImpactMillijoules
                after.continuousMillijoules = 0
                fired.append("simpleImpact")
                fallback = true
            case .off:
                if !exempt {
                    after.transientsMillijoules = 0
                    after.continuousMillijoules = 0
                    fired.append("hapticsOff")
                } else {
                    after.transientsMillijoules = Self.simpleImpactMillijoules
                    after.continuousMillijoules = 0
                    fired.append("exemptSimplest")
                    fallback = true
                }
            }
            if rules.intensityScale < 1 {
                let scale = rules.intensityScale * rules.intensityScale
                after.transientsMillijoules *= scale
                after.continuousMillijoules *= scale
                fired.append("intensityScale")
            }
        }
        if before.audioMillijoules > 0 {
            if !rules.nonEssentialAudio && !exempt {
                after.audioMillijoules = 0
                fired.append("nonEssentialAudio")
            } else if !rules.spatialAudioAllowed {
                fired.append("audio2D")
            }
        }
        let outcome: String
        if fired.isEmpty {
            outcome = "pass"
        } else if after.totalMillijoules == 0 {
            outcome = "dropped"
        } else {
            outcome = fallback ? "fallback" : "rewritten"
        }
        return SimulatedDecision(outcome: outcome, rules: fired, before: before, after: after)
    }
}
