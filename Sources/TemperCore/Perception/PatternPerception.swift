/// How strongly a scored pattern is felt for what it costs, and what the trim would save on it: the perception
/// half of a ``PatternScore``.
public struct PatternPerception: Sendable, Hashable, Codable {
    /// Felt strength (``FeltStrength/magnitude``): each event's felt magnitude at its intensity, summed over its
    /// events, in multiples of a vibration at the threshold of feeling.
    public var feltStrength: Double
    /// ``feltStrength`` per joule of the pattern's energy; `nil` for a pattern that costs nothing.
    public var feltStrengthPerJoule: Double?
    /// Its strongest moment, in dB above the threshold of feeling; `nil` when nothing of it is felt.
    public var peakSensationDecibels: Double?
    /// What the trim would save, when one was asked for and the pattern can be trimmed.
    public var trim: TrimSaving?

    public init(feltStrength: Double, feltStrengthPerJoule: Double?, peakSensationDecibels: Double?, trim: TrimSaving? = nil) {
        self.feltStrength = feltStrength
        self.feltStrengthPerJoule = feltStrengthPerJoule
        self.peakSensationDecibels = peakSensationDecibels
        self.trim = trim
    }
}

/// What ``PerceptualTrim`` does to one pattern: its energy after, and what it does to each event (a model estimate;
/// ``PerceivedChange/weakestDecibels`` is the largest per-event change).
public struct TrimSaving: Sendable, Hashable, Codable {
    public var maxDecibels: Double
    /// The intensity scale the trim applied.
    public var scale: Double
    public var energyMillijoules: Double
    public var savedMillijoules: Double
    public var perceivedChange: PerceivedChange

    public init(maxDecibels: Double, scale: Double, energyMillijoules: Double, savedMillijoules: Double, perceivedChange: PerceivedChange) {
        self.maxDecibels = maxDecibels
        self.scale = scale
        self.energyMillijoules = energyMillijoules
        self.savedMillijoules = savedMillijoules
        self.perceivedChange = perceivedChange
    }
}

extension EnergyEstimator {
    /// How strongly `pattern` is felt for its `energyMillijoules`, and with `trim`, what the trim saves on it;
    /// `nil` for a pattern this device does not feel at all (sounds only).
    public func perception(of pattern: HapticPattern, energyMillijoules: Double, trim: PerceptualTrim? = nil) -> PatternPerception? {
        let kind = SensoryRequest.Kind.haptic(HapticPatternRequest(content: pattern))
        return perception(of: kind, felt: feltStrength(of: kind), energyMillijoules: energyMillijoules, trim: trim)
    }

    /// `pattern`'s estimate and perception from one lowering: the signal the estimate bills is the one felt, so
    /// `temper score` lowers each pattern once (issue 36), not once for the price and again for the feel.
    package func estimateAndPerception(of pattern: HapticPattern, trim: PerceptualTrim?) -> (EnergyEstimate, PatternPerception?) {
        let kind = SensoryRequest.Kind.haptic(HapticPatternRequest(content: pattern))
        let signal = signal(of: kind)
        let estimate = signal.estimate()
        let felt = kind.hasHapticDrive ? FeltStrength(signal) : nil
        return (estimate, perception(of: kind, felt: felt, energyMillijoules: estimate.energyMillijoules, trim: trim))
    }

    private func perception(
        of kind: SensoryRequest.Kind,
        felt: FeltStrength?,
        energyMillijoules: Double,
        trim: PerceptualTrim?
    ) -> PatternPerception? {
        guard let felt else { return nil }
        let peak = felt.peakSensationDecibels
        var perception = PatternPerception(
            feltStrength: felt.magnitude,
            feltStrengthPerJoule: energyMillijoules > 0 ? felt.magnitude / (energyMillijoules / 1000) : nil,
            peakSensationDecibels: peak.isFinite ? peak : nil
        )
        if let trim,
            let result = trim.trim(
                kind,
                felt: feltStrength(of:),
                shift: resonanceShift(fraction: trim.pitchFraction),
                price: { withoutPowerTracking.estimate($0).energyMillijoules }
            )
        {
            let after = withoutPowerTracking.estimate(result.kind).energyMillijoules
            perception.trim = TrimSaving(
                maxDecibels: trim.maxDecibels,
                scale: result.scale,
                energyMillijoules: after,
                savedMillijoules: max(0, energyMillijoules - after),
                perceivedChange: result.change
            )
        }
        return perception
    }
}
