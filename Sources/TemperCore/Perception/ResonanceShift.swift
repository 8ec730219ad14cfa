/// Moving a haptic pattern's drive frequency toward the actuator's resonance, where the same felt strength costs
/// less (an LRA off resonance needs more drive for the same acceleration), by no more than the frequency JND
/// (``VibrotactilePerception/frequencyJNDFraction``) so nobody hears or feels the pitch move.
///
/// Sharpness 0…1 maps linearly onto the device's `sharpnessLowHertz…sharpnessHighHertz`, as
/// ``HapticActuatorFigures/driveHertz(sharpness:)`` reads it; a frequency in hertz (an Android envelope) moves directly.
public struct ResonanceShift: Sendable, Hashable {
    public var lowHertz: Double
    public var highHertz: Double
    public var resonanceHertz: Double
    /// The most a frequency may move, as a fraction of itself.
    public var fraction: Double

    public init(lowHertz: Double, highHertz: Double, resonanceHertz: Double, fraction: Double) {
        self.lowHertz = lowHertz
        self.highHertz = highHertz
        self.resonanceHertz = resonanceHertz
        self.fraction = fraction
    }

    /// `hertz` moved toward resonance by at most ``fraction`` of itself (to resonance when it is that close).
    public func hertz(_ hertz: Double) -> Double {
        guard hertz.isFinite, hertz > 0, resonanceHertz.isFinite, resonanceHertz > 0 else { return hertz }
        let step = hertz * fraction
        if abs(resonanceHertz - hertz) <= step { return resonanceHertz }
        return hertz < resonanceHertz ? hertz + step : hertz - step
    }

    /// A sharpness whose frequency is moved by ``hertz(_:)``, kept within 0…1.
    public func sharpness(_ sharpness: Double) -> Double {
        let span = highHertz - lowHertz
        guard sharpness.isFinite, span > 0, span.isFinite else { return sharpness }
        let clamped = min(max(sharpness, 0), 1)
        let moved = hertz(lowHertz + clamped * span)
        return min(max((moved - lowHertz) / span, 0), 1)
    }
}

extension EnergyEstimator {
    /// The shift toward resonance on this device, or `nil` for an actuator that does not play the frequency asked
    /// (an ERM, a rumble motor: moving the frequency saves nothing there).
    public func resonanceShift(fraction: Double) -> ResonanceShift? {
        let haptics = profile.haptics
        guard haptics.actuatorClass.hasFrequencyControl, haptics.resonanceHertz > 0 else { return nil }
        return ResonanceShift(
            lowHertz: haptics.sharpnessLowHertz,
            highHertz: haptics.sharpnessHighHertz,
            resonanceHertz: haptics.resonanceHertz,
            fraction: fraction
        )
    }
}
