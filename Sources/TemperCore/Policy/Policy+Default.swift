extension Policy {
    /// The built-in policy, following the design brief. `Policies/default.yaml` is this policy, annotated.
    ///
    /// - `nominal` passes everything.
    /// - `fair` halves visual particles and keeps haptics and audio.
    /// - `serious` turns custom haptics into a simple medium impact, plays audio in 2D, quarters particles,
    ///   and allows 2 J of feedback a minute.
    /// - `critical` keeps only exempt usages, in their simplest form: a medium impact, 2D audio, no particles,
    ///   within 500 mJ a minute.
    /// - Low power replaces custom patterns with a simple medium impact, caps any rumble at 0.5 s and allows
    ///   1 J a minute (critical keeps its tighter 500 mJ).
    /// - Every tier ends a capped rumble's paired sound with it (``PairedAudio/cap``), and keeps a pattern's
    ///   sounds when its haptics fall back to an impact.
    public static let `default` = Policy(
        name: "default",
        classifier: ClassifierSettings(),
        tiers: Dictionary(
            uniqueKeysWithValues: Tier.allCases.map { ($0, defaultTierPatches[$0, default: .init()].applied(to: FeedbackRules())) }
        ),
        lowPower: Dictionary(
            uniqueKeysWithValues: Tier.allCases.map { tier in
                let base = defaultTierPatches[tier, default: .init()].applied(to: FeedbackRules())
                return (tier, defaultLowPowerPatches[tier, default: .init()].appliedAsLowPower(to: base))
            }
        ),
        summary: "The design brief's policy: nominal passes everything, each hotter tier and low power degrade further"
    )

    /// What the default changes in each tier, over rules that pass everything.
    public static let defaultTierPatches: [Tier: FeedbackRulesPatch] = [
        .nominal: FeedbackRulesPatch(),
        .fair: FeedbackRulesPatch(particleScale: 0.5),
        .serious: FeedbackRulesPatch(
            haptics: .simpleImpact(.medium),
            spatialAudioAllowed: false,
            particleScale: 0.25,
            budget: .some(EnergyBudget(millijoules: 2000, windowSeconds: 60))
        ),
        .critical: FeedbackRulesPatch(
            haptics: .simpleImpact(.medium),
            spatialAudioAllowed: false,
            nonEssentialAudio: false,
            particleScale: 0,
            exemptOnly: true,
            budget: .some(EnergyBudget(millijoules: 500, windowSeconds: 60))
        ),
    ]

    /// What low power changes over each tier's rules by default.
    public static let defaultLowPowerPatches: [Tier: FeedbackRulesPatch] = {
        let lowPower = FeedbackRulesPatch(
            haptics: .simpleImpact(.medium),
            budget: .some(EnergyBudget(millijoules: 1000, windowSeconds: 60)),
            rumbleCapSeconds: .some(0.5)
        )
        return [
            .nominal: lowPower,
            .fair: lowPower,
            .serious: lowPower,
            .critical: FeedbackRulesPatch(haptics: .simpleImpact(.medium), rumbleCapSeconds: .some(0.5)),
        ]
    }()
}
