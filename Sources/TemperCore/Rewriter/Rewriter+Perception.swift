extension Rewriter {
    /// `request` under the policy's trim (``FeedbackRules/trim``), the first rule, so what a person would notice
    /// acts on drive nobody misses; with the reason, or `request` unchanged and no reason.
    func trimmed(_ request: SensoryRequest, rules: FeedbackRules) -> (request: SensoryRequest, rule: FiredRule?) {
        guard let trim = rules.trim, trim.maxDecibels > 0, !rules.exemptOnly,
            let result = trim.trim(
                request.kind,
                felt: feltStrength(of:),
                shift: energyModel.resonanceShift(fraction: trim.pitchFraction),
                price: energyModel.energyMillijoules(of:)
            )
        else { return (request, nil) }
        let within = trim.allowsPitchChange ? "within the average JND, as the policy allows" : "within half the smallest JND"
        let moved = result.movedTowardResonance ? ", its frequency moved toward resonance (\(within))" : ""
        let rule = FiredRule(
            "haptics.trim",
            code: "haptics.trimmed",
            "haptic drive scaled by \(result.scale.formatted2)\(moved), \(result.change.words) (no event weaker by more than \(trim.maxDecibels.formatted2) dB)"
        )
        return (request.with(kind: result.kind), rule)
    }

    /// How strongly `kind` is felt, from its lowered signal (shared with the ledger's prices through the memo);
    /// `nil` without haptic drive or from a model that cannot lower.
    func feltStrength(of kind: SensoryRequest.Kind) -> FeltStrength? {
        guard kind.hasHapticDrive else { return nil }
        return FeltStrength(signal(of: kind).signal)
    }

    /// What the decision does to how strongly `original` is felt; `nil` for a payload without haptic drive.
    func perceivedChange(
        of original: SensoryRequest,
        to result: SensoryRequest?,
        changed: Bool,
        outcome: Decision.Outcome
    )
        -> PerceivedChange?
    {
        guard original.kind.hasHapticDrive else { return nil }
        guard changed || outcome == .fallback else { return PerceivedChange.none }
        guard let before = feltStrength(of: original.kind) else { return nil }
        let after = result.flatMap { feltStrength(of: $0.kind) }
        return PerceivedChange(from: before, to: after, replaced: outcome == .fallback)
    }
}
