import TemperCore
public import TemperSimulation

/// What the policy bought, against the baseline, in one sentence: a simulation report's first line, and the
/// first line `temper simulate` prints.
public struct SimulationHeadline: Sendable {
    /// Below this share of the heat the device made, feedback is a small part of it, so the policy's thermal gain
    /// is small; at or above it the headline says which part of the feedback made the heat and why.
    static let smallShare = 0.05

    let result: SimulationResult
    let figures: HeadlineFigures

    public init(result: SimulationResult) {
        self.result = result
        self.figures = result.headline
    }

    var savedMillijoules: Double { figures.savedMillijoules }
    var savedFraction: Double { figures.savedFraction }
    /// The policy's peak hotspot minus the baseline's, unrounded: negative when the policy kept the skin cooler.
    var hotspotChange: Double { figures.hotspotChangeCelsius }
    /// The baseline's feedback as a share of all the heat the device made, the charger's loss included.
    var feedbackShare: Double { figures.feedbackShare }

    /// A temperature difference as printed: to 0.1 °C, or to 0.01 °C below 0.05 °C so that a change of 0.036 °C
    /// reads 0.04, neither 0.0 nor 0.1.
    static func temperatureChange(_ celsius: Double, signed: Bool = true) -> String {
        let decimals = abs(celsius) < 0.05 ? 2 : 1
        return signed ? ReportNumber.signed(celsius, decimals) : ReportNumber.fixed(abs(celsius), decimals)
    }

    static func hotSeconds(_ run: RunSummary) -> Double { run.tierSeconds.serious + run.tierSeconds.critical }

    /// The headline: the verdict on tiers first (the largest difference: the tier each run reached and how long
    /// it stayed there), then the details, then what to do.
    public var sentence: String {
        [verdict, SimulationSensitivity(result: result)?.verdictCaveat, details, todo].compactMap(\.self).joined(separator: " ")
    }

    /// The highest tier each run reached and the time in it, said as the difference the policy made.
    var verdict: String? {
        let (mine, theirs) = (result.withPolicy.highestTier, result.baseline.highestTier)
        let time = { (run: RunSummary, tier: Tier) in ClockText.format(run.tierSeconds[tier]) }
        let device = "the \(result.device)"
        if theirs > mine {
            let with =
                mine == .nominal
                ? "never: it stayed nominal." : "never: it went no further than \(mine), for \(time(result.withPolicy, mine))."
            return "Without the policy \(device) reached \(theirs) for \(time(result.baseline, theirs)); with it, \(with)"
        }
        if mine > theirs {
            return "With the policy \(device) reached \(mine) for \(time(result.withPolicy, mine)); without it, only \(theirs)."
        }
        guard mine > .nominal else { return "Neither run left nominal, so the policy's gain here is energy, not heat." }
        let (a, b) = (result.withPolicy.tierSeconds[mine], result.baseline.tierSeconds[mine])
        if abs(a - b) < 0.5 { return "Both runs reached \(mine), for \(ClockText.format(a)) each." }
        return
            "Both runs reached \(mine); the policy \(a < b ? "cut" : "raised") the time in it from \(ClockText.format(b)) to \(ClockText.format(a))."
    }

    /// What to do about it, from the tiers; what takes the device to serious or critical, from the run without any
    /// feedback (``SimulationResult/withoutFeedback``): said only as that run shows it.
    var todo: String {
        let (mine, theirs) = (result.withPolicy.highestTier, result.baseline.highestTier)
        if mine > theirs { return "What to do: check the policy's rules; with it the device ran hotter." }
        if mine >= .serious {
            let keep = theirs > mine ? "keep the policy on; " : ""
            guard let alone = result.withoutFeedback else {
                return "What to do: \(keep)no run without feedback was made, so what takes the device to \(mine) is not known."
            }
            let peak = ReportNumber.celsius(alone.peakHotspotCelsius)
            if alone.highestTier >= mine {
                let sources =
                    result.baseline.chargerLossJoules > 0 ? "the workload and the charger's loss alone take" : "the workload alone takes"
                return "What to do: \(keep)\(sources) the device to \(mine): run without any feedback, it reaches "
                    + "\(alone.highestTier) too (peak hotspot \(peak)), so lighten the workload or improve the cooling."
            }
            let played = HeatSources(result.withPolicy)
            let most =
                played.audioJoules >= played.hapticsJoules
                ? "most of it \(result.audioPathHeldOpen == true ? "sound" : "the audio path"), \(ReportNumber.energy(millijoules: played.audioJoules * 1000))"
                : "most of it haptics, \(ReportNumber.energy(millijoules: played.hapticsJoules * 1000))"
            return "What to do: \(keep)feedback tips the device over: run without any, it peaks at \(peak) and "
                + (alone.highestTier == .nominal ? "stays nominal" : "goes no further than \(alone.highestTier)")
                + ", so the policy must cut more of the feedback it still plays before \(mine) (\(most) with the policy)."
        }
        if theirs > mine { return "What to do: keep the policy on for this workload." }
        return "Nothing to do: neither run got hot enough for the policy to matter."
    }

