/// Effective values of a pattern over time: event values, dynamic parameters, parameter curves
/// (linear between control points) and the attack/decay/release/sustain envelope of continuous events.
public struct AHAPSampler: Sendable {
    public let pattern: AHAPPattern

    public init(pattern: AHAPPattern) {
        self.pattern = pattern
    }

    /// Pattern length in seconds: the latest end over events and parameters.
    public var duration: Double { 0 }

    /// Effective haptic intensity (0...1, envelope included) and sharpness (0...1) of
    /// `pattern.events[eventIndex]` at absolute time `time`; intensity is 0 outside the event.
    public func hapticValues(eventIndex: Int, at time: Double) -> (intensity: Double, sharpness: Double) {
        (0, 0)
    }

    /// Effective audio volume (0...1) of an audio event at absolute time `time`.
    public func audioVolume(eventIndex: Int, at time: Double) -> Double { 0 }

    /// The pattern sampled every `step` seconds, for plots: the strongest haptic intensity and its sharpness.
    public func timeline(step: Double) -> [AHAPSample] { [] }
}

public struct AHAPSample: Sendable, Hashable {
    public var time: Double
    public var intensity: Double
    public var sharpness: Double
    public var audioVolume: Double

    public init(time: Double, intensity: Double, sharpness: Double, audioVolume: Double) {
        self.time = time
        self.intensity = intensity
        self.sharpness = sharpness
        self.audioVolume = audioVolume
    }
}
