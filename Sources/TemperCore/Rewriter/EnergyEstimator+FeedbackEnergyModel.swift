/// The device-profile estimator as the rewriter's energy model: every request is priced through
/// `estimate(_:)` for a request kind, the path the simulator and `temper score` use too. Power over
/// time (peak and series) is left out: the rewriter needs only the total, and a decision is on the hot path.
extension EnergyEstimator: FeedbackEnergyModel {
    public func energyMillijoules(of pattern: HapticPattern) -> Double {
        withoutPowerTracking.estimate(pattern).energyMillijoules
    }

    public func energyMillijoules(of feedback: SystemFeedback) -> Double {
        withoutPowerTracking.estimate(.system(feedback)).energyMillijoules
    }

    public func energyMillijoules(of cue: AudioCue) -> Double {
        withoutPowerTracking.estimate(.audio(cue)).energyMillijoules
    }

    public func energyMillijoules(of effect: VisualEffect) -> Double {
        withoutPowerTracking.estimate(.visual(effect)).energyMillijoules
    }

    /// The payload's voices, unmixed, so the ledger can mix it with what already plays.
    public func playbackSignal(of kind: SensoryRequest.Kind) -> PlaybackSignal {
        withoutPowerTracking.signal(of: kind)
    }
}