    /// The run without any feedback the verdict's causes come from, in one line; `nil` when it was not made.
    public var withoutFeedbackLine: String? {
        guard let alone = result.withoutFeedback else { return nil }
        let stopped =
            alone.endSeconds < result.durationSeconds
            ? ", stopped at \(ClockText.format(alone.endSeconds)), once nothing left in the scenario could raise a temperature" : ""
        return "Run without any feedback (the workload alone\(stopped)): highest tier \(alone.highestTier), peak hotspot "
            + "\(ReportNumber.celsius(alone.peakHotspotCelsius)), peak internal \(ReportNumber.celsius(alone.peakInternalCelsius))."
    }

    /// What all the feedback did to the peak hotspot, from the run without any: `nil` when that run was not made.
    var feedbackEffect: String? {
        guard let alone = result.withoutFeedback else { return nil }
        let added = result.baseline.peakHotspotCelsius - alone.peakHotspotCelsius
        return "run without any feedback, the device peaks at \(ReportNumber.celsius(alone.peakHotspotCelsius)), "
            + "\(Self.temperatureChange(added, signed: false)) °C \(added >= 0 ? "below" : "above") the baseline's peak hotspot"
    }

    /// Energy saved (J and %), the change in peak hotspot, time in serious and critical and the battery at the
    /// end against the baseline; then what share of the heat feedback was and, when it matters, which part of it
    /// (audio path or haptics) made it and why; or that the policy changed nothing.
    var details: String {
        let policy = result.withPolicy
        let baseline = result.baseline
        let changed = policy.decisions.total - (policy.decisions.byOutcome[.pass] ?? 0)
        if changed == 0 {
            return "The policy changed nothing: all \(policy.decisions.total) requests played as asked, so both runs are the same "
                + "(peak hotspot \(ReportNumber.celsius(policy.peakHotspotCelsius)), battery at the end \(ReportNumber.percent(policy.batteryEndPercentage)))."
        }
        let saved =
            "saved \(ReportNumber.energy(millijoules: savedMillijoules)) of feedback energy (\(ReportNumber.fixed(savedFraction * 100, 0)) %)"
        let hot = (figures.hotSeconds, figures.baselineHotSeconds)
        // Neither run hot: said once at the end, rather than as something the policy did; both runs at serious at
        // most: the verdict has said it already.
        let bothSerious = policy.highestTier == .serious && baseline.highestTier == .serious
        let hotTime: String? =
            (hot.0 == 0 && hot.1 == 0) || bothSerious
            ? nil
            : hot.0 == hot.1
                ? "left the time in serious and critical at \(ClockText.format(hot.0))"
                : "\(hot.0 < hot.1 ? "cut" : "raised") the time in serious and critical from \(ClockText.format(hot.1)) to \(ClockText.format(hot.0))"
        let end = hotTime == nil && !bothSerious ? "; neither run reached serious." : "."
        let battery =
            "the battery ended at \(ReportNumber.percent(policy.batteryEndPercentage)) against \(ReportNumber.percent(baseline.batteryEndPercentage))"
        let heat = figures.heat
        if feedbackShare < Self.smallShare {
            let moved =
                abs(hotspotChange) < 0.005
                ? "the peak hotspot did not move" : "the peak hotspot moved by only \(Self.temperatureChange(hotspotChange)) °C"
            return "The policy \(saved), but feedback is a small share of the heat: all the feedback the "
                + "baseline played, \(ReportNumber.energy(millijoules: heat.feedbackJoules * 1000)), is "
                + "\(Self.share(feedbackShare)) of the \(ReportNumber.energy(millijoules: heat.totalJoules * 1000)) the device turned into heat "
                + "(\(Self.otherSources(heat)))" + (feedbackEffect.map { "; \($0)" } ?? "") + ". So \(moved), "
                + (hotTime.map { "the policy \($0), " } ?? "") + "and \(battery)\(end)"
        }
        let peak =
            abs(hotspotChange) < 0.005
            ? "left the peak hotspot at \(ReportNumber.celsius(policy.peakHotspotCelsius))"
            : "kept the peak hotspot \(Self.temperatureChange(hotspotChange, signed: false)) °C \(hotspotChange < 0 ? "cooler" : "warmer") "
                + "(\(ReportNumber.celsius(policy.peakHotspotCelsius)) against \(ReportNumber.celsius(baseline.peakHotspotCelsius)))"
        return "The policy \(saved), \(peak), " + (hotTime.map { "\($0), " } ?? "") + "and \(battery)\(end) " + feedbackParts
    }

