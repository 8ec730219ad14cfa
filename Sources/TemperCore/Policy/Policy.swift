/// A policy: how to classify the host, and what feedback may do under each condition.
public struct Policy: Sendable, Hashable, Codable {
    /// Schema version; this build reads version 1.
    public var version: Int
    public var name: String
    /// One line on what the policy is for, e.g. "A fan-cooled handheld".
    public var summary: String?
    public var classifier: ClassifierSettings
    /// Rules per tier, without low power.
    public var tiers: [Tier: FeedbackRules]
    /// Rules per tier under low power (files give them as overrides merged over the tier's rules).
    public var lowPower: [Tier: FeedbackRules]
    /// Usages that may be degraded but never dropped.
    public var exemptUsages: Set<UsageClass>
    /// The feedbackd profile each condition asks for (`temper serve --feedbackd`).
    public var feedbackd: FeedbackdMapping = .standard
    /// Who may use ``exemptUsages`` through `temper serve`; other callers' exempt usages are ordinary.
    public var exemptCallers: ExemptCallers = .standard
    /// What a peripheral's low or critical battery does to feedback aimed at it.
    public var peripherals: PeripheralRules = .standard

    public init(
        version: Int = 1,
        name: String,
        classifier: ClassifierSettings = .init(),
        tiers: [Tier: FeedbackRules],
        lowPower: [Tier: FeedbackRules],
        exemptUsages: Set<UsageClass> = [.alarm, .communication, .accessibility],
        summary: String? = nil
    ) {
        self.version = version
        self.name = name
        self.summary = summary
        self.classifier = classifier
        self.tiers = tiers
        self.lowPower = lowPower
        self.exemptUsages = exemptUsages
    }

    /// The rules in force under `condition`.
    public func rules(for condition: Condition) -> FeedbackRules {
        (condition.lowPower ? lowPower[condition.tier] : nil) ?? tiers[condition.tier] ?? FeedbackRules()
    }
}

/// What feedback may do under one condition. The defaults pass everything.
public struct FeedbackRules: Sendable, Hashable, Codable {
    public var haptics: HapticsMode
    /// Multiplies haptic intensity.
    public var intensityScale: Double
    public var spatialAudioAllowed: Bool
    public var audioVolumeScale: Double
    /// Whether audio from non-exempt usages plays at all.
    public var nonEssentialAudio: Bool
    /// Multiplies visual particle counts.
    public var particleScale: Double
    /// Only exempt usages play, in their simplest form.
    public var exemptOnly: Bool
    /// An energy budget per window, e.g. 500 mJ per 60 s; `nil` = unlimited.
    public var budget: EnergyBudget?
    /// The brief's battery rule: any continuous haptic event that survives ``haptics`` (an exempt usage's
    /// pattern, a `full` or `capRumble` mode, the budget ladder's capped rung) ends by this many seconds after
    /// its onset, with a release ramp; `nil` = no cap. The default low-power rules set 0.5 s.
    public var rumbleCapSeconds: Double?
    /// What a rumble cap (``haptics``' `capRumble`, ``rumbleCapSeconds`` or the budget ladder's capped rung) does
    /// to the sound paired with the rumble: `cap` (the default) ends it with the rumble, with the same release.
    public var pairedAudio: PairedAudio
    /// The trim nobody can feel: before any other rule, haptic drive is scaled down by at most its perceived change
    /// (``PerceptualTrim/maxDecibels``), its pitch moved only as far as it allows; `nil` = no trim.
    public var trim: PerceptualTrim?

    public init(
        haptics: HapticsMode = .full,
        intensityScale: Double = 1,
        spatialAudioAllowed: Bool = true,
        audioVolumeScale: Double = 1,
        nonEssentialAudio: Bool = true,
        particleScale: Double = 1,
        exemptOnly: Bool = false,
        budget: EnergyBudget? = nil,
        rumbleCapSeconds: Double? = nil,
        pairedAudio: PairedAudio = .cap,
        trim: PerceptualTrim? = nil
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
}

/// What happens to a sound designed with a rumble when the rumble is capped. A sound is the rumble's pair when its
/// onset lies within the ``DegradationLadder/pairingWindowSeconds`` of the rumble's.
///
/// The brief's harmony principle (what you feel matches what you hear) makes `cap` the default: a felt rumble that
/// stops while its sound plays on splits one event in two, and the sound usually costs more than the rumble.
/// `keep` is for sounds that carry content of their own (speech, music) and must play to the end.
public enum PairedAudio: String, Sendable, Hashable, Codable, CaseIterable {
    /// The sound ends when its capped rumble does, with the same release ramp.
    case cap
    /// The sound plays to its own end.
    case keep
}

/// How custom haptics are treated, from richest to none.
public enum HapticsMode: Sendable, Hashable, Codable {
    case full
    /// Continuous events end by `maxSeconds`, with a release ramp of `fadeSeconds`.
    case capRumble(maxSeconds: Double, fadeSeconds: Double)
    case transientsOnly
    /// The pattern becomes one system impact of this style.
    case simpleImpact(ImpactStyle)
    case off
}

/// An energy allowance that refills over a window (a token bucket).
public struct EnergyBudget: Sendable, Hashable, Codable {
    public var millijoules: Double
    public var windowSeconds: Double

    public init(millijoules: Double, windowSeconds: Double) {
        self.millijoules = millijoules
        self.windowSeconds = windowSeconds
    }
}
