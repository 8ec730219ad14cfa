public import TemperAHAP

/// What the rewriter needs to know about energy: the cost of each kind of request, in millijoules.
///
/// The device-profile estimator (`EnergyEstimator`) conforms; tests and services may supply their own. A model must
/// be monotone for the rewriter's invariant (rewritten energy ≤ original) to mean anything: fewer or shorter
/// events, lower intensity and 2D rendering must never cost more.
public protocol FeedbackEnergyModel: Sendable {
    /// A custom pattern: AHAP, or a timeline read from any other format.
    func energyMillijoules(of pattern: HapticPattern) -> Double
    /// An impact, a selection tick or a notification.
    func energyMillijoules(of feedback: SystemFeedback) -> Double
    /// An audio cue, spatial or 2D.
    func energyMillijoules(of cue: AudioCue) -> Double
    /// A visual effect; Temper does not model rendering cost, so the default is 0.
    func energyMillijoules(of effect: VisualEffect) -> Double
    /// What a payload plays, unmixed, for the ``PlaybackLedger`` to price against what already plays. The default
    /// is a fixed price that adds to everything else (a model that cannot mix).
    func playbackSignal(of kind: SensoryRequest.Kind) -> PlaybackSignal
    /// How far a haptic frequency may move toward the actuator's resonance (at most `fraction` of itself), or `nil`
    /// when moving it saves nothing on this device. The default is `nil`.
    func resonanceShift(fraction: Double) -> ResonanceShift?
}

extension FeedbackEnergyModel {
    public func energyMillijoules(of effect: VisualEffect) -> Double { 0 }

    public func resonanceShift(fraction: Double) -> ResonanceShift? { nil }

    public func playbackSignal(of kind: SensoryRequest.Kind) -> PlaybackSignal {
        PlaybackSignal(fixed: EnergyBreakdown(overheadMillijoules: energyMillijoules(of: kind)))
    }

    /// A custom AHAP pattern.
    public func energyMillijoules(of pattern: AHAPPattern, waveforms: [Int: AHAPWaveform] = [:]) -> Double {
        energyMillijoules(of: .ahap(pattern, waveforms: waveforms))
    }

    /// The cost of any request.
    public func energyMillijoules(of request: SensoryRequest) -> Double {
        energyMillijoules(of: request.kind)
    }

    /// The cost of a request's payload.
    public func energyMillijoules(of kind: SensoryRequest.Kind) -> Double {
        switch kind {
        case .haptic(let haptic): energyMillijoules(of: haptic.content)
        case .audio(let cue): energyMillijoules(of: cue)
        case .system(let feedback): energyMillijoules(of: feedback)
        case .visual(let effect): energyMillijoules(of: effect)
        }
    }
}
