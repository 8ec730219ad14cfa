import Glibc

/// The smallest vibration a hand can feel, by frequency: the curve Android's framework uses to turn a basic
/// envelope's intensity into drive (`BasicToPwleSegmentAdapter`, AOSP frameworks/base, API 36), in dB of
/// acceleration re 1 g. Android takes a device's usable (sharpness) range as where it can play at least 10 dB above
/// this curve, and reads intensity as a sensation level: decibels above it.
public enum VibrotactileThreshold: Sendable {
    /// (Hz, dB re 1 g), ascending in frequency.
    public static let points: [(hertz: Double, decibels: Double)] = [
        (10, -48.90), (15, -44.35), (20, -40.36), (25, -37.48), (30, -34.31), (35, -33.13), (40, -32.81),
        (50, -31.94), (60, -31.77), (70, -31.59), (80, -31.77), (90, -31.73), (100, -31.90), (103.68, -31.77),
        (124.42, -31.70), (149.3, -31.38), (150, -31.35), (179.16, -31.02), (200, -30.86), (215, -30.35),
        (250, -28.98), (300, -26.81), (400, -19.81),
    ]

    /// Android's smallest usable sensation level: a device's sharpness range is where it plays at least this far
    /// above the threshold (`MIN_REQUIRED_SENSITIVITY_DB_SL`).
    public static let usableSensationDecibels = 10.0

    /// The threshold at `hertz`, linear between the curve's points and held beyond its ends, as Android reads it.
    public static func decibels(hertz: Double) -> Double {
        guard let first = points.first, let last = points.last else { return 0 }
        if !(hertz > first.hertz) { return first.decibels }
        if hertz >= last.hertz { return last.decibels }
        let upper = points.firstIndex { $0.hertz >= hertz } ?? points.count - 1
        let (low, high) = (points[upper - 1], points[upper])
        return low.decibels + (high.decibels - low.decibels) * (hertz - low.hertz) / (high.hertz - low.hertz)
    }

    /// The acceleration at `hertz` that feels as strong as `reference` at `referenceHertz`: the same number of dB
    /// above the threshold, as a multiple of `reference`.
    public static func equalSensation(hertz: Double, referenceHertz: Double) -> Double {
        Glibc.pow(10, (decibels(hertz: hertz) - decibels(hertz: referenceHertz)) / 20)
    }
}

extension HapticActuatorFigures {
    /// The acceleration intensity 1 asks for at `hertz`, as a multiple of full scale at resonance: full scale at
    /// resonance carried to `hertz` at equal sensation (``VibrotactileThreshold``), or the strongest the actuator
    /// plays there within its driver's headroom when that is less. Intensity then scales the amplitude linearly
    /// (Core Haptics), so intensity 1 plays at every frequency and power still grows with intensity^γ.
    public func fullIntensityAcceleration(hertz: Double) -> Double {
        fullIntensityAcceleration(hertz: hertz, driveRatio: driveRatio(hertz: hertz))
    }

    /// ``fullIntensityAcceleration(hertz:)`` with the drive ratio at `hertz` already known (the per-sample path).
    func fullIntensityAcceleration(hertz: Double, driveRatio ratio: Double) -> Double {
        guard hertz > 0, resonanceHertz > 0, ratio > 0 else { return 1 }
        let equal = VibrotactileThreshold.equalSensation(hertz: hertz, referenceHertz: resonanceHertz)
        return min(equal, driver.driveHeadroom / ratio)
    }

    /// How far above the threshold of feeling the actuator can play at `hertz`, in dB, when full scale at
    /// resonance is `fullScaleGs` of acceleration: its strongest output there (the driver's headroom over the
    /// drive the frequency needs) against ``VibrotactileThreshold``.
    public func strongestSensationDecibels(hertz: Double, fullScaleGs: Double) -> Double {
        let strongest = fullScaleGs * driver.driveHeadroom / driveRatio(hertz: hertz)
        return 20 * Glibc.log10(strongest) - VibrotactileThreshold.decibels(hertz: hertz)
    }
}
