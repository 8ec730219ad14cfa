import TemperAHAP
public import TemperCore

/// The device profile's ``EnergyEstimator`` as the governor's energy model, plus what the simulator needs beyond a
/// total (the pricing itself is the estimator's, the same as live): each request's energy by kind (transients, continuous, audio, overhead), so heat and reports can say
/// where it went. Breakdowns are cached per payload, since a run repeats the same few requests thousands of times.
public final class SimulationEnergyModel: FeedbackEnergyModel {
    public let estimator: EnergyEstimator
    private let cache = Locked<[PayloadKey: EnergyBreakdown]>([:])
    private let estimates = Locked<[PayloadKey: EnergyEstimate]>([:])

    public init(estimator: EnergyEstimator) {
        self.estimator = estimator
    }

    /// The model a scenario's run prices with: `profile`'s estimator, told whether other playback holds the audio
    /// path open (``Scenario/audioPathAlreadyOpen``).
    public convenience init(profile: DeviceProfile, scenario: Scenario) {
        let options = EnergyEstimator.Options(audioPathAlreadyOpen: scenario.audioPathAlreadyOpen)
        self.init(estimator: EnergyEstimator(profile: profile, options: options))
    }

    public func energyMillijoules(of pattern: HapticPattern) -> Double {
        breakdown(of: .haptic(HapticPatternRequest(content: pattern))).totalMillijoules
    }

    public func energyMillijoules(of feedback: SystemFeedback) -> Double {
        breakdown(of: .system(feedback)).totalMillijoules
    }

    public func energyMillijoules(of cue: AudioCue) -> Double {
        breakdown(of: .audio(cue)).totalMillijoules
    }

    /// The payload's voices, unmixed, for the governor's playback ledger: the estimator's own.
    public func playbackSignal(of kind: SensoryRequest.Kind) -> PlaybackSignal {
        estimator.playbackSignal(of: kind)
    }

    /// The estimator's device's shift toward resonance, for the trim.
    public func resonanceShift(fraction: Double) -> ResonanceShift? {
        estimator.resonanceShift(fraction: fraction)
    }

    /// A request's energy by kind.
    public func breakdown(of kind: SensoryRequest.Kind) -> EnergyBreakdown {
        let key = PayloadKey(kind)
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let computed = estimate(kind).breakdown
        cache.withLock { $0[key] = computed }
        return computed
    }

    /// ``estimate(_:)``, computed once per payload: the policy rewrites the same few requests the same few ways.
    public func cachedEstimate(_ kind: SensoryRequest.Kind) -> EnergyEstimate {
        let key = PayloadKey(kind)
        if let cached = estimates.withLock({ $0[key] }) { return cached }
        let computed = estimate(kind)
        estimates.withLock { $0[key] = computed }
        return computed
    }

    /// The full estimate of a request's payload, power series included: ``EnergyEstimator/estimate(_:)``, the
    /// pricing path the governor and the command line share.
    public func estimate(_ kind: SensoryRequest.Kind) -> EnergyEstimate {
        estimator.estimate(kind)
    }
}
