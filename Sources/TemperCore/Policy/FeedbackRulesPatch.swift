/// Some of a condition's rules: what a policy file's tier or low-power section says, each key optional.
///
/// Tier sections patch the built-in default's rules for that tier; low-power sections patch the tier's rules.
/// `budget` and `rumbleCapSeconds` are doubly optional: absent (`nil`) keeps the value beneath, while
/// `.some(nil)` (written `none` in a file) removes it.
public struct FeedbackRulesPatch: Sendable, Hashable {
    public var haptics: HapticsMode?
    public var intensityScale: Double?
    public var spatialAudioAllowed: Bool?
    public var audioVolumeScale: Double?
    public var nonEssentialAudio: Bool?
    public var particleScale: Double?
    public var exemptOnly: Bool?
    public var budget: EnergyBudget??
    public var rumbleCapSeconds: Double??
    public var pairedAudio: PairedAudio?
    /// Doubly optional like ``budget``: `none` removes the trim beneath.
    public var trim: PerceptualTrim??

    public init(
        haptics: HapticsMode? = nil,
        intensityScale: Double? = nil,
        spatialAudioAllowed: Bool? = nil,
        audioVolumeScale: Double? = nil,
        nonEssentialAudio: Bool? = nil,
        particleScale: Double? = nil,
        exemptOnly: Bool? = nil,
        budget: EnergyBudget?? = nil,
        rumbleCapSeconds: Double?? = nil,
        pairedAudio: PairedAudio? = nil,
        trim: PerceptualTrim?? = nil
    ) {
        self.haptics = haptics
        self.intensityScale = intensityScale
        self.spatialAudioAllowed = spatialAudioAllowed
        self.audioVolumeScale = audioVolumeScale
        self.nonEssentialAudio = nonEssentialAudio
        self.particleScale = particleScale
        self.exemptOnly = exemptOnly
        self.budget = budget
        self.rumbleCapSeconds = rumbleCapSeconds
        self.pairedAudio = pairedAudio
        self.trim = trim
    }

    /// A patch that sets every key to `rules`' values.
    public init(_ rules: FeedbackRules) {
        self.init(
            haptics: rules.haptics,
            intensityScale: rules.intensityScale,
            spatialAudioAllowed: rules.spatialAudioAllowed,
            audioVolumeScale: rules.audioVolumeScale,
            nonEssentialAudio: rules.nonEssentialAudio,
            particleScale: rules.particleScale,
            exemptOnly: rules.exemptOnly,
            budget: .some(rules.budget),
            rumbleCapSeconds: .some(rules.rumbleCapSeconds),
            pairedAudio: rules.pairedAudio,
            trim: .some(rules.trim)
        )
    }

    /// `rules` with every key this patch sets replaced.
    public func applied(to rules: FeedbackRules) -> FeedbackRules {
        var result = rules
        if let haptics { result.haptics = haptics }
        if let intensityScale { result.intensityScale = intensityScale }
        if let spatialAudioAllowed { result.spatialAudioAllowed = spatialAudioAllowed }
        if let audioVolumeScale { result.audioVolumeScale = audioVolumeScale }
        if let nonEssentialAudio { result.nonEssentialAudio = nonEssentialAudio }
        if let particleScale { result.particleScale = particleScale }
        if let exemptOnly { result.exemptOnly = exemptOnly }
        if let budget { result.budget = budget }
        if let rumbleCapSeconds { result.rumbleCapSeconds = rumbleCapSeconds }
        if let pairedAudio { result.pairedAudio = pairedAudio }
        if let trim { result.trim = trim }
        return result
    }

    /// Low power over a tier's rules: like ``applied(to:)``, except that haptics never get richer than the
    /// tier's own mode (low power on top of `off` stays `off`).
    public func appliedAsLowPower(to rules: FeedbackRules) -> FeedbackRules {
        var result = applied(to: rules)
        if let haptics, haptics.restrictiveness < rules.haptics.restrictiveness { result.haptics = rules.haptics }
        return result
    }

    /// This patch with every key `other` sets replaced by `other`'s.
    public func overridden(by other: FeedbackRulesPatch) -> FeedbackRulesPatch {
        FeedbackRulesPatch(
            haptics: other.haptics ?? haptics,
            intensityScale: other.intensityScale ?? intensityScale,
            spatialAudioAllowed: other.spatialAudioAllowed ?? spatialAudioAllowed,
            audioVolumeScale: other.audioVolumeScale ?? audioVolumeScale,
            nonEssentialAudio: other.nonEssentialAudio ?? nonEssentialAudio,
            particleScale: other.particleScale ?? particleScale,
            exemptOnly: other.exemptOnly ?? exemptOnly,
            budget: other.budget ?? budget,
            rumbleCapSeconds: other.rumbleCapSeconds ?? rumbleCapSeconds,
            pairedAudio: other.pairedAudio ?? pairedAudio,
            trim: other.trim ?? trim
        )
    }
}

extension HapticsMode {
    /// 0 for `full` up to 4 for `off`: the order of the degradation ladder.
    public var restrictiveness: Int {
        switch self {
        case .full: 0
        case .capRumble: 1
        case .transientsOnly: 2
        case .simpleImpact: 3
        case .off: 4
        }
    }
}
