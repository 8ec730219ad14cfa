/// `VibrationEffect.createWaveform(timings, amplitudes, repeat)`: each entry holds its amplitude for its
/// timing; amplitude 0 is off, 1...255 on, -1 `DEFAULT_AMPLITUDE`; `repeatIndex` -1 plays once.
public struct AndroidWaveform: Sendable, Hashable {
    public static let defaultAmplitude = -1
    public var timings: [Int]
    public var amplitudes: [Int]
    public var repeatIndex: Int

    public init(timings: [Int], amplitudes: [Int], repeatIndex: Int = -1) {
        self.timings = timings
        self.amplitudes = amplitudes
        self.repeatIndex = repeatIndex
    }

    /// The step-wise track this waveform plays; `DEFAULT_AMPLITUDE` plays as full amplitude (the usual device
    /// default).
    public var timeline: PatternTimeline {
        var points: [PatternPoint] = []
        // Whole milliseconds are summed before dividing, so times carry no accumulated rounding.
        var elapsedMs = 0
        var repeatStart: Double?
        for (index, (timing, amplitude)) in zip(timings, amplitudes).enumerated() {
            if index == repeatIndex { repeatStart = Double(elapsedMs) / 1000 }
            let level = amplitude == Self.defaultAmplitude ? 1 : Double(amplitude) / 255
            points.append(PatternPoint(time: Double(elapsedMs) / 1000, value: level))
            elapsedMs += timing
            points.append(PatternPoint(time: Double(elapsedMs) / 1000, value: level))
        }
        return PatternTimeline(
            source: .androidWaveform,
            tracks: points.isEmpty ? [] : [PatternTrack(amplitude: points)],
            repeatStart: repeatStart
        )
    }

    /// Our JSON shape: `{"timings": [ms…], "amplitudes": [0…255 | -1], "repeat": -1}`.
    public var json: String {
        "{\n  \"timings\": [\(timings.map(String.init).joined(separator: ", "))],\n"
            + "  \"amplitudes\": [\(amplitudes.map(String.init).joined(separator: ", "))],\n"
            + "  \"repeat\": \(repeatIndex)\n}\n"
    }
}

/// The eight `VibrationEffect.Composition` primitives, with the length each plays on a typical LRA when the
/// device does not say (`Vibrator.getPrimitiveDurations` differs by device; these are our assumption, in the
/// range AOSP's reference HAL reports).
public enum AndroidPrimitive: String, Sendable, Hashable, CaseIterable, Codable, CodingKeyRepresentable {
    case lowTick = "low_tick"
    case tick, click
    case slowRise = "slow_rise"
    case quickRise = "quick_rise"
    case quickFall = "quick_fall"
    case spin, thud

    public var typicalSeconds: Double {
        switch self {
        case .lowTick, .tick: 0.010
        case .click: 0.012
        case .quickFall: 0.080
        case .thud: 0.100
        case .spin: 0.150
        case .quickRise: 0.150
        case .slowRise: 0.400
        }
    }

    /// A sharpness-like 0...1 pitch for the primitive, so a target with frequency control keeps the character.
    var frequency: Double {
        switch self {
        case .lowTick, .thud: 0.2
        case .tick, .click: 0.8
        default: 0.5
        }
    }
}

/// One `Composition.addPrimitive(primitive, scale, delay)`.
public struct AndroidCompositionEntry: Sendable, Hashable {
    public var primitive: AndroidPrimitive
    public var scale: Double
    public var delayMs: Int

    public init(primitive: AndroidPrimitive, scale: Double = 1, delayMs: Int = 0) {
        self.primitive = primitive
        self.scale = scale
        self.delayMs = delayMs
    }

    /// The transients a composition plays: each primitive starts `delayMs` after the previous one ends.
    public static func timeline(_ entries: [AndroidCompositionEntry], source: PatternFormat = .androidComposition) -> PatternTimeline {
        var time = 0.0
        var transients: [PatternTransient] = []
        for entry in entries {
            time += Double(entry.delayMs) / 1000
            transients.append(
                PatternTransient(
                    time: time,
                    amplitude: entry.scale,
                    frequency: entry.primitive.frequency,
                    effect: entry.primitive.rawValue,
                    duration: entry.primitive.typicalSeconds
                )
            )
            time += entry.primitive.typicalSeconds
        }
        return PatternTimeline(source: source, transients: transients)
    }
}

/// `VibrationEffect.get(EFFECT_…)` predefined effects, as transients, as the Pixel vibrator HAL plays them at
/// strength STRONG (AOSP hardware/google/pixel vibrator/cs40l26 Vibrator.cpp, getSimpleDetails and
/// getCompoundDetails): TICK is the click waveform at 0.5 of its voltage, CLICK at 0.7, HEAVY_CLICK at 1,
/// TEXTURE_TICK the light-tick waveform at 0.5, DOUBLE_CLICK a click, 100 ms of silence, then a heavy click. A
/// transient's amplitude is power-like, the square of that voltage. THUD and POP, which that HAL does not play,
/// keep our own figures.
public enum AndroidPredefinedEffect: String, Sendable, Hashable, CaseIterable {
    case tick, click
    case heavyClick = "heavy_click"
    case doubleClick = "double_click"
    /// Only with hidden APIs (`vibration-plus-hidden-apis.xsd`).
    case textureTick = "texture_tick"
    case thud, pop

    public var isHidden: Bool { self == .textureTick || self == .thud || self == .pop }

    /// The tag its transients carry (``PatternTransient/effect``): `predefined:` and its name, apart from the
    /// composition primitives' tags, since TICK, CLICK and THUD share a name with a primitive that plays another
    /// waveform (a predefined TICK is the click waveform at half its voltage, the primitive a 5 ms light tick).
    public var transientTag: String { Self.tagPrefix + rawValue }

    private static let tagPrefix = "predefined:"

    /// The effect a transient's tag names; `nil` for any other tag.
    public init?(transientTag: String) {
        guard transientTag.hasPrefix(Self.tagPrefix) else { return nil }
        self.init(rawValue: String(transientTag.dropFirst(Self.tagPrefix.count)))
    }

    public var transients: [PatternTransient] {
        switch self {
        case .tick: [PatternTransient(time: 0, amplitude: 0.25, frequency: 0.8, effect: transientTag, duration: 0.012)]
        case .textureTick: [PatternTransient(time: 0, amplitude: 0.25, frequency: 0.8, effect: transientTag, duration: 0.005)]
        case .click: [PatternTransient(time: 0, amplitude: 0.49, frequency: 0.8, effect: transientTag, duration: 0.012)]
        case .heavyClick: [PatternTransient(time: 0, amplitude: 1, frequency: 0.8, effect: transientTag, duration: 0.012)]
        case .pop: [PatternTransient(time: 0, amplitude: 0.8, frequency: 0.8, effect: transientTag, duration: 0.012)]
        case .thud: [PatternTransient(time: 0, amplitude: 1, frequency: 0.3, effect: transientTag, duration: 0.020)]
        case .doubleClick:
            [
                PatternTransient(time: 0, amplitude: 0.49, frequency: 0.8, effect: transientTag, duration: 0.012),
                PatternTransient(time: 0.112, amplitude: 1, frequency: 0.8, effect: transientTag, duration: 0.012),
            ]
        }
    }
}
