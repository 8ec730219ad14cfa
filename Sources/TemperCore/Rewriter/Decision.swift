/// What the governor decided for one request, and why.
public struct Decision: Sendable, Hashable, Codable {
    /// What happened to the request.
    public enum Outcome: String, Sendable, Hashable, Codable, CodingKeyRepresentable, CaseIterable {
        /// Played as asked.
        case pass
        /// Played in a cheaper form of the same kind.
        case rewritten
        /// A custom pattern's haptics replaced by a system feedback (its sounds, if any, kept alongside).
        case fallback
        /// Not played.
        case dropped
    }

    public var requestID: String
    public var usage: UsageClass
    public var outcome: Outcome
    /// The request to play; `nil` when dropped.
    public var request: SensoryRequest?
    /// The rules that fired, in the order they applied.
    public var rules: [FiredRule]
    /// What the request costs on its own, as asked.
    public var energyBeforeMillijoules: Double
    /// What the result costs on its own: its standalone price, the same in `temper score`.
    public var energyAfterMillijoules: Double
    /// What the result adds to what already plays (the governor's ``PlaybackLedger``): its marginal price, what
    /// the budget is charged. It equals ``energyAfterMillijoules`` when nothing playing overlaps it, and is less
    /// when the result plays under a stronger vibration or inside another's driver or audio tail.
    public var marginalEnergyMillijoules: Double
    /// The marginal price by kind (the simulator's accounts use it); `nil` when it is the standalone price.
    public var marginalEnergy: EnergyBreakdown?
    /// The condition the decision was made under.
    public var condition: Condition
    /// The energy budget after this decision, when one is in force.
    public var budget: BudgetSnapshot?

    // Per channel (issue 19, item 7): kept apart from the energy fields above.
    /// What happened to each channel the request held (haptics, audio, visual), one line each: `as asked`,
    /// `not played: …`, or the reasons that act on it. Empty for decisions the rewriter did not make.
    public var channels: [FeedbackChannel: String] = [:]

    // Perception (issue 23, item 2): beside the energy change, what the result does to how strongly it is felt.
    /// How much weaker (negative) or stronger the result is felt than what was asked, with the events that changed
    /// most; `nil` for a request without haptic drive (a sound, a visual effect) or a model that cannot lower it.
    public var perceivedChange: PerceivedChange?

    /// ``perceivedChange``'s figure, in dB of amplitude.
    public var perceivedChangeDecibels: Double? { perceivedChange?.decibels }

    public init(
        requestID: String,
        usage: UsageClass,
        outcome: Outcome,
        request: SensoryRequest?,
        rules: [FiredRule],
        energyBeforeMillijoules: Double,
        energyAfterMillijoules: Double,
        marginalEnergyMillijoules: Double? = nil,
        condition: Condition,
        budget: BudgetSnapshot? = nil,
        channels: [FeedbackChannel: String] = [:],
        perceivedChange: PerceivedChange? = nil
    ) {
        self.requestID = requestID
        self.usage = usage
        self.outcome = outcome
        self.request = request
        self.rules = rules
        self.energyBeforeMillijoules = energyBeforeMillijoules
        self.energyAfterMillijoules = energyAfterMillijoules
        self.marginalEnergyMillijoules = marginalEnergyMillijoules ?? energyAfterMillijoules
        self.condition = condition
        self.budget = budget
        self.channels = channels
        self.perceivedChange = perceivedChange
    }

    /// A decision whose marginal price is `marginal` by kind (`nil`: its standalone price).
    init(
        requestID: String,
        usage: UsageClass,
        outcome: Outcome,
        request: SensoryRequest?,
        rules: [FiredRule],
        energyBeforeMillijoules: Double,
        energyAfterMillijoules: Double,
        marginal: EnergyBreakdown?,
        condition: Condition,
        budget: BudgetSnapshot?,
        channels: [FeedbackChannel: String],
        perceivedChange: PerceivedChange?
    ) {
        self.init(
            requestID: requestID,
            usage: usage,
            outcome: outcome,
            request: request,
            rules: rules,
            energyBeforeMillijoules: energyBeforeMillijoules,
            energyAfterMillijoules: energyAfterMillijoules,
            marginalEnergyMillijoules: marginal?.totalMillijoules,
            condition: condition,
            budget: budget,
            channels: channels,
            perceivedChange: perceivedChange
        )
        marginalEnergy = marginal
    }

