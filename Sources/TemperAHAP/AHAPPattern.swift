/// A haptic and audio pattern in Apple's AHAP model, after lenient reading.
///
/// The model keeps the items in file order, so reading, writing and reading again is the identity.
public struct AHAPPattern: Sendable, Hashable {
    /// The `Version` key; `nil` when the file had none.
    public var version: Double?
    /// The `Metadata` dictionary (not an Apple key, but most real files carry it), in file order.
    public var metadata: [AHAPMetadataEntry]
    /// The `Pattern` array, in file order.
    public var items: [AHAPItem]

    public init(version: Double? = 1.0, metadata: [AHAPMetadataEntry] = [], items: [AHAPItem] = []) {
        self.version = version
        self.metadata = metadata
        self.items = items
    }

    /// The events, in file order, with their index into ``items``.
    public var events: [AHAPEvent] {
        items.compactMap { if case .event(let event) = $0 { event } else { nil } }
    }

    public var dynamicParameters: [AHAPDynamicParameter] {
        items.compactMap { if case .parameter(let parameter) = $0 { parameter } else { nil } }
    }

    public var parameterCurves: [AHAPParameterCurve] {
        items.compactMap { if case .curve(let curve) = $0 { curve } else { nil } }
    }
}

/// One `Metadata` entry. Values that are not strings are kept as their JSON text.
public struct AHAPMetadataEntry: Sendable, Hashable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// One element of the `Pattern` array.
public enum AHAPItem: Sendable, Hashable {
    case event(AHAPEvent)
    case parameter(AHAPDynamicParameter)
    case curve(AHAPParameterCurve)
}

/// The four event types Core Haptics knows.
public enum AHAPEventType: String, Sendable, Hashable, CaseIterable, Codable {
    case hapticTransient = "HapticTransient"
    case hapticContinuous = "HapticContinuous"
    case audioContinuous = "AudioContinuous"
    case audioCustom = "AudioCustom"

    public var isHaptic: Bool { self == .hapticTransient || self == .hapticContinuous }
    public var isAudio: Bool { !isHaptic }
    /// Whether the event needs an `EventDuration`.
    public var isContinuous: Bool { self == .hapticContinuous || self == .audioContinuous }
}

/// An `Event` pattern item.
public struct AHAPEvent: Sendable, Hashable {
    public var type: AHAPEventType
    /// Start time in seconds from the pattern start.
    public var time: Double
    /// `EventDuration` in seconds; `nil` when absent (transients and custom audio).
    public var duration: Double?
    public var parameters: [AHAPEventParameter]
    public var waveformPath: String?
    public var waveformUseVolumeEnvelope: Bool?
    public var waveformLoopEnabled: Bool?

    public init(
        type: AHAPEventType,
        time: Double,
        duration: Double? = nil,
        parameters: [AHAPEventParameter] = [],
        waveformPath: String? = nil,
        waveformUseVolumeEnvelope: Bool? = nil,
        waveformLoopEnabled: Bool? = nil
    ) {
        self.type = type
        self.time = time
        self.duration = duration
        self.parameters = parameters
        self.waveformPath = waveformPath
        self.waveformUseVolumeEnvelope = waveformUseVolumeEnvelope
        self.waveformLoopEnabled = waveformLoopEnabled
    }

    /// The value of an event parameter as written, or its default when absent.
    public func value(of id: AHAPEventParameterID) -> Double {
        parameters.last(where: { $0.id == id })?.value ?? id.defaultValue
    }
}

/// The ten event parameter IDs, with Apple's ranges and defaults (see the corpus SCHEMA.md).
public enum AHAPEventParameterID: String, Sendable, Hashable, CaseIterable, Codable {
    case hapticIntensity = "HapticIntensity"
    case hapticSharpness = "HapticSharpness"
    case attackTime = "AttackTime"
    case decayTime = "DecayTime"
    case releaseTime = "ReleaseTime"
    case sustained = "Sustained"
    case audioVolume = "AudioVolume"
    case audioPitch = "AudioPitch"
    case audioPan = "AudioPan"
    case audioBrightness = "AudioBrightness"

    public var range: ClosedRange<Double> {
        switch self {
        case .audioPitch, .audioPan: -1...1
        default: 0...1
        }
    }

    /// Apple's header default; intensity, sharpness and volume have no stated default and take 0.5, 0.5 and 1.0
    /// (the values Core Haptics plays when they are left out).
    public var defaultValue: Double {
        switch self {
        case .hapticIntensity: 0.5
        case .hapticSharpness: 0.5
        case .attackTime, .decayTime, .releaseTime: 0
        case .sustained: 1
        case .audioVolume: 1
        case .audioPitch, .audioPan: 0
        case .audioBrightness: 1
        }
    }
}

public struct AHAPEventParameter: Sendable, Hashable {
    public var id: AHAPEventParameterID
    public var value: Double

    public init(id: AHAPEventParameterID, value: Double) {
        self.id = id
        self.value = value
    }
}

/// The twelve dynamic parameter IDs, used by `Parameter` items and `ParameterCurve`s.
public enum AHAPDynamicParameterID: String, Sendable, Hashable, CaseIterable, Codable {
    case hapticIntensityControl = "HapticIntensityControl"
    case hapticSharpnessControl = "HapticSharpnessControl"
    case hapticAttackTimeControl = "HapticAttackTimeControl"
    case hapticDecayTimeControl = "HapticDecayTimeControl"
    case hapticReleaseTimeControl = "HapticReleaseTimeControl"
    case audioVolumeControl = "AudioVolumeControl"
    case audioPanControl = "AudioPanControl"
    case audioPitchControl = "AudioPitchControl"
    case audioBrightnessControl = "AudioBrightnessControl"
    case audioAttackTimeControl = "AudioAttackTimeControl"
    case audioDecayTimeControl = "AudioDecayTimeControl"
    case audioReleaseTimeControl = "AudioReleaseTimeControl"

    /// Intensity and volume controls multiply the event value; the others add to it.
    public var isMultiplicative: Bool {
        self == .hapticIntensityControl || self == .audioVolumeControl
    }

    public var range: ClosedRange<Double> { isMultiplicative ? 0...1 : -1...1 }
    public var defaultValue: Double { isMultiplicative ? 1 : 0 }
}

/// A `Parameter` pattern item: a dynamic parameter that takes effect at `time`.
public struct AHAPDynamicParameter: Sendable, Hashable {
    public var id: AHAPDynamicParameterID
    public var value: Double
    public var time: Double

    public init(id: AHAPDynamicParameterID, value: Double, time: Double) {
        self.id = id
        self.value = value
        self.time = time
    }
}

/// A `ParameterCurve` pattern item: a dynamic parameter interpolated linearly between control points.
public struct AHAPParameterCurve: Sendable, Hashable {
    public var id: AHAPDynamicParameterID
    /// Start time in seconds; control point times are relative to it.
    public var time: Double
    public var controlPoints: [AHAPControlPoint]

    public init(id: AHAPDynamicParameterID, time: Double, controlPoints: [AHAPControlPoint]) {
        self.id = id
        self.time = time
        self.controlPoints = controlPoints
    }
}

public struct AHAPControlPoint: Sendable, Hashable {
    public var time: Double
    public var value: Double

    public init(time: Double, value: Double) {
        self.time = time
        self.value = value
    }
}
