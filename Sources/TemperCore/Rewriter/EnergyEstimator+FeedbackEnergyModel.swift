import TemperAHAP

/// The device-profile estimator as the rewriter's energy model. Power over time (peak and series) is left out:
/// the rewriter needs only the total, and a decision is on the hot path.
extension EnergyEstimator: FeedbackEnergyModel {
    private var lean: EnergyEstimator {
        guard options.tracksPower else { return self }
        var copy = self
        copy.options.tracksPower = false
        return copy
    }

    public func energyMillijoules(of pattern: AHAPPattern, waveforms: [Int: AHAPWaveform]) -> Double {
        lean.estimate(pattern, waveforms: waveforms).energyMillijoules
    }

    public func energyMillijoules(of feedback: SystemFeedback) -> Double {
        switch feedback {
        case .impact(let style, let intensity): lean.estimateImpact(style, intensity: intensity).energyMillijoules
        case .selection: lean.estimateSelection().energyMillijoules
        case .notification(let style): lean.estimateNotification(style).energyMillijoules
        }
    }

    /// The cue at the loudness it is heard at: its volume times the inverse-distance gain, which a spatial
    /// renderer applies too, so 2D never costs more than spatial for the same cue.
    public func energyMillijoules(of cue: AudioCue) -> Double {
        let gain = cue.stereo?.distanceGain ?? StereoDownmix(cue: cue).placement.distanceGain
        return lean.estimateAudioCue(
            durationSeconds: cue.effectiveDurationSeconds, volume: cue.volume * gain, spatial: cue.rendering == .spatial
        ).energyMillijoules
    }
}