    public var energySavedMillijoules: Double { max(0, energyBeforeMillijoules - energyAfterMillijoules) }

    /// The reasons, one per fired rule.
    public var reasons: [Reason] { rules.map(\.reason) }

    /// The names of the rules that fired, each once, in the order they first applied. A rule may give more than
    /// one reason (2D audio states its placement and the elevation it dropped), but it fired once.
    public var ruleNames: [String] {
        var seen = Set<String>()
        return rules.compactMap { seen.insert($0.rule).inserted ? $0.rule : nil }
    }
}

/// A rule that changed a request: which rule (e.g. `haptics.capRumble`) and the reason with its code and numbers.
public struct FiredRule: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The rule's name, stable for metrics: `haptics.capRumble`, `audio.spatial`, `budget`, …
    public var rule: String
    public var reason: Reason

    public init(rule: String, reason: Reason) {
        self.rule = rule
        self.reason = reason
    }

    public init(_ rule: String, code: Reason.Code, _ message: String) {
        self.init(rule: rule, reason: Reason(code: code, message: message))
    }

    /// `rule: message`, the line `temper rewrite` prints on stderr.
    public var description: String { "\(rule): \(reason.message)" }
}

extension Decision {
    private enum CodingKeys: String, CodingKey {
        case requestID, usage, outcome, request, rules, energyBeforeMillijoules, energyAfterMillijoules
        case marginalEnergyMillijoules, marginalEnergy, energySavedMillijoules, condition, budget
        case channels, perceivedChangeDecibels, perceivedChange
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            requestID: try container.decode(String.self, forKey: .requestID),
            usage: try container.decode(UsageClass.self, forKey: .usage),
            outcome: try container.decode(Outcome.self, forKey: .outcome),
            request: try container.decodeIfPresent(SensoryRequest.self, forKey: .request),
            rules: try container.decode([FiredRule].self, forKey: .rules),
            energyBeforeMillijoules: try container.decode(Double.self, forKey: .energyBeforeMillijoules),
            energyAfterMillijoules: try container.decode(Double.self, forKey: .energyAfterMillijoules),
            // Decisions written before marginal prices were charged paid their standalone price.
            marginalEnergyMillijoules: try container.decodeIfPresent(Double.self, forKey: .marginalEnergyMillijoules),
            condition: try container.decode(Condition.self, forKey: .condition),
            budget: try container.decodeIfPresent(BudgetSnapshot.self, forKey: .budget),
            channels: try container.decodeIfPresent([FeedbackChannel: String].self, forKey: .channels) ?? [:],
            perceivedChange: try container.decodeIfPresent(PerceivedChange.self, forKey: .perceivedChange)
        )
        marginalEnergy = try container.decodeIfPresent(EnergyBreakdown.self, forKey: .marginalEnergy)
    }

    /// Writes the saved energy too, so a reader of `--explain` need not subtract.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(requestID, forKey: .requestID)
        try container.encode(usage, forKey: .usage)
        try container.encode(outcome, forKey: .outcome)
        try container.encodeIfPresent(request, forKey: .request)
        try container.encode(rules, forKey: .rules)
        try container.encode(energyBeforeMillijoules, forKey: .energyBeforeMillijoules)
        try container.encode(energyAfterMillijoules, forKey: .energyAfterMillijoules)
        try container.encode(marginalEnergyMillijoules, forKey: .marginalEnergyMillijoules)
        try container.encodeIfPresent(marginalEnergy, forKey: .marginalEnergy)
        try container.encode(energySavedMillijoules, forKey: .energySavedMillijoules)
        try container.encode(condition, forKey: .condition)
        try container.encodeIfPresent(budget, forKey: .budget)
        if !channels.isEmpty { try container.encode(channels, forKey: .channels) }
        try container.encodeIfPresent(perceivedChangeDecibels, forKey: .perceivedChangeDecibels)
        try container.encodeIfPresent(perceivedChange, forKey: .perceivedChange)
    }
}
