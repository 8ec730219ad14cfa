import TemperAHAP

/// Costs of the other feedback a governor decides about: system haptics and audio cues.
extension EnergyEstimator {
    /// What a request's payload costs: the one pricing path that the governor, `temper rewrite`, `temper score`
    /// and the simulator share, so the same request costs the same everywhere.
    ///
    /// An audio cue is costed at the loudness it is heard at: its volume times the inverse-distance gain, which a
    /// spatial renderer applies too, so 2D never costs more than spatial for the same cue.
    public func estimate(_ kind: SensoryRequest.Kind) -> EnergyEstimate {
        signal(of: kind).estimate()
    }

    /// What a custom pattern in any format costs: the one path `temper score` and a request's pricing share, so a
    /// file costs the same either way.
    public func estimate(_ pattern: HapticPattern) -> EnergyEstimate {
        signal(of: pattern).estimate()
    }

    /// The inverse-distance gain a cue is heard at: its stereo placement's when it has one, else its position's.
    static func distanceGain(of cue: AudioCue) -> Double {
        cue.stereo?.distanceGain ?? StereoDownmix(cue: cue).placement.distanceGain
    }

    /// A system impact of `style`, its intensity scaled by `intensity` (0...1).
    public func estimateImpact(_ style: ImpactStyle, intensity: Double = 1) -> EnergyEstimate {
        estimate(SystemFeedbackPatterns.impact(style, intensity: intensity))
    }

    /// A selection tick.
    public func estimateSelection() -> EnergyEstimate {
        estimate(SystemFeedbackPatterns.selection())
    }

    /// A success, warning or error notification.
    public func estimateNotification(_ style: NotificationStyle) -> EnergyEstimate {
        estimate(SystemFeedbackPatterns.notification(style))
    }

    /// A sound of `durationSeconds` at `volume` (0...1), rendered spatially or in 2D: its own part (the amplifier
    /// above idle at its volume, the spatial renderer's extra) and, unless the path is already open, the path while
    /// it plays and the amplifier idling through the standby tail.
    public func estimateAudioCue(durationSeconds: Double, volume: Double, spatial: Bool) -> EnergyEstimate {
        audioCueSignal(durationSeconds: durationSeconds, volume: volume, spatial: spatial).estimate()
    }
}
