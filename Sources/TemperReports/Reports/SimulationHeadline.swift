import TemperCore
public import TemperSimulation

/// What the policy bought, against the baseline, in one sentence: a simulation report's first line, and the
/// first line `temper simulate` prints.
public struct SimulationHeadline: Sendable {
    /// Below this share of the heat the device made, feedback cannot move its temperature.
    static let negligibleShare = 0.02

    let result: SimulationResult

    public init(result: SimulationResult) {
        self.result = result
    }

    var savedMillijoules: Double { result.baseline.playedEnergy.totalMillijoules - result.withPolicy.playedEnergy.totalMillijoules }
    var savedFraction: Double {
        let baseline = result.baseline.playedEnergy.totalMillijoules
        return baseline > 0 ? savedMillijoules / baseline : 0
    }
    /// The policy's peak hotspot minus the baseline's, as the two print (to 0.1 °C), so the difference agrees
    /// with them: negative when the policy kept the skin cooler.
    var hotspotChange: Double { Self.difference(result.withPolicy.peakHotspotCelsius, result.baseline.peakHotspotCelsius, decimals: 1) }

    /// `mine − theirs` as they print with `decimals`, so a table's difference column agrees with its other columns.
    static func difference(_ mine: Double, _ theirs: Double, decimals: Int) -> Double {
        let scale = Double(pow10(decimals))
        return ((mine * scale).rounded() - (theirs * scale).rounded()) / scale
    }

    private static func pow10(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { value, _ in value * 10 } }
    /// The baseline's feedback as a share of all the energy the device turned into heat.
    var feedbackShare: Double {
        let feedback = result.baseline.playedEnergy.totalMillijoules / 1000
        let total = feedback + result.baseline.workloadEnergyJoules
        return total > 0 ? feedback / total : 0
    }

    static func hotSeconds(_ run: RunSummary) -> Double { run.tierSeconds.serious + run.tierSeconds.critical }

    /// The sentence: energy saved (J and %), the change in peak hotspot, time in serious and critical and the
    /// battery at the end against the baseline; or that the policy changed nothing, or cannot matter, and why.
    public var sentence: String {
        let policy = result.withPolicy
        let baseline = result.baseline
        let changed = policy.decisions.total - (policy.decisions.byOutcome[.pass] ?? 0)
        if changed == 0 {
            return "The policy changed nothing: all \(policy.decisions.total) requests played as asked, so both runs are the same "
                + "(peak hotspot \(ReportNumber.celsius(policy.peakHotspotCelsius)), battery at the end \(ReportNumber.percent(policy.batteryEndPercentage)))."
        }
        let saved =
            "saved \(ReportNumber.energy(millijoules: savedMillijoules)) of feedback energy (\(ReportNumber.fixed(savedFraction * 100, 0)) %)"
        let hot = (Self.hotSeconds(policy), Self.hotSeconds(baseline))
        // Neither run hot: said once at the end, rather than as something the policy did.
        let hotTime: String? =
            hot.0 == 0 && hot.1 == 0
            ? nil
            : hot.0 == hot.1
                ? "left the time in serious and critical at \(ReportNumber.clock(hot.0))"
                : "\(hot.0 < hot.1 ? "cut" : "raised") the time in serious and critical from \(ReportNumber.clock(hot.1)) to \(ReportNumber.clock(hot.0))"
        let end = hotTime == nil ? "; neither run reached serious." : "."
        let battery =
            "the battery ended at \(ReportNumber.percent(policy.batteryEndPercentage)) against \(ReportNumber.percent(baseline.batteryEndPercentage))"
        if feedbackShare < Self.negligibleShare {
            let moved =
                hotspotChange == 0
                ? "the peak hotspot did not move" : "the peak hotspot moved by only \(ReportNumber.signed(hotspotChange, 1)) °C"
            return "The policy \(saved), but it cannot change the temperature here: all the feedback the baseline played, "
                + "\(ReportNumber.energy(millijoules: baseline.playedEnergy.totalMillijoules)), is "
                + "\(ReportNumber.fixed(feedbackShare * 100, 1)) % of the energy the device turned into heat (the workload alone used "
                + "\(ReportNumber.energy(millijoules: baseline.workloadEnergyJoules * 1000))). So \(moved), "
                + (hotTime.map { "the policy \($0), " } ?? "") + "and \(battery)\(end)"
        }
        let peak =
            abs(hotspotChange) < 0.05
            ? "left the peak hotspot at \(ReportNumber.celsius(policy.peakHotspotCelsius))"
            : "kept the peak hotspot \(ReportNumber.fixed(abs(hotspotChange), 1)) °C \(hotspotChange < 0 ? "cooler" : "warmer") "
                + "(\(ReportNumber.celsius(policy.peakHotspotCelsius)) against \(ReportNumber.celsius(baseline.peakHotspotCelsius)))"
        return "The policy \(saved), \(peak), " + (hotTime.map { "\($0), " } ?? "") + "and \(battery)\(end)"
    }

    /// The headline's numbers with the policy, in the baseline and the difference, units in the row names.
    var table: (headers: [String], rows: [[String]]) {
        let policy = result.withPolicy
        let baseline = result.baseline
        let joules = { (run: RunSummary) in run.playedEnergy.totalMillijoules / 1000 }
        let row = { (name: String, mine: Double, theirs: Double, decimals: Int) in
            [
                name, ReportNumber.fixed(mine, decimals), ReportNumber.fixed(theirs, decimals),
                ReportNumber.signed(Self.difference(mine, theirs, decimals: decimals), decimals),
            ]
        }
        let hot = (Self.hotSeconds(policy), Self.hotSeconds(baseline))
        return (
            ["", "with policy (\(policy.policy))", "baseline (policy off)", "difference"],
            [
                row("feedback energy played (J)", joules(policy), joules(baseline), 2),
                row("peak skin hotspot (°C)", policy.peakHotspotCelsius, baseline.peakHotspotCelsius, 1),
                [
                    "time in serious and critical (m:ss)", ReportNumber.clock(hot.0), ReportNumber.clock(hot.1),
                    (hot.0 < hot.1 ? "−" : hot.0 > hot.1 ? "+" : "") + ReportNumber.clock(abs(hot.0 - hot.1)),
                ],
                row("battery at the end (%)", policy.batteryEndPercentage, baseline.batteryEndPercentage, 1),
                row("peak internal (°C)", policy.peakInternalCelsius, baseline.peakInternalCelsius, 1),
                row("peak skin mean (°C)", policy.peakSkinCelsius, baseline.peakSkinCelsius, 1),
                ["highest tier", policy.highestTier.rawValue, baseline.highestTier.rawValue, ""],
                ["requests", "\(policy.decisions.total)", "\(baseline.decisions.total)", ""],
            ]
        )
    }
}
