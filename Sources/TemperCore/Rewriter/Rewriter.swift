/// Rewrites one request to fit a condition and an energy budget: pure and deterministic.
///
/// The same request, condition, budget, policy and energy model always give the same ``Decision``. The rewriter
/// never moves an onset (by more than 1 ms), never drops an exempt usage, and never returns something that costs
/// more than what was asked for. Haptic rules act on a pattern's haptic events and audio rules on its sounds, so
/// a sound designed with a vibration outlives the vibration's fallback.
public struct Rewriter: Sendable {
    public let policy: Policy
    public let energyModel: any FeedbackEnergyModel
    public let ladder: DegradationLadder
    /// Prices already computed, and the payloads' unmixed signals; shared by copies of this rewriter.
    let memo: PayloadMemo<Double>
    let signals: PayloadMemo<LoweredPayload>
    /// What the last few requests' rules left, for a repeat under the same condition.
    let preparations: PreparedMemo

    /// - Parameters:
    ///   - policy: Rules per condition, budgets and exempt usages.
    ///   - energyModel: What each request costs.
    ///   - ladder: The degradation ladder for budgets.
    ///   - memoCapacity: How many distinct requests' prices to remember (0 prices every time).
    public init(policy: Policy, energyModel: any FeedbackEnergyModel, ladder: DegradationLadder = .standard, memoCapacity: Int = 256) {
        self.policy = policy
        self.energyModel = energyModel
        self.ladder = ladder
        self.memo = PayloadMemo(capacity: memoCapacity)
        self.signals = PayloadMemo(capacity: memoCapacity)
        self.preparations = PreparedMemo(enabled: memoCapacity > 0)
        // Looked up once here, so a decision indexes an array instead of hashing into the policy's dictionaries.
        self.rulesByCondition = Tier.allCases.flatMap { tier in
            [policy.rules(for: Condition(tier: tier)), policy.rules(for: Condition(tier: tier, lowPower: true))]
        }
        self.exemptMask = policy.exemptUsages.reduce(0) { $0 | $1.maskBit }
    }

    private let rulesByCondition: [FeedbackRules]
    private let exemptMask: UInt8

    /// The rules in force under `condition` (the same as `policy.rules(for:)`).
    public func rules(for condition: Condition) -> FeedbackRules {
        rulesByCondition[condition.tier.rank * 2 + (condition.lowPower ? 1 : 0)]
    }

    /// Whether `usage` may be degraded but never dropped.
    public func isExempt(_ usage: UsageClass) -> Bool { exemptMask & usage.maskBit != 0 }

    /// Why an exempt usage was decided as an ordinary one.
    static func exemptNotAllowed(_ request: SensoryRequest) -> FiredRule {
        FiredRule(
            "exempt",
            code: "exempt.notAllowed",
            "usage \(request.usage.rawValue) is exempt only for the callers the policy names; decided as ordinary"
        )
    }

    /// One candidate result while deciding.
    struct Variant {
        /// What plays; `nil` when dropped. Setting it forgets ``lowered``, which was its signal.
        var request: SensoryRequest? { didSet { lowered = nil } }
        var rules: [FiredRule]
        var changed: Bool
        /// What it costs on its own.
        var energy: Double = 0
        /// What it adds to what already plays; `nil` until charged (``charge(_:playing:prepared:)``), or when nothing
        /// playing overlaps it and its price is ``energy``.
        var marginal: EnergyBreakdown?
        var charged: Double { marginal?.totalMillijoules ?? energy }
        /// The pattern's haptics fell back to a system impact that the pattern carries with its sounds.
        var fallback = false
        /// ``request``'s signal and key once ``charge(_:playing:prepared:)`` has looked them up: the ledger admits the
        /// same, so a decision looks its payload up once.
        var lowered: LoweredPayload?

        init(request: SensoryRequest?, rules: [FiredRule], changed: Bool, energy: Double = 0, fallback: Bool = false) {
            self.request = request
            self.rules = rules
            self.changed = changed
            self.energy = energy
            self.fallback = fallback
        }
    }

