/// The haptic driver IC: how hard it can drive the actuator, and what it draws in each of its power states.
///
/// Drive levels are rms voltages at the actuator. The actuator plays full scale at resonance at
/// ``fullScaleDriveVolts``; the driver can go above that only up to the lowest of the actuator's rating, its own
/// output swing and the platform's off-resonance drive cap. Past that a pattern clips: it plays weaker, and costs no
/// more.
///
/// After an effect the driver steps down: it stays awake (``idleMilliwatts``) for ``activeTimeoutSeconds``, then
/// waits in standby until the host's runtime autosuspend lets it go (``autosuspendSeconds``) and its own standby
/// timeout passes (``standbyTimeoutSeconds``), then it is off. Waking it from off takes ``wakeUpSeconds`` at its
/// active draw.
public struct HapticDriverFigures: Sendable, Hashable, Codable {
    /// Rms drive at which the actuator plays full scale at resonance.
    public var fullScaleDriveVolts: Double
    /// The actuator's rated (largest continuous) rms drive.
    public var ratedDriveVolts: Double
    /// The largest rms output the driver can swing from its supply or boost.
    public var outputLimitVolts: Double
    /// The largest drive the platform allows off resonance, as a multiple of the full-scale drive at resonance.
    public var offResonanceDriveCap: Double
    /// Driver IC own draw while it drives the actuator (and while it wakes up), on top of the actuator's.
    public var activeMilliwatts: Double
    /// Driver IC draw while awake and silent, until ``activeTimeoutSeconds`` pass.
    public var idleMilliwatts: Double
    /// Driver IC draw in standby.
    public var standbyMilliwatts: Double
    /// Driver IC draw when off (shut down or hibernating).
    public var offMilliwatts: Double
    /// Time from off to ready to play.
    public var wakeUpSeconds: Double
    /// How long the driver stays awake after the last effect before it drops to standby.
    public var activeTimeoutSeconds: Double
    /// How long the driver waits in standby, once allowed to, before it turns off.
    public var standbyTimeoutSeconds: Double
    /// How long after the last effect the host's runtime power management lets the driver turn off.
    public var autosuspendSeconds: Double

    public init(
        fullScaleDriveVolts: Double,
        ratedDriveVolts: Double,
        outputLimitVolts: Double,
        offResonanceDriveCap: Double,
        activeMilliwatts: Double,
        idleMilliwatts: Double,
        standbyMilliwatts: Double,
        offMilliwatts: Double,
        wakeUpSeconds: Double,
        activeTimeoutSeconds: Double,
        standbyTimeoutSeconds: Double,
        autosuspendSeconds: Double
    ) {
        self.fullScaleDriveVolts = fullScaleDriveVolts
        self.ratedDriveVolts = ratedDriveVolts
        self.outputLimitVolts = outputLimitVolts
        self.offResonanceDriveCap = offResonanceDriveCap
        self.activeMilliwatts = activeMilliwatts
        self.idleMilliwatts = idleMilliwatts
        self.standbyMilliwatts = standbyMilliwatts
        self.offMilliwatts = offMilliwatts
        self.wakeUpSeconds = wakeUpSeconds
        self.activeTimeoutSeconds = activeTimeoutSeconds
        self.standbyTimeoutSeconds = standbyTimeoutSeconds
        self.autosuspendSeconds = autosuspendSeconds
    }

    /// The largest drive as a multiple of the full-scale drive at resonance: the lowest of the actuator's rating,
    /// the driver's swing and the off-resonance cap.
    public var driveHeadroom: Double {
        guard fullScaleDriveVolts > 0 else { return 1 }
        return min(ratedDriveVolts, outputLimitVolts, offResonanceDriveCap * fullScaleDriveVolts) / fullScaleDriveVolts
    }

    /// Seconds after the last effect at which the driver is off: awake, then standby until both the autosuspend
    /// delay and the standby timeout have run.
    public var offAfterSeconds: Double {
        max(activeTimeoutSeconds, autosuspendSeconds) + standbyTimeoutSeconds
    }

    /// What waking the driver from off costs: ``wakeUpSeconds`` at its active draw.
    var wakeUpMillijoules: Double { activeMilliwatts * wakeUpSeconds }

    /// What a silence of `seconds` between two effects costs the driver: the cheaper of staying awake and then in
    /// standby through it, and (once it is long enough to reach off) stepping down to off and waking again.
    /// Charging the cheaper way makes the cost concave in the silence, never rising faster than the driver draws
    /// while active: so an effect inserted in a silence (splitting it in two and merging the bursts around it)
    /// never saves more than it adds, and adding an effect never lowers a price. A driver that goes off on its
    /// timeout and wakes at once pays up to ``wakeUpMillijoules`` more in the silences just past its way to off
    /// (`assumed:` its timeout is tuned to break even, as a wake-up is repaid after about this long in standby).
    func silenceMillijoules(_ seconds: Double) -> (millijoules: Double, staysOn: Bool) {
        let awake = idleMilliwatts * min(seconds, activeTimeoutSeconds) + standbyMilliwatts * max(0, seconds - activeTimeoutSeconds)
        guard seconds >= offAfterSeconds else { return (awake, true) }
        let toOff = idleMilliwatts * activeTimeoutSeconds + standbyMilliwatts * max(0, offAfterSeconds - activeTimeoutSeconds)
        let offAndWake = toOff + offMilliwatts * (seconds - offAfterSeconds) + wakeUpMillijoules
        return awake <= offAndWake ? (awake, true) : (offAndWake, false)
    }

    /// The longest silence after an effect that can still change what the next one costs: past it the driver goes
    /// off and wakes again whatever follows (``silenceMillijoules(_:)``).
    var longestSilenceChargedSeconds: Double {
        let saved = standbyMilliwatts - offMilliwatts
        return offAfterSeconds + (saved > 0 ? wakeUpMillijoules / saved : 0)
    }

    /// What the driver draws in `state`.
    public func milliwatts(in state: HapticDriverState) -> Double {
        switch state {
        case .wakingUp, .active: activeMilliwatts
        case .idle: idleMilliwatts
        case .standby: standbyMilliwatts
        case .off: offMilliwatts
        }
    }
}

/// The power states of a haptic driver.
public enum HapticDriverState: String, Sendable, Hashable, Codable, CaseIterable {
    case wakingUp, active, idle, standby, off
}
