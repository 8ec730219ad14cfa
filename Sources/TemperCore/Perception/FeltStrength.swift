import Glibc

/// How strongly each event of a payload is felt, read from the signal the energy model bills: the haptic voices
/// mixed per output (``PlaybackSignal``), where at each instant the output plays its strongest voice. A click
/// under a louder rumble is masked in the bill and in the feel alike.
///
/// An event's felt intensity is a level, not a dose: the sensation level (dB above the threshold of feeling,
/// ``VibrotactilePerception/sensationDecibels(acceleration:hertz:fullScaleGs:)``) of its strongest stretch
/// ``VibrotactilePerception/integrationSeconds`` long. Within that stretch the skin sums energy where it sums
/// (``VibrotactilePerception/summationWeight(hertz:)``), so a 20 ms tap at 145 Hz is felt weaker than a 300 ms buzz
/// at the same amplitude; beyond it a longer vibration is felt no stronger, only longer. So a change of length is
/// read as ``Event/feltSeconds``, apart from a change of strength.
public struct FeltStrength: Sendable, Hashable {
    /// One event (an AHAP event, a timeline track or transient) as it is felt.
    public struct Event: Sendable, Hashable {
        /// Its kind, as the energy estimate names it (`HapticContinuous`, `track:both`, `transient`, …).
        public var type: String
        public var timeSeconds: Double
        /// Its felt intensity, dB above the threshold of feeling; minus infinity when nothing of it is felt (it is
        /// masked by a stronger voice, or below the threshold).
        public var levelDecibels: Double
        /// The frequency of its strongest moment, in hertz; 0 when it is not felt.
        public var hertz: Double
        /// How long it is felt: its drive above the threshold in the mix, in seconds.
        public var feltSeconds: Double
        /// When its felt drive starts and ends (both `timeSeconds` for an event not felt).
        public var startSeconds: Double
        public var endSeconds: Double

        /// Whether any of it is felt.
        public var isFelt: Bool { levelDecibels > 0 }
        /// Felt magnitude at its intensity, in multiples of a vibration at threshold (Verrillo's power law); 0
        /// when it is not felt.
        public var magnitude: Double { VibrotactilePerception.magnitude(sensationDecibels: levelDecibels) }
    }

    /// Per event, in the estimate's order; sounds are there too, felt as nothing.
    public var events: [Event]
    /// The felt drive per output, in time order: what reads a span whose events do not match one for one (a
    /// conversion between formats that cut a pattern into different events).
    var outputs: [FeltTrace] = []

    /// The payload's felt strength: its events' felt magnitudes summed, each at its intensity (a pattern of three
    /// taps is more feedback than one; a rumble twice as long is not twice as strong).
    public var magnitude: Double { events.reduce(0) { $0 + $1.magnitude } }

    /// The strongest event's intensity (minus infinity when nothing is felt).
    public var peakSensationDecibels: Double { events.map(\.levelDecibels).max() ?? -.infinity }

    public init(events: [Event]) { self.events = events }

    /// `signal` as felt; `nil` for a signal from a model that cannot lower (a fixed price has no drive to read).
    public init?(_ signal: PlaybackSignal, fullScaleGs: Double = VibrotactilePerception.fullScaleGs) {
        guard case .voices(let mix, let items, _) = signal.content else { return nil }
        let mixed = signal.hapticMix ?? PlaybackSignal.hapticMix(of: mix)
        let outputs = mixed.map { FeltTrace($0.voices, fullScaleGs: fullScaleGs) }
        // Each event's pieces, per output, in time order (the mix is).
        var owned = [[[Int]]](repeating: [], count: items.count)
        for (number, trace) in outputs.enumerated() {
            for (index, piece) in trace.pieces.enumerated() where owned.indices.contains(piece.eventIndex) {
                if owned[piece.eventIndex].count <= number {
                    owned[piece.eventIndex] += Array(repeating: [], count: number + 1 - owned[piece.eventIndex].count)
                }
                owned[piece.eventIndex][number].append(index)
            }
        }
        self.outputs = outputs
        events = items.indices.map { index in
            var event = Event(
                type: items[index].type,
                timeSeconds: items[index].timeSeconds,
                levelDecibels: -.infinity,
                hertz: 0,
                feltSeconds: 0,
                startSeconds: items[index].timeSeconds,
                endSeconds: items[index].timeSeconds
            )
            // Played on several outputs (a gamepad's two motors), it is felt as its strongest.
            for (number, pieces) in owned[index].enumerated() where !pieces.isEmpty {
                let felt = FeltTrace.Reading(pieces.map { outputs[number].pieces[$0] })
                event.feltSeconds = max(event.feltSeconds, felt.feltSeconds)
                if felt.levelDecibels > event.levelDecibels {
                    (event.levelDecibels, event.hertz) = (felt.levelDecibels, felt.hertz)
                }
                if felt.feltSeconds > 0 {
                    event.startSeconds = min(event.isFelt ? event.startSeconds : .infinity, felt.startSeconds)
                    event.endSeconds = max(event.isFelt ? event.endSeconds : -.infinity, felt.endSeconds)
                }
            }
            if !event.isFelt { (event.startSeconds, event.endSeconds, event.feltSeconds) = (event.timeSeconds, event.timeSeconds, 0) }
            return event
        }
    }

    /// What is felt from `start` to `end`, every event's drive together, on the output where it is strongest.
    func reading(from start: Double, to end: Double) -> FeltTrace.Reading {
        outputs.map { $0.reading(from: start, to: end) }.max { $0.levelDecibels < $1.levelDecibels } ?? .nothing
    }
}

extension EnergyEstimator {
    /// How strongly `kind` is felt on this device; `nil` for a payload without haptics (a sound, a visual effect).
    public func feltStrength(of kind: SensoryRequest.Kind) -> FeltStrength? {
        guard kind.hasHapticDrive else { return nil }
        return FeltStrength(withoutPowerTracking.signal(of: kind))
    }

    /// What turning `source` into `output` does to how strongly it is felt on this device (a conversion, an edit);
    /// `nil` when `source` is not felt at all.
    public func perceivedChange(from source: HapticPattern, to output: HapticPattern) -> PerceivedChange? {
        guard let before = feltStrength(of: .haptic(HapticPatternRequest(content: source))), before.magnitude > 0 else {
            return nil
        }
        return PerceivedChange(from: before, to: feltStrength(of: .haptic(HapticPatternRequest(content: output))))
    }
}

extension SensoryRequest.Kind {
    /// Whether it can play haptic drive: a custom pattern or a system feedback.
    var hasHapticDrive: Bool {
        switch self {
        case .haptic, .system: true
        case .audio, .visual: false
        }
    }
}
