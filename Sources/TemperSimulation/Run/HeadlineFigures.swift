/// The figures a simulation's headline is made of, each computed from the runs' unrounded values: a difference is
/// the difference of the values, rounded only when printed, so "0.7 °C cooler" is never the difference of two
/// peaks that were rounded first. Shares of heat count every heat source: the workload, the feedback and the
/// charger's loss.
public struct HeadlineFigures: Sendable, Hashable, Codable {
    /// Feedback the baseline played minus what played with the policy (mJ).
    public var savedMillijoules: Double
    /// ``savedMillijoules`` as a share of the baseline's feedback, 0 to 1 (0 when the baseline played none).
    public var savedFraction: Double
    /// The policy's peak hotspot minus the baseline's (°C): negative when the policy kept the skin cooler.
    public var hotspotChangeCelsius: Double
    /// Seconds in serious and critical, with the policy and in the baseline.
    public var hotSeconds: Double
    public var baselineHotSeconds: Double
    /// Where the baseline's heat came from.
    public var heat: HeatSources
    /// The baseline's feedback energy as a share of all its heat, 0 to 1.
    public var feedbackShare: Double
    /// The baseline's feedback item that played the most energy, if any played.
    public var largestItem: ItemEnergy?

    public init(withPolicy policy: RunSummary, baseline: RunSummary) {
        let baselineFeedback = baseline.playedEnergy.totalMillijoules
        savedMillijoules = baselineFeedback - policy.playedEnergy.totalMillijoules
        savedFraction = baselineFeedback > 0 ? savedMillijoules / baselineFeedback : 0
        hotspotChangeCelsius = policy.peakHotspotCelsius - baseline.peakHotspotCelsius
        hotSeconds = policy.tierSeconds.serious + policy.tierSeconds.critical
        baselineHotSeconds = baseline.tierSeconds.serious + baseline.tierSeconds.critical
        heat = HeatSources(baseline)
        feedbackShare = heat.totalJoules > 0 ? heat.feedbackJoules / heat.totalJoules : 0
        largestItem = baseline.energyByItem.filter { $0.playedMillijoules > 0 }.max { $0.playedMillijoules < $1.playedMillijoules }
    }
}

/// The heat one run turned out, by source (J).
public struct HeatSources: Sendable, Hashable, Codable {
    /// Everything but feedback: the SoC, display and radios of the scenario's workload.
    public var workloadJoules: Double
    /// The charging path's conversion loss.
    public var chargerLossJoules: Double
    /// Sounds: the audio path (DSP, codec, mixer) while they play and the amplifier.
    public var audioJoules: Double
    /// Vibration: the actuator's drive (transients and continuous) and its driver's overhead.
    public var hapticsJoules: Double

    public init(_ run: RunSummary) {
        let played = run.playedEnergy
        workloadJoules = run.workloadEnergyJoules
        chargerLossJoules = run.chargerLossJoules
        audioJoules = played.audioMillijoules / 1000
        hapticsJoules = (played.transientsMillijoules + played.continuousMillijoules + played.overheadMillijoules) / 1000
    }

    public var feedbackJoules: Double { audioJoules + hapticsJoules }
    public var totalJoules: Double { workloadJoules + chargerLossJoules + feedbackJoules }

    /// `joules` as a share of all the heat, 0 to 1.
    public func share(_ joules: Double) -> Double { totalJoules > 0 ? joules / totalJoules : 0 }
}
