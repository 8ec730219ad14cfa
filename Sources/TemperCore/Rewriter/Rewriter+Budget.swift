extension Rewriter {
    /// Decides `requests` in order as if submitted together to a ``Governor`` at one moment: they spend from one
    /// fresh window of the condition's budget, so each decision says what is left after it, and each plays from
    /// its own target time (0 without one) against what the ones before it play, so each is charged its
    /// marginal price.
    public func decideInOrder(_ requests: [SensoryRequest], condition: Condition) -> [Decision] {
        var bucket = rules(for: condition).budget.map { TokenBucket(budget: $0, now: 0) }
        var ledger = PlaybackLedger()
        return requests.map { request in
            let start = request.targetTime.flatMap { $0.isFinite ? $0 : nil } ?? 0
            let decision = decide(request, condition: condition, budget: bucket?.snapshot(at: 0), ledger: &ledger, startingAt: start)
            bucket?.spend(for: decision, at: 0)
            return decision
        }
    }

    /// Decides `request` as playing from `start` against what `ledger` holds, and admits what plays: the one
    /// sequence the governor and ``decideInOrder(_:condition:)`` share.
    func decide(
        _ request: SensoryRequest,
        condition: Condition,
        budget: BudgetSnapshot?,
        ledger: inout PlaybackLedger,
        startingAt start: Double,
        exemptAllowed: Bool = true
    ) -> Decision {
        let (decision, lowered) = decideLowering(
            request,
            condition: condition,
            budget: budget,
            playing: PlaybackContext(ledger: ledger, startSeconds: start),
            exemptAllowed: exemptAllowed
        )
        if let played = decision.request {
            let lowered = lowered ?? signal(of: played)
            ledger.admit(lowered.signal, of: lowered.key, at: start)
        }
        return decision
    }

    /// The simplest form of a request that must still play: a pattern becomes a system impact, audio plays in 2D,
    /// a visual effect drops to quality 0; the condition's scales still apply.
    func simplest(_ request: SensoryRequest, rules: FeedbackRules, rule: String, code: Reason.Code, context: String) -> Variant {
        switch request.kind {
        case .haptic(let haptic):
            let style: ImpactStyle = if case .simpleImpact(let style) = rules.haptics { style } else { ladder.simpleImpactStyle }
            return impact(
                for: haptic,
                of: request,
                style: style,
                rules: rules,
                rule: rule,
                code: code,
                "\(context) a simple \(style.rawValue) impact"
            )
        case .audio(var cue):
            var fired: [FiredRule] = []
            if cue.rendering == .spatial { fired += downmix(&cue, because: "\(context) in its simplest form") }
            if rules.audioVolumeScale != 1 {
                cue.volume = min(1, max(0, cue.volume * rules.audioVolumeScale))
                fired.append(
                    FiredRule(
                        "audio.volumeScale",
                        code: "audio.volumeScaled",
                        "audio volume scaled by \(rules.audioVolumeScale.formatted2) to \(cue.volume.formatted2)"
                    )
                )
            }
            if fired.isEmpty { fired.append(FiredRule(rule, code: code, "\(context) as asked (already its simplest form)")) }
            return Variant(request: request.with(kind: .audio(cue)), rules: fired, changed: cue != (request.kind.audioCue ?? cue))
        case .system(let feedback):
            var variant = rewrite(feedback, of: request, rules: FeedbackRules(intensityScale: rules.intensityScale), exempt: true)
            variant.rules.insert(FiredRule(rule, code: code, "\(context) its \(feedback.summary)"), at: 0)
            return variant
        case .visual(var effect):
            let count = Int((Double(effect.particleCount) * min(1, max(0, rules.particleScale))).rounded(.down))
            let changed = count != effect.particleCount || effect.qualityLevel != 0
            let message = "\(context) at quality 0 with \(count) of \(effect.particleCount) particles"
            effect.particleCount = count
            effect.qualityLevel = 0
            return Variant(request: request.with(kind: .visual(effect)), rules: [FiredRule(rule, code: code, message)], changed: changed)
        }
    }

    /// Walks the degradation ladder for a request that does not fit what is left of the budget, and picks the
    /// richest rung that fits. Below the last rung a non-exempt request is dropped and an exempt one plays in its
    /// simplest form even over budget.
    func fit(
        _ request: SensoryRequest,
        into budget: BudgetSnapshot,
        rules: FeedbackRules,
        exempt: Bool,
        condition: Condition,
        before: Double,
        current: Variant,
        playing: PlaybackContext?
    ) -> Variant {
        let shortfall =
            "\(current.charged.formatted2) mJ does not fit the \(budget.remainingMillijoules.formatted2) mJ left of \(budget.capacityMillijoules.formatted2) mJ per \(budget.windowSeconds.formatted2) s"
        for (candidate, phrase) in rungs(for: request, rules: rules, exempt: exempt, condition: condition) {
            var variant = candidate
            price(&variant, before: before)
            guard variant.request != nil, variant.energy <= before + 1e-9 else { continue }
            charge(&variant, playing: playing)
            guard budget.fits(variant.charged) else { continue }
            variant.rules.append(
                FiredRule("budget", code: "budget.degraded", "\(shortfall); stepped down to \(phrase) (\(variant.charged.formatted2) mJ)")
            )
            return variant
        }
        guard exempt else {
            return dropped("budget", code: "budget.exhausted", "\(shortfall) and no cheaper form fits; not played")
        }
        var variant = simplest(
            request,
            rules: rules,
            rule: "budget",
            code: "budget.exemptOverdraw",
            context: "over budget, exempt usage \(request.usage.rawValue) plays"
        )
        price(&variant, before: before)
        charge(&variant, playing: playing)
        if variant.charged > current.charged {
            variant = current
            variant.rules.append(
                FiredRule("budget", code: "budget.exemptOverdraw", "\(shortfall); exempt usage \(request.usage.rawValue) plays anyway")
            )
        }
        return variant
    }

    /// The cheaper forms of a request, richest first, each with words for the reason.
    private func rungs(for request: SensoryRequest, rules: FeedbackRules, exempt: Bool, condition: Condition) -> [(Variant, String)] {
        guard !rules.exemptOnly else { return [] }
        switch request.kind {
        case .haptic(let haptic) where haptic.content.hasHaptics:
            return rungs(for: haptic, of: request, rules: rules, exempt: exempt)
        case .audio(let cue) where cue.rendering == .spatial && rules.spatialAudioAllowed:
            var twoD = rules
            twoD.spatialAudioAllowed = false
            return [(rewrite(cue, of: request, rules: twoD, exempt: exempt, condition: condition), "2D audio")]
        default:
            return []
        }
    }
}

extension SensoryRequest.Kind {
    var audioCue: AudioCue? { if case .audio(let cue) = self { cue } else { nil } }
}
