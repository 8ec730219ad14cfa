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
    public var energyBeforeMillijoules: Double
    public var energyAfterMillijoules: Double
    /// The condition the decision was made under.
    public var condition: Condition
    /// The energy budget after this decision, when one is in force.
    public var budget: BudgetSnapshot?

    // Per channel (issue 19, item 7): kept apart from the energy fields above.
    /// What happened to each channel the request held (haptics, audio, visual), one line each: `as asked`,
    /// `not played: …`, or the reasons that act on it. Empty for decisions the rewriter did not make.
    public var channels: [FeedbackChannel: String] = [:]

    public init(
        requestID: String,
        usage: UsageClass,
        outcome: Outcome,
        request: SensoryRequest?,
        rules: [FiredRule],
        energyBeforeMillijoules: Double,
        energyAfterMillijoules: Double,
        condition: Condition,
        budget: BudgetSnapshot? = nil,
        channels: [FeedbackChannel: String] = [:]
    ) {
        self.requestID = requestID
        self.usage = usage
        self.outcome = outcome
        self.request = request
        self.rules = rules
        self.energyBeforeMillijoules = energyBeforeMillijoules
        self.energyAfterMillijoules = energyAfterMillijoules
        self.condition = condition
        self.budget = budget
        self.channels = channels
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
        case energySavedMillijoules, condition, budget
        case channels
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
            condition: try container.decode(Condition.self, forKey: .condition),
            budget: try container.decodeIfPresent(BudgetSnapshot.self, forKey: .budget),
            channels: try container.decodeIfPresent([FeedbackChannel: String].self, forKey: .channels) ?? [:]
        )
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
        try container.encode(energySavedMillijoules, forKey: .energySavedMillijoules)
        try container.encode(condition, forKey: .condition)
        try container.encodeIfPresent(budget, forKey: .budget)
        if !channels.isEmpty { try container.encode(channels, forKey: .channels) }
    }
}