    /// Which part of the feedback made its heat, and why, for a run where feedback is at least ``smallShare``.
    var feedbackParts: String {
        let heat = figures.heat
        let audio =
            result.audioPathHeldOpen == true
            ? "sound (\(Self.share(heat.share(heat.audioJoules))) of the heat: the speaker amplifier's drive for each sound; other "
                + "sound holds the path itself open, and the workload pays for it)"
            : "the audio path (\(Self.share(heat.share(heat.audioJoules))) of the heat: each sound keeps the path, its DSP, codec and "
                + "amplifier, powered while it plays)"
        let haptics =
            "haptics (\(Self.share(heat.share(heat.hapticsJoules))) of the heat: the actuator's drive and its driver kept awake)"
        let parts = heat.audioJoules >= heat.hapticsJoules ? (audio, haptics) : (haptics, audio)
        let largest = figures.largestItem.map {
            "; the largest single source was \($0.name), \(ReportNumber.energy(millijoules: $0.playedMillijoules))"
        }
        return "Feedback was \(Self.share(feedbackShare)) of the heat the baseline made (besides \(Self.otherSources(heat)))"
            + (feedbackEffect.map { "; \($0)" } ?? "")
            + ". Most of the feedback's heat was \(parts.0), the rest \(parts.1)\(largest ?? "")."
    }

    /// The heat sources other than feedback, named with their energy.
    static func otherSources(_ heat: HeatSources) -> String {
        var parts = ["the workload \(ReportNumber.energy(millijoules: heat.workloadJoules * 1000))"]
        if heat.chargerLossJoules > 0 {
            parts.append("the charger's loss \(ReportNumber.energy(millijoules: heat.chargerLossJoules * 1000))")
        }
        return parts.joined(separator: ", ")
    }

    /// A share of the heat to two significant digits at most: `0.44 %`, `12 %`.
    static func share(_ fraction: Double) -> String {
        let percent = fraction * 100
        return ReportNumber.fixed(percent, percent < 1 ? 2 : percent < 10 ? 1 : 0) + " %"
    }

    /// The headline's numbers with the policy, in the baseline and the difference, units in the row names: the
    /// report's summary table and the comparison `temper simulate` prints.
    public var table: (headers: [String], rows: [[String]]) {
        let policy = result.withPolicy
        let baseline = result.baseline
        let joules = { (run: RunSummary) in run.playedEnergy.totalMillijoules / 1000 }
        let row = { (name: String, mine: Double, theirs: Double, decimals: Int) in
            [
                name, ReportNumber.fixed(mine, decimals), ReportNumber.fixed(theirs, decimals),
                ReportNumber.signed(mine - theirs, decimals),
            ]
        }
        let temperature = { (name: String, mine: Double, theirs: Double) in
            [name, ReportNumber.fixed(mine, 1), ReportNumber.fixed(theirs, 1), Self.temperatureChange(mine - theirs)]
        }
        let heat = (HeatSources(policy), HeatSources(baseline))
        let share = { (heat: HeatSources) in heat.share(heat.feedbackJoules) * 100 }
        let charger =
            heat.1.chargerLossJoules > 0 ? [row("charger's loss (J)", heat.0.chargerLossJoules, heat.1.chargerLossJoules, 1)] : []
        let hot = (Self.hotSeconds(policy), Self.hotSeconds(baseline))
        return (
            ["", "with policy (\(policy.policy))", "baseline (policy off)", "difference"],
            [
                ["highest tier", policy.highestTier.rawValue, baseline.highestTier.rawValue, ""],
                [
                    "time in serious and critical (m:ss)", ClockText.format(hot.0), ClockText.format(hot.1),
                    (hot.0 < hot.1 ? "−" : hot.0 > hot.1 ? "+" : "") + ClockText.format(abs(hot.0 - hot.1)),
                ],
                row("feedback energy played (J)", joules(policy), joules(baseline), 2),
                temperature("peak skin hotspot (°C)", policy.peakHotspotCelsius, baseline.peakHotspotCelsius),
                row("battery at the end (%)", policy.batteryEndPercentage, baseline.batteryEndPercentage, 1),
                temperature("peak internal (°C)", policy.peakInternalCelsius, baseline.peakInternalCelsius),
                temperature("peak skin mean (°C)", policy.peakSkinCelsius, baseline.peakSkinCelsius),
                row("workload (J)", policy.workloadEnergyJoules, baseline.workloadEnergyJoules, 1),
            ] + charger + [
                row("feedback share of the heat (%)", share(heat.0), share(heat.1), 2),
                ["requests", "\(policy.decisions.total)", "\(baseline.decisions.total)", ""],
            ]
        )
    }
}
