import TemperAHAP
public import TemperPatterns

/// A request's payload as the key of a price cache: equal payloads are equal keys, and hashing one looks at
/// only a few numbers of its pattern.
///
/// Price caches look a pattern up on every decision; hashing the whole value (every point of every curve) cost
/// more than the lookup saved. Equal patterns still hash equally, and a collision only costs an `==`, which is
/// quick for the copies a run submits again and again (they share their arrays' storage).
public struct PayloadKey: Hashable, Sendable {
    public let kind: SensoryRequest.Kind

    public init(_ kind: SensoryRequest.Kind) {
        self.kind = kind
    }

    /// The key of a pattern on its own, whatever file it came from.
    public init(_ pattern: HapticPattern) {
        self.init(.haptic(HapticPatternRequest(content: pattern)))
    }

    public static func == (lhs: PayloadKey, rhs: PayloadKey) -> Bool {
        lhs.kind == rhs.kind
    }

    public func hash(into hasher: inout Hasher) {
        switch kind {
        case .haptic(let haptic):
            hasher.combine(0)
            haptic.content.hashSummary(into: &hasher)
        case .audio, .system, .visual:
            // Small values: they hash whole.
            hasher.combine(kind)
        }
    }
}

extension HapticPattern {
    /// Feeds `hasher` a few numbers every equal pattern shares: counts and the first and last events.
    func hashSummary(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(items.count)
        hasher.combine(waveforms.count)
        items.first?.hashSummary(into: &hasher)
        items.last?.hashSummary(into: &hasher)
        hasher.combine(tracks.count)
        hasher.combine(transients.count)
        hasher.combine(repeatStart)
        if let track = tracks.first {
            hasher.combine(track.amplitude.count)
            hasher.combine(track.frequency.count)
            hasher.combine(track.amplitude.first?.value)
            hasher.combine(track.amplitude.last?.time)
        }
        for transient in [transients.first, transients.last] {
            hasher.combine(transient?.time)
            hasher.combine(transient?.amplitude)
        }
    }
}

extension AHAPItem {
    fileprivate func hashSummary(into hasher: inout Hasher) {
        switch self {
        case .event(let event):
            hasher.combine(0)
            hasher.combine(event.time)
            hasher.combine(event.duration)
            hasher.combine(event.parameters.count)
            for parameter in event.parameters { hasher.combine(parameter.value) }
        case .parameter(let parameter):
            hasher.combine(1)
            hasher.combine(parameter.time)
        case .curve(let curve):
            hasher.combine(2)
            hasher.combine(curve.time)
        }
    }
}
