public import TemperAHAP

/// A format-neutral haptic pattern: what every reader produces and every writer consumes.
///
/// A timeline holds one or more continuous ``PatternTrack``s (one per motor: a phone's single actuator, or a
/// gamepad's low- and high-frequency motors) and a list of short ``PatternTransient``s (AHAP transients, Android
/// primitives and predefined effects). Levels are *amplitudes*: 0...1, linear in the actuator's drive, as
/// `.haptic`, Android and rumble formats give them. AHAP's perceptual intensity maps to it as
/// `amplitude = intensity²`, the inverse of the `sqrt` both upstream `.haptic` → AHAP converters apply.
///
/// Between two points a value ramps linearly; two points at the same time make a step, which is how the
/// step-wise formats (Android waveforms, rumble, feedbackd) are held without loss.
///
/// What only AHAP expresses (events with their own parameters and envelopes, audio events, `Parameter` items and
/// `ParameterCurve`s) is held as written in ``items``, so a pattern read from AHAP is priced, edited and written
/// back exactly as its file says; see `PatternTimeline+AHAP.swift`.
public struct PatternTimeline: Sendable, Hashable {
    /// The format the timeline was read from; writers use it to say what a conversion loses.
    public var source: PatternFormat
    /// Free-form metadata in file order, e.g. `.haptic`'s `editor` or AHAP's `Project`. A key may repeat
    /// (`.haptic` tags are one `tag` entry each).
    public var metadata: [PatternMetadataEntry]
    public var tracks: [PatternTrack]
    public var transients: [PatternTransient]
    /// Where playback loops back to once the end is reached (Android's repeat index), in seconds; `nil` when the
    /// pattern plays once.
    public var repeatStart: Double?
    /// AHAP's events, dynamic parameters and parameter curves, as written and in file order; empty for the other
    /// formats. They play alongside ``tracks`` and ``transients``.
    public var items: [AHAPItem]
    /// The waveforms AHAP's custom audio events name, keyed by the path as written (`EventWaveformPath`).
    public var waveforms: [String: AHAPWaveform]
    /// AHAP's `Version`, written back as read; `nil` when the file had none or the pattern is not AHAP.
    public var version: Double?

    public init(
        source: PatternFormat,
        metadata: [PatternMetadataEntry] = [],
        tracks: [PatternTrack] = [],
        transients: [PatternTransient] = [],
        repeatStart: Double? = nil,
        items: [AHAPItem] = [],
        waveforms: [String: AHAPWaveform] = [:],
        version: Double? = nil
    ) {
        self.source = source
        self.metadata = metadata
        self.tracks = tracks
        self.transients = transients
        self.repeatStart = repeatStart
        self.items = items
        self.waveforms = waveforms
        self.version = version
    }

    /// When the last track or transient ends, in seconds: a track ends with its amplitude envelope, whatever its
    /// frequency envelope says. AHAP's ``items`` are not counted: how long they play is `AHAPSampler`'s to say
    /// (envelopes, looped waveforms), and the energy model asks it.
    public var duration: Double {
        var end = 0.0
        for track in tracks { end = max(end, track.amplitude.last?.time ?? 0) }
        for transient in transients { end = max(end, transient.time + (transient.duration ?? 0)) }
        return end
    }

    /// A ramp shorter than this plays as a step to its end value: no actuator follows it (an LRA rings up over
    /// 5–10 ms, an ERM spins up over tens), and priced as a ramp, the value sampled in its first microseconds
    /// would set the overdrive of a whole run, differently for a ramp of amplitude and one of intensity. Both
    /// parts of the energy model's lowering (AHAP's events and tracks) and the AHAP writer read it, so a pattern and
    /// its conversion agree.
    public static let shortestRampSeconds = 0.0005

    /// The first metadata value for `key`, if any.
    public func metadataValue(_ key: String) -> String? {
        metadata.first(where: { $0.key == key })?.value
    }
}

public struct PatternMetadataEntry: Sendable, Hashable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// Which motor a track drives.
public enum PatternMotor: String, Sendable, Hashable, CaseIterable {
    /// The one actuator of a phone, watch or controller.
    case main
    /// A gamepad's strong (low-frequency, large mass) motor.
    case lowFrequency
    /// A gamepad's weak (high-frequency, small mass) motor.
    case highFrequency
}

/// How a track's frequency values are expressed.
public enum PatternFrequencyUnit: String, Sendable, Hashable {
    /// 0...1 with no unit: `.haptic` frequency, AHAP sharpness² and Android's basic-envelope sharpness. A device
    /// maps it to Hz across its own range.
    case normalized
    /// Hertz, as Android's waveform envelopes give it.
    case hertz
}

