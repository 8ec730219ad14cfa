/// Effective values of a pattern over time: event values, dynamic parameters, parameter curves
/// (linear between control points) and the attack/decay/release/sustain envelope of continuous events.
///
/// Building a sampler does the bookkeeping once (events in file order, one control track per dynamic parameter
/// ID, each event's span and envelope), so each query afterwards is a couple of binary searches.
///
/// Assumptions, since Apple documents the values but not every mechanic behind them:
/// - Envelope times (`AttackTime`, `DecayTime`, `ReleaseTime`) are normalised 0...1, not seconds. We map them
///   linearly to seconds with ``envelopeSecondsPerUnit`` (1.0 s at full scale). Their time controls
///   (`HapticAttackTimeControl` and friends) add to the normalised value, taken once at the event's start, and the
///   sum is clamped to 0...1.
/// - An envelope is linear: intensity rises from 0 over the attack, then either holds (`Sustained` = 1) or falls
///   to 0 over the decay (`Sustained` = 0; at once when `DecayTime` is 0), and falls to 0 over the release,
///   which ends exactly at the event's end so the written duration is honoured. Each of the three shapes caps
///   the level; the lowest cap wins.
/// - A transient lasts ``transientSeconds`` (20 ms) for plots and spans. Real clicks are shorter or longer
///   depending on the actuator (AOSP's click effect is about 5–12 ms, TI's LRA auto-resonance clicks about
///   45–50 ms); energy models should cost a transient per click rather than per second.
/// - An `AudioCustom` event lasts as long as its waveform when the WAV header gave a length, cut at its
///   `EventDuration` when one is set (or stretched to it when looping); without a known length it lasts its
///   `EventDuration`, else ``fallbackCustomAudioSeconds``.
/// - `HapticSharpnessControl` applies to continuous haptic events only, as Apple's article says; intensity and
///   volume controls multiply every event's value, the others add; results are clamped to the parameter's range.
public struct AHAPSampler: Sendable {
    /// Seconds per normalised envelope unit: an `AttackTime` of 1.0 lasts one second. Our assumption.
    public static let envelopeSecondsPerUnit = 1.0
    /// How long a transient lasts on a timeline: 20 ms, between AOSP's 5–12 ms clicks and TI's 45–50 ms LRA clicks.
    public static let transientSeconds = 0.020
    /// How long an `AudioCustom` event lasts when neither its waveform's length nor an `EventDuration` is known.
    /// One second: a guess that errs towards costing a sound more, not less.
    public static let fallbackCustomAudioSeconds = 1.0
    /// The most samples ``timeline(step:)`` returns, so a tiny step cannot balloon memory.
    public static let maximumTimelineSamples = 1_000_000
    /// The most event-sample evaluations ``timeline(step:)`` does, so overlapping events cannot make it slow.
    public static let maximumTimelineVisits = 20_000_000

    public let pattern: AHAPPattern
    /// The pattern's events in file order; ``hapticValues(eventIndex:at:)`` and friends index into this.
    public let events: [AHAPEvent]
    let shapes: [EventShape]
    let tracks: [AHAPControlTrack?]

    /// - Parameters:
    ///   - pattern: The pattern to sample.
    ///   - waveformDurations: Real lengths in seconds of `AudioCustom` waveforms, keyed by index into
    ///     ``AHAPPattern/events``; events without an entry fall back as described above.
    public init(pattern: AHAPPattern, waveformDurations: [Int: Double] = [:]) {
        self.pattern = pattern
        let events = pattern.events
        self.events = events
        var tracks = [AHAPControlTrack?](repeating: nil, count: AHAPDynamicParameterID.allCases.count)
        for (id, track) in AHAPControlTrack.tracks(for: pattern) { tracks[id.trackIndex] = track }
        self.tracks = tracks
        var shapes: [EventShape] = []
        shapes.reserveCapacity(events.count)
        for (index, event) in events.enumerated() {
            shapes.append(EventShape(event: event, waveformSeconds: waveformDurations[index], tracks: tracks))
        }
        self.shapes = shapes
        duration = Self.duration(of: pattern)
        playbackEnd = shapes.reduce(duration) { max($0, $1.end) }
    }

