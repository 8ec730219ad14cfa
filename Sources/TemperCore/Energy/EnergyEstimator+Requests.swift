import TemperAHAP

/// Costs of the other feedback a governor decides about: system haptics and audio cues.
extension EnergyEstimator {
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

    /// A sound of `durationSeconds` at `volume` (0...1), rendered spatially or in 2D: the path (more when
    /// spatial) and the amplifier while it plays, then the amplifier idling through the standby tail.
    public func estimateAudioCue(durationSeconds: Double, volume: Double, spatial: Bool) -> EnergyEstimate {
        var options = self.options
        options.spatialAudio = spatial
        let volume = volume.isFinite ? min(max(volume, 0), 1) : 1
        let cue = AHAPPattern(items: [
            .event(AHAPEvent(
                type: .audioContinuous, time: 0, duration: max(0, durationSeconds.isFinite ? durationSeconds : 0),
                parameters: [AHAPEventParameter(id: .audioVolume, value: volume)]
            ))
        ])
        return EnergyEstimator(profile: profile, options: options).estimate(cue)
    }
}
