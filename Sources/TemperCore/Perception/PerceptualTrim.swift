import Glibc

/// The trim nobody can feel: a payload's haptic drive scaled down by the largest cut that leaves every event
/// within a limit, e.g. 2 dB, under the amplitude JND: no event weaker by more than the limit, none stronger, none
/// gone, and no pitch moved past ``pitchFraction`` nor a designed contrast in pitch lost (``PerceivedChange``, read
/// per event from the billed signal).
///
/// Scaling intensity by `s` scales acceleration by `s` when power grows with intensity² (every shipped profile),
/// so the first try is `10^(−limit/20)`; when what falls below the threshold of feeling makes an event go, the cut
/// shrinks until none does. A payload it cannot scale (a selection tick, a notification, a sound) is left.
public struct PerceptualTrim: Sendable, Hashable, Codable {
    /// The most the trim may weaken any one event, in dB.
    public var maxDecibels: Double
    /// Whether frequencies may move toward resonance by up to the average frequency JND
    /// (``VibrotactilePerception/frequencyJNDFraction``), a pitch change people can notice; otherwise only by
    /// ``VibrotactilePerception/unnoticedFrequencyFraction``.
    public var allowsPitchChange: Bool

    /// The range a policy's `trim: {maxDecibels: …}` is checked against: up to ``VibrotactilePerception/largeDecibels``;
    /// beyond it a trim is no longer one nobody feels.
    public static let decibelRange: ClosedRange<Double> = 0...VibrotactilePerception.largeDecibels

    /// Tries before giving up on a payload whose change stays over the limit however small the cut.
    static let searchSteps = 8

    public init(maxDecibels: Double, allowsPitchChange: Bool = false) {
        self.maxDecibels = maxDecibels
        self.allowsPitchChange = allowsPitchChange
    }

    /// The most a frequency may move toward resonance, as a fraction of itself.
    public var pitchFraction: Double {
        allowsPitchChange ? VibrotactilePerception.frequencyJNDFraction : VibrotactilePerception.unnoticedFrequencyFraction
    }

    /// What the trim does to one payload.
    public struct Result: Sendable {
        /// The trimmed payload.
        public var kind: SensoryRequest.Kind
        /// The intensity scale applied.
        public var scale: Double
        /// What it does to each event.
        public var change: PerceivedChange
        /// Whether its frequencies moved toward the actuator's resonance (within ``pitchFraction``).
        public var movedTowardResonance: Bool
    }

    /// Whether `change` keeps every event within the trim's bounds.
    public func allows(_ change: PerceivedChange) -> Bool {
        !change.gone && change.goneEvents == 0 && !change.contrastLost && !change.replaced
            && change.weakestDecibels >= -maxDecibels - 1e-9 && change.strongestDecibels <= 1e-9
            && change.largestPitchChange <= pitchFraction + 1e-9
    }

    /// `kind` trimmed, with `felt` reading how strongly a payload is felt; `nil` when it cannot be scaled, is not
    /// felt, or no cut keeps every event within the limit.
    ///
    /// With `shift` (the device's ``ResonanceShift``, at most ``pitchFraction``) and `price` (a payload's energy),
    /// the frequencies may also move toward resonance: the trim with them moved is kept when it costs less than the
    /// intensity cut alone. Either way every event is measured against the payload as asked: a move that plays an
    /// event stronger (a drive the device clipped off resonance) is cut back until none is stronger. A larger move
    /// can erase a contrast or spread events past the limit where a smaller one does not, so a trim that allows a
    /// pitch change also tries the move nobody notices: allowing more never saves less.
    public func trim(
        _ kind: SensoryRequest.Kind,
        felt: (SensoryRequest.Kind) -> FeltStrength?,
        shift: ResonanceShift? = nil,
        price: ((SensoryRequest.Kind) -> Double)? = nil
    ) -> Result? {
        guard maxDecibels > 0, maxDecibels.isFinite, Self.scaled(kind, by: 1) != nil, let before = felt(kind),
            before.magnitude > 0
        else { return nil }
        var best = search(kind, from: before, felt: felt, moved: false)
        guard let shift, shift.fraction <= pitchFraction + 1e-12, let price else { return best }
        let unnoticed = VibrotactilePerception.unnoticedFrequencyFraction
        let fractions = shift.fraction > unnoticed ? [shift.fraction, unnoticed] : [shift.fraction]
        for fraction in fractions {
            var tried = shift
            tried.fraction = fraction
            guard let shifted = Self.shifted(kind, tried), price(shifted) < price(kind),
                let moved = search(shifted, from: before, felt: felt, moved: true)
            else { continue }
            if let current = best, price(current.kind) <= price(moved.kind) { continue }
            best = moved
        }
        return best
    }

    /// The largest intensity cut of `base` that keeps every event within the bounds against `before`.
    private func search(
        _ base: SensoryRequest.Kind,
        from before: FeltStrength,
        felt: (SensoryRequest.Kind) -> FeltStrength?,
        moved: Bool
    ) -> Result? {
        // A moved payload may play some events stronger and some weaker than asked: the cut must bring the
        // strongest back to no stronger and leave the weakest within the limit, so the spread must fit.
        var (lowest, highest) = (0.0, 0.0)
        if moved {
            guard let after = felt(base) else { return nil }
            let pairing = EventPairing(before: before, after: after)
            guard !pairing.contrastLost else { return nil }
            let changes = pairing.pairs.map { $0.after.levelDecibels - $0.before.levelDecibels }
            guard let low = changes.min(), let high = changes.max(), low.isFinite else { return nil }
            (lowest, highest) = (low, high)
        }
        guard highest - lowest <= maxDecibels + 1e-9 else { return nil }
        var cut = maxDecibels + lowest
        for _ in 0..<Self.searchSteps {
            guard cut > 1e-6 else { return nil }
            let scale = Glibc.pow(10, -cut / 20)
            guard let trimmed = Self.scaled(base, by: scale) else { return nil }
            let change = PerceivedChange(from: before, to: felt(trimmed))
            if allows(change) { return Result(kind: trimmed, scale: scale, change: change, movedTowardResonance: moved) }
            if change.goneEvents > 0 || change.gone {
                // An event near the threshold went: cut less.
                cut *= 0.75
            } else if change.weakestDecibels < -maxDecibels {
                cut -= (-maxDecibels - change.weakestDecibels) * 1.02
            } else if change.strongestDecibels > 0 {
                cut += change.strongestDecibels * 1.02
            } else {
                return nil
            }
        }
        return nil
    }

    /// `kind` with its haptic frequencies moved by `shift`; `nil` for a payload that has none to move.
    static func shifted(_ kind: SensoryRequest.Kind, _ shift: ResonanceShift) -> SensoryRequest.Kind? {
        guard case .haptic(var haptic) = kind, haptic.content.hasHaptics else { return nil }
        let before = haptic.content
        haptic.content.moveHapticFrequencies(shift)
        return haptic.content == before ? nil : .haptic(haptic)
    }

    /// `kind` with its haptic intensity multiplied by `scale`; `nil` for a payload without a scalable intensity.
    static func scaled(_ kind: SensoryRequest.Kind, by scale: Double) -> SensoryRequest.Kind? {
        switch kind {
        case .haptic(var haptic):
            guard haptic.content.hasHaptics else { return nil }
            haptic.content.scaleHapticIntensity(by: scale)
            return .haptic(haptic)
        case .system(let feedback):
            guard case .impact = feedback else { return nil }
            return .system(feedback.scalingIntensity(by: scale))
        case .audio, .visual:
            return nil
        }
    }
}
