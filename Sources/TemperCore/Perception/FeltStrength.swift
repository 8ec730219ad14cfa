/// How strongly a payload is felt, read from its lowered drive (what ``PatternCosting`` produces for the
/// device: each piece of drive's acceleration and frequency over time), so every format is read the same way.
///
/// Each piece of drive is felt at its sensation level (``VibrotactilePerception/sensationDecibels(acceleration:hertz:fullScaleGs:)``)
/// with a felt magnitude (``VibrotactilePerception/magnitude(sensationDecibels:)``) for as long as it plays; a
/// payload's felt strength is that magnitude summed over time (threshold-magnitude seconds), so a shorter or
/// weaker vibration is felt less. Pieces are read unmixed, per event: overlapping events add (an assumption; the
/// actuator plays the stronger, and the skin sums what it feels over time).
public struct FeltStrength: Sendable, Hashable {
    /// One event (an AHAP event, a timeline track or transient) as it is felt.
    public struct Event: Sendable, Hashable {
        /// Its kind, as the energy estimate names it (`HapticContinuous`, `track:both`, `transient`, …).
        public var type: String
        public var timeSeconds: Double
        /// Felt magnitude summed over its drive, in threshold-magnitude seconds; 0 when nothing of it is felt.
        public var magnitudeSeconds: Double
        /// Its strongest moment's sensation level, dB above the threshold of feeling (minus infinity: not felt).
        public var peakSensationDecibels: Double
        /// When its drive starts and ends (both `timeSeconds` for an event without drive).
        public var startSeconds: Double
        public var endSeconds: Double
    }

    /// One piece of felt drive: when, how strongly (felt magnitude), and whose.
    struct Piece: Sendable, Hashable {
        var start: Double
        var end: Double
        var magnitude: Double
    }

    /// Per event, in the estimate's order; sounds are there too, felt as nothing.
    public var events: [Event]
    /// The felt pieces in time: what compares two payloads whose events do not match one for one (a conversion
    /// between formats that cut a pattern into different events).
    var pieces: [Piece] = []

    /// The whole payload's felt strength, in threshold-magnitude seconds.
    public var magnitudeSeconds: Double { events.reduce(0) { $0 + $1.magnitudeSeconds } }

    /// The strongest moment's sensation level (minus infinity when nothing is felt).
    public var peakSensationDecibels: Double { events.map(\.peakSensationDecibels).max() ?? -.infinity }

    public init(events: [Event]) { self.events = events }

    /// `signal` as felt; `nil` for a signal from a model that cannot lower (a fixed price has no drive to read).
    public init?(_ signal: PlaybackSignal, fullScaleGs: Double = VibrotactilePerception.fullScaleGs) {
        guard case .voices(let mix, let items, _) = signal.content else { return nil }
        var events = items.map {
            Event(
                type: $0.type,
                timeSeconds: $0.timeSeconds,
                magnitudeSeconds: 0,
                peakSensationDecibels: -.infinity,
                startSeconds: .infinity,
                endSeconds: -.infinity
            )
        }
        var pieces: [Piece] = []
        for voice in mix.hapticVoices where voice.end > voice.start && events.indices.contains(voice.eventIndex) {
            let level = VibrotactilePerception.sensationDecibels(
                acceleration: voice.acceleration,
                hertz: voice.hertz,
                fullScaleGs: fullScaleGs
            )
            let magnitude = VibrotactilePerception.magnitude(sensationDecibels: level)
            events[voice.eventIndex].magnitudeSeconds += magnitude * (voice.end - voice.start)
            events[voice.eventIndex].peakSensationDecibels = max(events[voice.eventIndex].peakSensationDecibels, level)
            events[voice.eventIndex].startSeconds = min(events[voice.eventIndex].startSeconds, voice.start)
            events[voice.eventIndex].endSeconds = max(events[voice.eventIndex].endSeconds, voice.end)
            if magnitude > 0 { pieces.append(Piece(start: voice.start, end: voice.end, magnitude: magnitude)) }
        }
        for index in events.indices where events[index].startSeconds > events[index].endSeconds {
            events[index].startSeconds = events[index].timeSeconds
            events[index].endSeconds = events[index].timeSeconds
        }
        self.pieces = pieces
        self.events = events
    }
}

extension EnergyEstimator {
    /// How strongly `kind` is felt on this device; `nil` for a payload without haptics (a sound, a visual effect).
    public func feltStrength(of kind: SensoryRequest.Kind) -> FeltStrength? {
        guard kind.hasHapticDrive else { return nil }
        return FeltStrength(withoutPowerTracking.signal(of: kind))
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

extension EnergyEstimator {
    /// What turning `source` into `output` does to how strongly it is felt on this device (a conversion, an edit);
    /// `nil` when `source` is not felt at all.
    public func perceivedChange(from source: HapticPattern, to output: HapticPattern) -> PerceivedChange? {
        guard let before = feltStrength(of: .haptic(HapticPatternRequest(content: source))), before.magnitudeSeconds > 0 else {
            return nil
        }
        return PerceivedChange(from: before, to: feltStrength(of: .haptic(HapticPatternRequest(content: output))))
    }
}

extension FeltStrength {
    /// Felt magnitude summed over `start..<end`, every event's drive together.
    func magnitudeSeconds(from start: Double, to end: Double) -> Double {
        pieces.reduce(0) { sum, piece in sum + piece.magnitude * max(0, min(piece.end, end) - max(piece.start, start)) }
    }
}