    /// Decides what plays for `request` under `condition`.
    ///
    /// - Parameters:
    ///   - request: What the app asked for; aimed at a peripheral (``SensoryRequest/device``), its battery may make
    ///     the rules poorer (``Policy/peripherals``).
    ///   - condition: The host's condition; its rules come from the policy, and its ``Condition/peripherals`` say
    ///     which device a request is aimed at.
    ///   - budget: What is left of the energy budget in force, or `nil` when none is.
    ///   - playing: What already plays when the request would start; the result is charged what it adds to
    ///     that (its marginal price). `nil` charges its own price.
    ///   - exemptAllowed: Whether the policy's exempt usages are exempt for this caller; when not, an exempt
    ///     usage is decided as an ordinary one, with the reason `exempt.notAllowed`.
    /// - Returns: The decision, with the rules that fired, the energy before and after and the marginal price.
    public func decide(
        _ request: SensoryRequest,
        condition: Condition,
        budget: BudgetSnapshot? = nil,
        playing: PlaybackContext? = nil,
        exemptAllowed: Bool = true
    ) -> Decision {
        decideLowering(request, condition: condition, budget: budget, playing: playing, exemptAllowed: exemptAllowed).decision
    }

    /// ``decide(_:condition:budget:playing:exemptAllowed:)``, with what plays lowered to its signal when pricing it
    /// against `playing` did so.
    func decideLowering(
        _ request: SensoryRequest,
        condition: Condition,
        budget: BudgetSnapshot?,
        playing: PlaybackContext?,
        exemptAllowed: Bool
    ) -> (decision: Decision, lowered: LoweredPayload?) {
        let prepared = self.prepared(request, condition: condition, exemptAllowed: exemptAllowed)
        let (rules, exempt, before, trim) = (prepared.rules, prepared.exempt, prepared.before, prepared.trim)
        // What the rules left carries the target time it was prepared with; this request's is the one to keep.
        var variant = prepared.variant
        if variant.request != nil, variant.request?.targetTime != request.targetTime { variant.request?.targetTime = request.targetTime }
        charge(&variant, playing: playing, prepared: prepared)
        if let budget, variant.request != nil, !budget.fits(variant.charged) {
            var asked = prepared.asked
            asked.targetTime = request.targetTime
            variant = fit(
                asked,
                into: budget,
                rules: rules,
                exempt: exempt,
                condition: condition,
                before: before,
                current: variant,
                playing: playing
            )
            if let trim, !variant.rules.contains(trim) { variant = withTrim(variant, trim) }
        } else if var decision = prepared.decision {
            // Nothing after the rules changed what plays: the prepared decision stands, with this price and budget.
            decision.marginalEnergy = variant.request == nil ? nil : variant.marginal
            decision.marginalEnergyMillijoules = decision.marginalEnergy?.totalMillijoules ?? decision.energyAfterMillijoules
            decision.budget = budget?.spending(variant.charged)
            // The prepared decision plays the prepared variant: only the target time can differ.
            if decision.request != nil, decision.request?.targetTime != request.targetTime {
                decision.request?.targetTime = request.targetTime
            }
            return (decision, variant.lowered)
        }
        if exempt, variant.request == nil {
            // An edit left nothing to play; an exempt usage is never dropped.
            var simple = simplest(
                request,
                rules: rules,
                rule: "exempt",
                code: "exempt.simplest",
                context: "nothing was left, so exempt usage \(request.usage.rawValue) plays"
            )
            simple.rules = variant.rules + simple.rules
            price(&simple, before: before)
            variant = guardEnergy(simple, original: request, rules: rules, exempt: exempt, condition: condition, before: before)
            charge(&variant, playing: playing)
        }
        let decision = decision(
            for: request,
            variant: variant,
            before: before,
            condition: condition,
            budget: budget,
            exemptAllowed: exemptAllowed,
            aimed: prepared.aimed
        )
        return (decision, variant.lowered)
    }

    /// `variant` with the trim's reason first, when what it plays is still the trimmed payload's kind.
    func withTrim(_ variant: Variant, _ trim: FiredRule) -> Variant {
        guard variant.request != nil, !variant.fallback, !variant.rules.contains(where: { $0.rule == "energy.guard" }) else {
            return variant
        }
        var trimmed = variant
        trimmed.rules.insert(trim, at: 0)
        trimmed.changed = true
        return trimmed
    }

