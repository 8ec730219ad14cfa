import Foundation

extension HapticActuatorFigures {
    /// The drive frequency a sharpness asks for: sharpness 0...1 maps linearly onto
    /// ``sharpnessLowHertz``...``sharpnessHighHertz``, as Android maps sharpness onto a device's supported range.
    public func driveHertz(sharpness: Double) -> Double {
        let clamped = sharpness.isFinite ? min(max(sharpness, 0), 1) : 0.5
        return sharpnessLowHertz + clamped * (sharpnessHighHertz - sharpnessLowHertz)
    }

    /// How many times the power at resonance the actuator needs for the same acceleration at `hertz`:
    /// P(f)/P(f0) = (f0/f)² · (1 + Q²δ² + r)/(1 + r), with δ = f/f0 − f0/f (a second-order resonator).
    /// Exactly 1 at f0.
    public func offResonanceFactor(hertz: Double) -> Double {
        guard hertz > 0, resonanceHertz > 0 else { return 1 }
        let ratio = resonanceHertz / hertz
        let detuning = hertz / resonanceHertz - ratio
        let q = qualityFactor
        return ratio * ratio * (1 + q * q * detuning * detuning + lossRatio) / (1 + lossRatio)
    }

    /// ``offResonanceFactor(hertz:)`` at the frequency `sharpness` maps to.
    public func offResonanceFactor(sharpness: Double) -> Double {
        offResonanceFactor(hertz: driveHertz(sharpness: sharpness))
    }

    /// Supply energy of one transient, in mJ: click energy × intensity^γ × off-resonance factor, for every actuator.
    public func transientMillijoules(intensity: Double, sharpness: Double) -> Double {
        Double(actuatorCount) * clickEnergyMillijoules * scaled(intensity) * offResonanceFactor(sharpness: sharpness)
    }

    /// Supply power of a continuous vibration, in mW: full-scale power × intensity^γ × off-resonance factor,
    /// for every actuator.
    public func continuousMilliwatts(intensity: Double, sharpness: Double) -> Double {
        Double(actuatorCount) * continuousMilliwatts * scaled(intensity) * offResonanceFactor(sharpness: sharpness)
    }

    /// intensity^γ, with intensity clamped to 0...1.
    func scaled(_ intensity: Double) -> Double {
        guard intensity.isFinite, intensity > 0 else { return 0 }
        if intensity >= 1 { return 1 }
        // γ = 2 in every shipped profile; squaring is exact and far cheaper than pow on the per-sample path.
        return intensityExponent == 2 ? intensity * intensity : Foundation.pow(intensity, intensityExponent)
    }
}

extension AudioFigures {
    /// Supply power while a sound plays at `volume`, in mW: the path (raised by the spatial extra when rendered
    /// in 3D) plus the amplifier, which grows from idle to full scale with volume squared.
    public func playingMilliwatts(volume: Double, spatial: Bool) -> Double {
        let clamped = volume.isFinite ? min(max(volume, 0), 1) : 0
        let path = pathMilliwatts * (spatial ? 1 + spatialExtraFraction : 1)
        return path + amplifierIdleMilliwatts + (amplifierFullScaleMilliwatts - amplifierIdleMilliwatts) * clamped * clamped
    }
}
