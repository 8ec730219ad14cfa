import TemperCore
public import TemperSimulation

/// What a replayed trace comes to, said first: the highest tier, how long the host spent in it and which sensor
/// drove it; then each other tier above nominal with its sensor; then what to do. The opening of a trace report
/// and of what `temper report` prints.
public struct TraceVerdict: Sendable {
    /// Seconds per tier per driving sensor, and each sensor's peak: read once from the samples.
    let seconds: [Tier: [String: Double]]
    let peaks: [String: Double]
    let result: TraceResult

    public init(_ result: TraceResult) {
        self.result = result
        var seconds: [Tier: [String: Double]] = [:]
        var peaks: [String: Double] = [:]
        for (sample, next) in zip(result.samples, result.samples.dropFirst()) where sample.tier > .nominal {
            // A tier lasts from its snapshot to the next, as the replay counts it.
            seconds[sample.tier, default: [:]][sample.leadSensor ?? "no sensor", default: 0] += max(
                0,
                next.timeSeconds - sample.timeSeconds
            )
        }
        for sample in result.samples {
            for value in sample.temperatures where value.celsius > peaks[value.sensor] ?? -.infinity { peaks[value.sensor] = value.celsius }
        }
        self.seconds = seconds
        self.peaks = peaks
    }

    /// The sensor that held `tier` longest, and for how long it held it.
    func driver(of tier: Tier) -> (sensor: String, seconds: Double)? {
        seconds[tier]?.max { ($0.value, $1.key) < ($1.value, $0.key) }.map { ($0.key, $0.value) }
    }

    /// Each change of condition as a line of its own: time, change, the sensor that drove it, and the reason.
    public var changes: [String] {
        let leads = TraceReport.leadSensors(at: result.transitions.map(\.timeSeconds), in: result)
        return zip(result.transitions, leads).map { transition, lead in
            let driver = lead.map { " (\($0))" } ?? ""
            return
                "\(ClockText.format(transition.timeSeconds))  \(TraceReport.change(transition))\(driver): \(transition.reasons.first ?? "")"
        }
    }

    /// What happened, why and what to do, in that order.
    public var sentence: String { [what, why, todo].compactMap(\.self).joined(separator: " ") }

    /// The highest tier, its time and its sensor.
    var what: String {
        let highest = result.highestTier
        let over = "over \(ClockText.format(result.durationSeconds))"
        guard highest > .nominal else {
            return "The host stayed nominal \(over): no counted sensor reached its fair threshold\(closest.map { " (\($0))" } ?? "")."
        }
        let time = "\(ClockText.format(result.tierSeconds[highest])) of its \(ClockText.format(result.durationSeconds))"
        let first = result.samples.first { $0.tier == highest }.map { " (first at \(ClockText.format($0.timeSeconds)))" } ?? ""
        guard let driver = driver(of: highest) else { return "The host reached \(highest) for \(time)\(first)." }
        return "The host reached \(highest) for \(time)\(first), driven by \(driver.sensor)\(peak(of: driver.sensor, against: highest))."
    }

    /// The other tiers above nominal with the sensor that drove each, low power, and the sensors left out.
    var why: String? {
        var parts: [String] = []
        for tier in Tier.allCases.reversed() where tier > .nominal && tier < result.highestTier && result.tierSeconds[tier] > 0 {
            let driver = driver(of: tier).map { ", driven by \($0.sensor)" } ?? ""
            parts.append("\(tier) for \(ClockText.format(result.tierSeconds[tier]))\(driver)")
        }
        var text = parts.isEmpty ? nil : "Before and after it: " + parts.joined(separator: "; ") + "."
        if result.tierSeconds.lowPower > 0 {
            text = (text.map { $0 + " " } ?? "") + "Low power for \(ClockText.format(result.tierSeconds.lowPower))."
        }
        if !result.ignoredSensors.isEmpty {
            let names =
                result.ignoredSensors.prefix(3).joined(separator: ", ")
                + (result.ignoredSensors.count > 3 ? " and \(result.ignoredSensors.count - 3) more" : "")
            text = (text.map { $0 + " " } ?? "") + "Not counted (the policy ignores them, or their limits are absurd): \(names)."
        }
        return text
    }

    /// What to do about the highest tier.
    var todo: String {
        switch result.highestTier {
        case .nominal:
            "Nothing to do."
        case .fair:
            "Nothing urgent: at fair a policy only trims long feedback; watch \(driver(of: .fair)?.sensor ?? "the warmest sensor") if it climbs."
        case .serious, .critical:
            "What to do: look at what loaded \(driver(of: result.highestTier)?.sensor ?? "the host") while it was hot"
                + (result.samples.contains { !$0.channels.isEmpty } ? " (the power, fan and current lanes show it)" : "")
                + " and at its cooling; a policy holds feedback back from serious on."
        }
    }

    /// `(peak 96.9 °C; critical from 95 °C)` for a sensor with thresholds.
    func peak(of sensor: String, against tier: Tier) -> String {
        guard let peak = peaks[sensor] else { return "" }
        let entry = result.sensorThresholds.first { $0.label == sensor }?.thresholds.entry.entry(of: tier)
        return " (peak \(ReportNumber.celsius(peak))" + (entry.map { "; \(tier) from \(ReportNumber.celsius($0))" } ?? "") + ")"
    }

    /// The counted sensor that came nearest its fair threshold, and by how much it stayed under.
    var closest: String? {
        let margins = result.sensorThresholds.compactMap { sensor in
            peaks[sensor.label].map { (sensor: sensor.label, peak: $0, fair: sensor.thresholds.entry.fair) }
        }
        guard let nearest = margins.max(by: { ($0.peak - $0.fair, $1.sensor) < ($1.peak - $1.fair, $0.sensor) }) else { return nil }
        return "the closest, \(nearest.sensor), peaked at \(ReportNumber.celsius(nearest.peak)), "
            + "\(ReportNumber.fixed(nearest.fair - nearest.peak, 1)) °C under fair"
    }
}