/// One motor's continuous drive over time.
public struct PatternTrack: Sendable, Hashable {
    public var motor: PatternMotor
    /// Amplitude breakpoints, times non-decreasing.
    public var amplitude: [PatternPoint]
    /// Frequency breakpoints in ``frequencyUnit``; empty when the format gives none (the device's default plays).
    /// Points after the amplitude envelope ends change nothing: the track has stopped.
    public var frequency: [PatternFrequencyPoint]
    public var frequencyUnit: PatternFrequencyUnit

    public init(
        motor: PatternMotor = .main,
        amplitude: [PatternPoint],
        frequency: [PatternFrequencyPoint] = [],
        frequencyUnit: PatternFrequencyUnit = .normalized
    ) {
        self.motor = motor
        self.amplitude = amplitude
        self.frequency = frequency
        self.frequencyUnit = frequencyUnit
    }

    /// The amplitude at `time`, linear between breakpoints and 0 outside them: the amplitude envelope sets how
    /// long a track plays (Meta's `.haptic` spec: "the haptic effect duration is always defined by the last
    /// amplitude breakpoint, not the frequency envelope"). With two points at one time, the later one counts from
    /// that time on.
    public func amplitude(at time: Double) -> Double {
        guard let first = amplitude.first, let last = amplitude.last, time >= first.time, time <= last.time else { return 0 }
        return PatternInterpolation.value(at: time, count: amplitude.count, time: { amplitude[$0].time }, value: { amplitude[$0].value })
    }

    /// The frequency at `time` in ``frequencyUnit``, or `nil` when the track has none.
    public func frequency(at time: Double) -> Double? {
        guard !frequency.isEmpty else { return nil }
        return PatternInterpolation.value(at: time, count: frequency.count, time: { frequency[$0].time }, value: { frequency[$0].value })
    }
}

/// An amplitude breakpoint, optionally with an emphasis (a `.haptic` transient riding on it).
public struct PatternPoint: Sendable, Hashable {
    public var time: Double
    public var value: Double
    public var emphasis: PatternEmphasis?

    public init(time: Double, value: Double, emphasis: PatternEmphasis? = nil) {
        self.time = time
        self.value = value
        self.emphasis = emphasis
    }
}

/// A `.haptic` emphasis: a short, sharp hit on top of an amplitude breakpoint, both values 0...1.
public struct PatternEmphasis: Sendable, Hashable {
    public var amplitude: Double
    public var frequency: Double

    public init(amplitude: Double, frequency: Double) {
        self.amplitude = amplitude
        self.frequency = frequency
    }
}

public struct PatternFrequencyPoint: Sendable, Hashable {
    public var time: Double
    public var value: Double

    public init(time: Double, value: Double) {
        self.time = time
        self.value = value
    }
}

/// A short effect at one moment: an AHAP transient, an Android primitive (`click`, `thud`, …) or predefined
/// effect. Its length is the device's to decide unless ``duration`` says.
public struct PatternTransient: Sendable, Hashable {
    public var time: Double
    /// 0...1. For a primitive, its `scale`.
    public var amplitude: Double
    /// 0...1 (normalized, like an emphasis frequency); `nil` when the format gives none.
    public var frequency: Double?
    /// Android primitive or predefined effect name (`click`, `low_tick`, `heavy_click`); `nil` for a plain hit.
    public var effect: String?
    /// A known length in seconds, when the format gives one.
    public var duration: Double?
    public var motor: PatternMotor

    public init(
        time: Double,
        amplitude: Double,
        frequency: Double? = nil,
        effect: String? = nil,
        duration: Double? = nil,
        motor: PatternMotor = .main
    ) {
        self.time = time
        self.amplitude = amplitude
        self.frequency = frequency
        self.effect = effect
        self.duration = duration
        self.motor = motor
    }
}

enum PatternInterpolation {
    static func value(at time: Double, count: Int, time pointTime: (Int) -> Double, value: (Int) -> Double) -> Double {
        guard count > 0 else { return 0 }
        if time <= pointTime(0) { return time < pointTime(0) ? value(0) : value(lastIndex(atOrBefore: time, count: count, pointTime)) }
        let last = count - 1
        if time >= pointTime(last) { return value(last) }
        let index = lastIndex(atOrBefore: time, count: count, pointTime)
        let (t0, t1) = (pointTime(index), pointTime(index + 1))
        guard t1 > t0 else { return value(index + 1) }
        return value(index) + (value(index + 1) - value(index)) * (time - t0) / (t1 - t0)
    }

    /// The last index whose time is at or before `time` (binary search; times are non-decreasing).
    private static func lastIndex(atOrBefore time: Double, count: Int, _ pointTime: (Int) -> Double) -> Int {
        var low = 0
        var high = count
        while high - low > 1 {
            let middle = (low + high) / 2
            if pointTime(middle) <= time { low = middle } else { high = middle }
        }
        return low
    }
}
