/// Moving a haptic pattern's drive frequency toward the actuator's resonance, where the same felt strength costs
/// less (an LRA off resonance needs more drive for the same acceleration), by no more than a fraction of itself
/// (``PerceptualTrim/pitchFraction``: half the smallest frequency JND unless the caller allows a pitch change).
///
/// A sharpness maps to hertz and back through the actuator's own ``HapticActuatorFigures/driveHertz(sharpness:)``;
/// a frequency in hertz (an Android envelope) moves directly.
public struct ResonanceShift: Sendable, Hashable {
    /// The actuator whose resonance and sharpness range the shift uses.
    public var actuator: HapticActuatorFigures
    /// The most a frequency may move, as a fraction of itself.
    public var fraction: Double

    /// `nil` for an actuator that does not play the frequency asked (an ERM, a rumble motor: moving it saves
    /// nothing) or has no resonance.
    public init?(actuator: HapticActuatorFigures, fraction: Double) {
        guard actuator.actuatorClass.hasFrequencyControl, actuator.resonanceHertz > 0, actuator.resonanceHertz.isFinite else {
            return nil
        }
        self.actuator = actuator
        self.fraction = fraction
    }

    /// `hertz` moved toward resonance by at most ``fraction`` of itself (to resonance when it is that close).
    public func hertz(_ hertz: Double) -> Double {
        guard hertz.isFinite, hertz > 0 else { return hertz }
        let resonance = actuator.resonanceHertz
        let step = hertz * fraction
        if abs(resonance - hertz) <= step { return resonance }
        return hertz < resonance ? hertz + step : hertz - step
    }

    /// A sharpness whose frequency is moved by ``hertz(_:)``.
    public func sharpness(_ sharpness: Double) -> Double {
        guard sharpness.isFinite else { return sharpness }
        return actuator.sharpness(hertz: hertz(actuator.driveHertz(sharpness: sharpness)))
    }
}

extension EnergyEstimator {
    /// The shift toward resonance on this device, or `nil` where moving the frequency saves nothing.
    public func resonanceShift(fraction: Double) -> ResonanceShift? {
        ResonanceShift(actuator: profile.haptics, fraction: fraction)
    }
}