    /// Samples a document, using the waveform lengths its reader found.
    public init(document: AHAPDocument) {
        var durations: [Int: Double] = [:]
        for (index, waveform) in document.waveforms {
            if let seconds = waveform.durationSeconds { durations[index] = seconds }
        }
        self.init(pattern: document.pattern, waveformDurations: durations)
    }

    /// Pattern length in seconds as Core Haptics defines it: the latest of each event's time plus its
    /// `EventDuration`, each `Parameter`'s time, and each curve's last control point. A transient adds no length
    /// unless it carries an `EventDuration` (Apple pads the pattern then).
    public let duration: Double

    /// When the last sound or vibration stops: like ``duration``, but counting each transient's
    /// ``transientSeconds`` and each custom audio event's real length.
    public let playbackEnd: Double

    static func duration(of pattern: AHAPPattern) -> Double {
        var end = 0.0
        for item in pattern.items {
            switch item {
            case .event(let event): end = max(end, event.time + (event.duration ?? 0))
            case .parameter(let parameter): end = max(end, parameter.time)
            case .curve(let curve): end = max(end, curve.time + (curve.controlPoints.map(\.time).max() ?? 0))
            }
        }
        return end
    }

    /// When `events[eventIndex]` starts and stops playing, in seconds from the pattern start.
    public func span(eventIndex: Int) -> (start: Double, end: Double) {
        (shapes[eventIndex].start, shapes[eventIndex].end)
    }

    /// Effective haptic intensity (0...1, envelope included) and sharpness (0...1) of
    /// `pattern.events[eventIndex]` at absolute time `time`; intensity is 0 outside the event and for audio events.
    public func hapticValues(eventIndex: Int, at time: Double) -> (intensity: Double, sharpness: Double) {
        let shape = shapes[eventIndex]
        guard shape.type.isHaptic else { return (0, 0) }
        var sharpness = shape.baseSharpness
        if shape.type == .hapticContinuous {
            sharpness = clampUnit(sharpness + control(.hapticSharpnessControl, at: time))
        }
        guard time >= shape.start, time < shape.end else { return (0, sharpness) }
        let intensity = clampUnit(shape.baseIntensity * control(.hapticIntensityControl, at: time))
        return (intensity * shape.envelope(at: time), sharpness)
    }

    /// Effective audio volume (0...1, envelope included) of an audio event at absolute time `time`;
    /// 0 outside the event and for haptic events.
    public func audioVolume(eventIndex: Int, at time: Double) -> Double {
        let shape = shapes[eventIndex]
        guard shape.type.isAudio, time >= shape.start, time < shape.end else { return 0 }
        let volume = clampUnit(shape.baseVolume * control(.audioVolumeControl, at: time))
        return volume * shape.envelope(at: time)
    }

    /// The envelope level (0...1) of an event at absolute time `time`: 1 throughout a transient, and the
    /// attack/decay/release shape for continuous events.
    public func envelope(eventIndex: Int, at time: Double) -> Double {
        let shape = shapes[eventIndex]
        guard time >= shape.start, time < shape.end else { return 0 }
        return shape.envelope(at: time)
    }

    /// The value of a dynamic parameter at `time` from the pattern's `Parameter` items and curves, or the ID's
    /// neutral default (1 for multiplicative controls, 0 for additive ones) before any of them begins.
    public func control(_ id: AHAPDynamicParameterID, at time: Double) -> Double {
        tracks[id.trackIndex]?.value(at: time) ?? id.defaultValue
    }
}

@inline(__always)
func clampUnit(_ value: Double) -> Double {
    value.isNaN ? 0 : min(max(value, 0), 1)
}

extension AHAPDynamicParameterID {
    /// A dense index for array-backed lookups, cheaper than hashing on every sample.
    var trackIndex: Int {
        switch self {
        case .hapticIntensityControl: 0
        case .hapticSharpnessControl: 1
        case .hapticAttackTimeControl: 2
        case .hapticDecayTimeControl: 3
        case .hapticReleaseTimeControl: 4
        case .audioVolumeControl: 5
        case .audioPanControl: 6
        case .audioPitchControl: 7
        case .audioBrightnessControl: 8
        case .audioAttackTimeControl: 9
        case .audioDecayTimeControl: 10
        case .audioReleaseTimeControl: 11
        }
    }
}
