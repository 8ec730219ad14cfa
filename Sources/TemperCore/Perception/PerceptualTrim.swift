import Glibc

/// The trim nobody can feel: a payload's haptic drive scaled down by the largest cut whose perceived change
/// (``PerceivedChange``, read from the lowered drive) stays within a limit, e.g. 2 dB, under the amplitude JND.
///
/// Scaling intensity by `s` scales acceleration by `s` when power grows with intensity² (every shipped profile),
/// so the first try is `10^(−limit/20)`; when what falls below the threshold of feeling makes the change larger,
/// the cut shrinks in proportion until the change is within the limit. A payload it cannot scale (a selection tick, a notification, a sound) is left.
public struct PerceptualTrim: Sendable {
    /// The most the trim may change how strongly a payload is felt, in dB.
    public var maxDecibels: Double

    /// The range a policy's `trim: {maxDecibels: …}` is checked against: up to ``VibrotactilePerception/largeDecibels``;
    /// beyond it a trim is no longer one nobody feels.
    public static let decibelRange: ClosedRange<Double> = 0...VibrotactilePerception.largeDecibels

    /// Tries before giving up on a payload whose change stays over the limit however small the cut.
    static let searchSteps = 8

    public init(maxDecibels: Double) {
        self.maxDecibels = maxDecibels
    }

    /// What the trim does to one payload.
    public struct Result: Sendable {
        /// The trimmed payload.
        public var kind: SensoryRequest.Kind
        /// The intensity scale applied.
        public var scale: Double
        /// How much weaker it is felt.
        public var change: PerceivedChange
        /// Whether its frequencies moved toward the actuator's resonance (within the frequency JND).
        public var movedTowardResonance: Bool
    }

    /// `kind` trimmed, with `felt` reading how strongly a payload is felt; `nil` when it cannot be scaled, is not
    /// felt, or no cut stays within the limit.
    ///
    /// With `shift` (the device's ``ResonanceShift``) and `price` (a payload's energy), the frequencies may also
    /// move toward resonance: the trim with them moved is kept when it costs less than the intensity cut alone.
    /// Either way the cut is measured against the payload as asked, and the felt change stays within the limit
    /// both ways: a move that plays stronger (a drive the device clipped off resonance) is cut back further.
    public func trim(
        _ kind: SensoryRequest.Kind,
        felt: (SensoryRequest.Kind) -> FeltStrength?,
        shift: ResonanceShift? = nil,
        price: ((SensoryRequest.Kind) -> Double)? = nil
    ) -> Result? {
        guard maxDecibels > 0, maxDecibels.isFinite, Self.scaled(kind, by: 1) != nil, let before = felt(kind),
            before.magnitudeSeconds > 0
        else { return nil }
        let cut = search(kind, from: before, felt: felt, moved: false)
        guard let shift, let price, let shifted = Self.shifted(kind, shift), price(shifted) < price(kind),
            let moved = search(shifted, from: before, felt: felt, moved: true)
        else { return cut }
        guard let cut else { return moved }
        return price(moved.kind) < price(cut.kind) ? moved : cut
    }

    /// The largest intensity cut of `base` whose felt change against `before` stays within ±``maxDecibels``.
    private func search(
        _ base: SensoryRequest.Kind,
        from before: FeltStrength,
        felt: (SensoryRequest.Kind) -> FeltStrength?,
        moved: Bool
    ) -> Result? {
        // A moved payload may already play stronger or weaker than asked; the cut starts from what brings it to the
        // limit, and the change grows about linearly with the cut, so this settles in a step or two.
        let offset = moved ? PerceivedChange(from: before, to: felt(base)).decibels : 0
        guard offset.isFinite else { return nil }
        var cut = max(0, maxDecibels + offset)
        for _ in 0..<Self.searchSteps {
            let scale = Glibc.pow(10, -cut / 20)
            guard let trimmed = Self.scaled(base, by: scale) else { return nil }
            let change = PerceivedChange(from: before, to: felt(trimmed))
            let size = -change.decibels
            if abs(size) <= maxDecibels + 1e-9 {
                return Result(kind: trimmed, scale: scale, change: change, movedTowardResonance: moved)
            }
            // Too weak: cut less, in proportion; too strong: cut the excess too.
            cut = size > 0 ? cut * maxDecibels / size * 0.98 : cut + (-size - maxDecibels) * 1.02
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