    /// The rules of `condition`, without the budget.
    func apply(_ rules: FeedbackRules, to request: SensoryRequest, exempt: Bool, condition: Condition) -> Variant {
        if rules.exemptOnly {
            guard exempt else {
                return dropped(
                    "exemptOnly",
                    code: "exemptOnly.dropped",
                    "only exempt usages play under \(condition); \(request.usage.rawValue) is not exempt"
                )
            }
            return simplest(
                request,
                rules: rules,
                rule: "exemptOnly",
                code: "exemptOnly.simplest",
                context: "under \(condition) exempt usage \(request.usage.rawValue) plays"
            )
        }
        switch request.kind {
        case .haptic(let haptic):
            return rewrite(haptic, of: request, mode: rules.haptics, rules: rules, exempt: exempt, keepOnsets: true)
        case .audio(let cue):
            return rewrite(cue, of: request, rules: rules, exempt: exempt, condition: condition)
        case .system(let feedback):
            return rewrite(feedback, of: request, rules: rules, exempt: exempt)
        case .visual(let effect):
            return rewrite(effect, of: request, rules: rules)
        }
    }

    func price(_ variant: inout Variant, before: Double) {
        guard let request = variant.request else {
            variant.energy = 0
            return
        }
        variant.energy = variant.changed ? energy(of: request) : before
    }

    /// Prices `variant` against what already plays: what it adds to the ledger. Without a ledger, or with
    /// nothing playing that overlaps it, its own price stands. `prepared`, when `variant` is its variant (but for
    /// the target time), keeps the signal once looked up.
    func charge(_ variant: inout Variant, playing: PlaybackContext?, prepared: Prepared? = nil) {
        guard let request = variant.request else {
            variant.marginal = EnergyBreakdown()
            return
        }
        guard let playing, playing.ledger.count > 0 else {
            variant.marginal = nil
            return
        }
        let lowered = prepared?.variantSignal { signal(of: request) } ?? signal(of: request)
        variant.lowered = lowered
        variant.marginal = playing.ledger.marginalEnergy(of: lowered.signal, key: lowered.key, at: playing.startSeconds)
    }

    func dropped(_ rule: String, code: Reason.Code, _ message: String) -> Variant {
        Variant(request: nil, rules: [FiredRule(rule, code: code, message)], changed: true)
    }

    func outcome(of variant: Variant, original: SensoryRequest) -> Decision.Outcome {
        guard let result = variant.request else { return .dropped }
        if variant.fallback { return .fallback }
        if case .haptic = original.kind, case .system = result.kind { return .fallback }
        return variant.changed ? .rewritten : .pass
    }

    /// Keeps the invariant that a rewrite never costs more than the original: first without replacement onsets,
    /// then, as a last resort, the original as asked.
    func guardEnergy(
        _ variant: Variant,
        original: SensoryRequest,
        rules: FeedbackRules,
        exempt: Bool,
        condition: Condition,
        before: Double
    ) -> Variant {
        guard variant.request != nil, variant.energy > before + 1e-9 else { return variant }
        if case .haptic(let haptic) = original.kind, case .haptic = variant.request?.kind, !rules.exemptOnly {
            var retry = rewrite(haptic, of: original, mode: rules.haptics, rules: rules, exempt: exempt, keepOnsets: false)
            price(&retry, before: before)
            if retry.request != nil ? retry.energy <= before + 1e-9 : !exempt { return retry }
        }
        var kept = Variant(request: original, rules: [], changed: false, energy: before)
        kept.rules = [
            FiredRule(
                "energy.guard",
                code: "energy.guard",
                "the rewrite would cost \(variant.energy.formatted2) mJ, more than the \(before.formatted2) mJ asked for; kept as asked"
            )
        ]
        return kept
    }
}

extension UsageClass {
    fileprivate var maskBit: UInt8 {
        switch self {
        case .ui: 1
        case .game: 2
        case .media: 4
        case .notification: 8
        case .alarm: 16
        case .communication: 32
        case .accessibility: 64
        }
    }
}
