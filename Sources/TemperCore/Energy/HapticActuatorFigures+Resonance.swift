import Glibc

extension HapticActuatorFigures {
    /// How long after the drive stops the actuator can still change what the next drive costs: its braking, then
    /// the driver's way through a silence (``HapticDriverFigures/longestSilenceChargedSeconds``).
    var tailSeconds: Double { fallSeconds + driver.longestSilenceChargedSeconds }

    /// The drive frequency a sharpness asks for: sharpness 0...1 maps linearly onto
    /// ``sharpnessLowHertz``...``sharpnessHighHertz``, as Android maps sharpness onto a device's supported range.
    public func driveHertz(sharpness: Double) -> Double {
        let clamped = sharpness.isFinite ? min(max(sharpness, 0), 1) : 0.5
        return sharpnessLowHertz + clamped * (sharpnessHighHertz - sharpnessLowHertz)
    }

    /// The sharpness whose drive frequency is `hertz`: ``driveHertz(sharpness:)`` inverted, within 0…1.
    public func sharpness(hertz: Double) -> Double {
        let span = sharpnessHighHertz - sharpnessLowHertz
        guard span > 0, span.isFinite, hertz.isFinite else { return 0.5 }
        return min(max((hertz - sharpnessLowHertz) / span, 0), 1)
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

    /// The drive voltage the actuator needs at `hertz`, as a multiple of its drive at resonance, for the same
    /// acceleration: (f0/f) · √((1 + r)² + Q²δ²) / (1 + r). It follows from the same resonator as
    /// ``offResonanceFactor(hertz:)`` (a coil in series with a motional branch r times its resistance).
    public func driveRatio(hertz: Double) -> Double {
        guard hertz > 0, resonanceHertz > 0 else { return 1 }
        let ratio = resonanceHertz / hertz
        let detuning = hertz / resonanceHertz - ratio
        let q = qualityFactor
        let r = lossRatio
        return ratio * ((1 + r) * (1 + r) + q * q * detuning * detuning).squareRoot() / (1 + r)
    }

    /// The most supply power one actuator can draw at `hertz` per watt of full-scale power at resonance: the
    /// off-resonance factor at the drive where the driver runs out of headroom.
    public func limitFactor(hertz: Double) -> Double {
        let ratio = driveRatio(hertz: hertz)
        let headroom = driver.driveHeadroom
        return offResonanceFactor(hertz: hertz) * (headroom * headroom) / (ratio * ratio)
    }

    /// The most supply power the haptics can draw at any instant: every actuator at its limit anywhere in the
    /// sharpness range, plus the driver waking up and driving. No estimate's haptic power exceeds this.
    public var supplyLimitMilliwatts: Double {
        // limitFactor is smooth in f with at most one interior maximum; a fine scan of the range is exact enough
        // and the largest of click and continuous power per second bounds both kinds of event.
        let steps = 400
        var factor = 0.0
        for step in 0...steps {
            let hertz = sharpnessLowHertz + (sharpnessHighHertz - sharpnessLowHertz) * Double(step) / Double(steps)
            factor = max(factor, limitFactor(hertz: hertz))
        }
        factor = max(factor, limitFactor(hertz: resonanceHertz))
        let perActuator = max(continuousMilliwatts, clickEnergyMillijoules / max(clickSeconds, 1e-6)) * factor
        return Double(actuatorCount) * perActuator * 1.000_001 + 2 * driver.activeMilliwatts
    }

    /// Supply power of one piece of haptic drive at the frequency `sharpness` maps to (see
    /// ``drive(intensity:hertz:fullScaleMilliwatts:actuators:)``).
    func drive(intensity: Double, sharpness: Double, fullScaleMilliwatts: Double) -> HapticDrive {
        drive(intensity: intensity, hertz: driveHertz(sharpness: sharpness), fullScaleMilliwatts: fullScaleMilliwatts)
    }

    /// Supply power of one piece of haptic drive, for `actuators` (every actuator when `nil`): `fullScaleMilliwatts`
    /// × off-resonance factor at `hertz` × (intensity · ``fullIntensityAcceleration(hertz:)``)^γ. Intensity is
    /// read against what the actuator plays at that frequency, so a request never asks beyond the driver's headroom;
    /// the headroom check stays as the bound every drive obeys. An actuator without frequency control plays at
    /// resonance whatever it is asked; an on/off one plays any intensity above 0 at full scale. On the per-sample
    /// path, so each factor is computed once.
    func drive(intensity: Double, hertz requested: Double, fullScaleMilliwatts: Double, actuators: Int? = nil) -> HapticDrive {
        let hertz = actuatorClass.hasFrequencyControl ? requested : resonanceHertz
        let factor = offResonanceFactor(hertz: hertz)
        let ratio = driveRatio(hertz: hertz)
        let headroom = driver.driveHeadroom
        let reach = fullIntensityAcceleration(hertz: hertz, driveRatio: ratio)
        let strength = (actuatorClass.hasAmplitudeControl ? scaled(intensity) : (scaled(intensity) > 0 ? 1 : 0)) * reach * reach
        let needed = strength.squareRoot() * ratio
        let played = needed > headroom * (1 + 1e-12) && needed > 0 ? headroom / needed : 1
        let full = Double(actuators ?? actuatorCount) * fullScaleMilliwatts * factor
        return HapticDrive(
            milliwatts: full * strength * played * played,
            playedFraction: played,
            limitMilliwatts: full * headroom * headroom / (ratio * ratio),
            acceleration: strength.squareRoot() * played,
            hertz: hertz
        )
    }

    /// intensity^γ, with intensity clamped to 0...1.
    func scaled(_ intensity: Double) -> Double {
        guard intensity.isFinite, intensity > 0 else { return 0 }
        if intensity >= 1 { return 1 }
        // γ = 2 in every shipped profile; squaring is exact and far cheaper than pow on the per-sample path.
        return intensityExponent == 2 ? intensity * intensity : Glibc.pow(intensity, intensityExponent)
    }
}

/// One piece of haptic drive: what it draws, how much of its requested strength plays, and the most the driver
/// could draw at its frequency.
struct HapticDrive: Sendable, Hashable {
    var milliwatts: Double
    var playedFraction: Double
    var limitMilliwatts: Double
    /// The acceleration it plays, as a multiple of full scale at resonance: what the skin feels (Perception/).
    var acceleration: Double = 0
    /// The frequency it plays at (the resonance on an actuator without frequency control).
    var hertz: Double = 0
}

extension AudioFigures {
    /// A sound's own supply power at `volume`, in mW, on top of the path's: the amplifier from idle towards full
    /// scale with volume squared, and the spatial renderer's extra while it renders the sound in 3D.
    public func soundMilliwatts(volume: Double, spatial: Bool) -> Double {
        let clamped = volume.isFinite ? min(max(volume, 0), 1) : 0
        let renderer = spatial ? pathMilliwatts * spatialExtraFraction : 0
        return renderer + (amplifierFullScaleMilliwatts - amplifierIdleMilliwatts) * clamped * clamped
    }

    /// Supply power while a sound plays at `volume` on a path it opened, in mW: the whole path (which includes the
    /// amplifier's idle draw) plus the sound's own part.
    public func playingMilliwatts(volume: Double, spatial: Bool) -> Double {
        pathMilliwatts + soundMilliwatts(volume: volume, spatial: spatial)
    }

    /// The most supply power the audio path can draw at any instant: playing at full volume, spatially (it idles
    /// only when nothing plays).
    public var supplyLimitMilliwatts: Double {
        playingMilliwatts(volume: 1, spatial: true)
    }
}

extension DeviceProfile {
    /// The most supply power any pattern can draw on this device: the haptics at their driver's limit and the
    /// audio path at full volume. No estimate's peak exceeds it.
    public var supplyLimitMilliwatts: Double {
        haptics.supplyLimitMilliwatts + audio.supplyLimitMilliwatts
    }
}
