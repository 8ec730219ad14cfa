/// The device-profile estimator as the rewriter's energy model: every request is priced through
/// `estimate(_:)` for a request kind, the path the simulator and `temper score` use too. Power over
/// time (peak and series) is left out: the rewriter needs only the total, and a decision is on the hot path.
extension EnergyEstimator: FeedbackEnergyModel {
    private var lean: EnergyEstimator {
        guard options.tracksPower else { return self }
        var copy = self
        copy.options.tracksPower = false
        return copy
    }

    public func energyMillijoules(of pattern: HapticPattern) -> Double {
        lean.estimate(pattern).energyMillijoules
    }

    public func energyMillijoules(of feedback: SystemFeedback) -> Double {
        lean.estimate(.system(feedback)).energyMillijoules
    }

    public func energyMillijoules(of cue: AudioCue) -> Double {
        lean.estimate(.audio(cue)).energyMillijoules
    }

    public func energyMillijoules(of effect: VisualEffect) -> Double {
        lean.estimate(.visual(effect)).energyMillijoules
    }
}
