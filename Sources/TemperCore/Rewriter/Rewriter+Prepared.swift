extension Rewriter {
    /// What a decision works out before it looks at what plays and at the budget: the rules in force, the
    /// variant they leave (priced and guarded), and the decision that variant makes when the budget lets it
    /// play as it is. All of it depends only on the request, the condition and the caller's exemption, so a
    /// repeat of the same request under the same condition reuses it (``PreparedMemo``).
    ///
    /// Kept in a box: a hit hands out a reference, not a copy of two requests and a decision. Its requests carry
    /// the target time of the request it was prepared for; the rules never read it, so a repeat takes its own.
    final class Prepared: Sendable {
        let rules: FeedbackRules
        let aimed: (reason: FiredRule?, degraded: Bool)
        let exempt: Bool
        let before: Double
        /// The request after the trim, and the trim's reason: what the budget's ladder starts from.
        let asked: SensoryRequest
        let trim: FiredRule?
        /// The variant the rules leave, not yet charged against what plays.
        let variant: Variant
        /// The decision ``variant`` makes when nothing after the rules changes it, without its marginal price and
        /// budget; `nil` when an exempt usage was left with nothing (it never plays as it is).
        let decision: Decision?
        /// ``variant``'s signal and key, once a decision has charged it against what plays: a repeat takes them
        /// from here rather than looking its payload up again.
        private let variantSignal = Locked<LoweredPayload?>(nil)

        init(
            rules: FeedbackRules,
            aimed: (reason: FiredRule?, degraded: Bool),
            exempt: Bool,
            before: Double,
            asked: SensoryRequest,
            trim: FiredRule?,
            variant: Variant,
            decision: Decision?
        ) {
            (self.rules, self.aimed, self.exempt, self.before) = (rules, aimed, exempt, before)
            (self.asked, self.trim, self.variant, self.decision) = (asked, trim, variant, decision)
        }

        /// ``variant``'s signal and key: from `lookUp` the first time, then as it found them.
        func variantSignal(_ lookUp: () -> LoweredPayload) -> LoweredPayload {
            if let known = variantSignal.withLock({ $0 }) { return known }
            let lowered = lookUp()
            variantSignal.withLock { $0 = lowered }
            return lowered
        }
    }

    /// ``Prepared`` for `request`, from the memo when the same request was decided under the same condition.
    func prepared(_ request: SensoryRequest, condition: Condition, exemptAllowed: Bool) -> Prepared {
        preparations.value(for: request, condition: condition, exemptAllowed: exemptAllowed) {
            prepare(request, condition: condition, exemptAllowed: exemptAllowed)
        }
    }

    private func prepare(_ request: SensoryRequest, condition: Condition, exemptAllowed: Bool) -> Prepared {
        var rules = rules(for: condition)
        var aimed: (reason: FiredRule?, degraded: Bool) = (nil, false)
        if let device = request.device {
            let target = peripheralRules(for: device, host: rules, condition: condition)
            rules = target.rules
            aimed = (target.reason, target.degraded)
        }
        let exempt = exemptAllowed && isExempt(request.usage)
        let before = energy(of: request)
        // The trim comes first: every later rule, and the budget's ladder, act on the trimmed drive.
        let (asked, trim) = trimmed(request, rules: rules)
        var variant = apply(rules, to: asked, exempt: exempt, condition: condition)
        if let trim { variant = withTrim(variant, trim) }
        price(&variant, before: before)
        variant = guardEnergy(variant, original: request, rules: rules, exempt: exempt, condition: condition, before: before)
        var decision: Decision?
        if !(exempt && variant.request == nil) {
            decision = self.decision(
                for: request,
                variant: variant,
                before: before,
                condition: condition,
                budget: nil,
                exemptAllowed: exemptAllowed,
                aimed: aimed
            )
        }
        return Prepared(
            rules: rules,
            aimed: aimed,
            exempt: exempt,
            before: before,
            asked: asked,
            trim: trim,
            variant: variant,
            decision: decision
        )
    }

    /// The decision `variant` makes for `request`, charged what `variant` adds and spending `budget`.
    func decision(
        for request: SensoryRequest,
        variant: Variant,
        before: Double,
        condition: Condition,
        budget: BudgetSnapshot?,
        exemptAllowed: Bool,
        aimed: (reason: FiredRule?, degraded: Bool)
    ) -> Decision {
        var variant = variant
        // A degraded peripheral's reason leads the rules it tightened; a device not found is noted after the
        // channels are told, which it did not change.
        if let reason = aimed.reason, aimed.degraded, !variant.rules.isEmpty { variant.rules.insert(reason, at: 0) }
        let outcome = outcome(of: variant, original: request)
        var decision = Decision(
            requestID: request.id,
            usage: request.usage,
            outcome: outcome,
            request: variant.request,
            rules: exemptAllowed || !isExempt(request.usage) ? variant.rules : [Self.exemptNotAllowed(request)] + variant.rules,
            energyBeforeMillijoules: before,
            energyAfterMillijoules: variant.energy,
            marginal: variant.request == nil ? nil : variant.marginal,
            // The host's condition; the peripherals are the status's to list, not every decision's to repeat.
            condition: condition.peripherals.isEmpty
                ? condition : Condition(tier: condition.tier, lowPower: condition.lowPower, reasons: condition.reasons),
            budget: budget?.spending(variant.charged),
            channels: channels(of: request, playing: variant.request, rules: variant.rules),
            perceivedChange: perceivedChange(of: request, to: variant.request, changed: variant.changed, outcome: outcome)
        )
        if let reason = aimed.reason, !aimed.degraded { decision.rules.insert(reason, at: 0) }
        return decision
    }
}

/// The last few ``Rewriter/Prepared`` results, latest first: a stream of requests repeats a few payloads under a
/// condition that changes seldom, and a repeat then skips the rules, the guard, the channels and the perceived
/// change. Compared whole (the request with its target time, which the rules never read, taken from the new
/// one), so a hit is exactly what preparing again would give. Shared by copies of the rewriter, whose policy and
/// energy model never change.
final class PreparedMemo: Sendable {
    private struct Entry {
        var request: SensoryRequest
        var condition: Condition
        var exemptAllowed: Bool
        let prepared: Rewriter.Prepared
    }

    /// How many recent results are kept; a run alternating a few payloads finds each among them.
    static var capacity: Int { 4 }

    private let enabled: Bool
    private let entries = Locked<[Entry]>([])

    /// `enabled` false prepares every time (a rewriter without a memo).
    init(enabled: Bool) {
        self.enabled = enabled
    }

    func value(
        for request: SensoryRequest,
        condition: Condition,
        exemptAllowed: Bool,
        compute: () -> Rewriter.Prepared
    ) -> Rewriter.Prepared {
        guard enabled else { return compute() }
        let found = entries.withLock { entries -> Rewriter.Prepared? in
            for index in entries.indices where entries[index].exemptAllowed == exemptAllowed {
                // The target time is the one field the rules never read; the decision's request carries the new one.
                entries[index].request.targetTime = request.targetTime
                guard entries[index].request == request, entries[index].condition == condition else { continue }
                return entries[index].prepared
            }
            return nil
        }
        if let found { return found }
        let prepared = compute()
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeLast() }
            entries.insert(Entry(request: request, condition: condition, exemptAllowed: exemptAllowed, prepared: prepared), at: 0)
        }
        return prepared
    }
}
