import TemperCore
import TemperSimulation

/// A simulation's ``Timeline``: both runs' tiers with each change as a mark, the temperatures of both runs with
/// the classifier's thresholds, the heat sources and the feedback's power, the battery, and the requests the
/// policy changed as marks.
enum SimulationTimeline {
    static func timeline(for result: SimulationResult) -> Timeline {
        let time = TimeAxis(durationSeconds: result.durationSeconds)
        let policy = result.withPolicy
        let baseline = result.baseline
        let at = { (sample: TimelineSample, value: Double) in Timeline.Point(time(sample.timeSeconds), value) }
        var lanes: [Timeline.Lane] = []

        var tiers = Timeline.Lane(title: "Tier", unit: "")
        tiers.strips = [strip("with policy", policy.timeline, time: time), strip("baseline", baseline.timeline, time: time)]
        let lowPower = SimulationCharts.spans(policy.timeline, time: time, where: \.lowPower)
        if !lowPower.isEmpty {
            tiers.strips.append(
                .init(
                    label: "low power",
                    spans: lowPower.map { .init(from: $0.from, to: $0.to, color: SimulationCharts.lowPowerColor, label: "low power") }
                )
            )
        }
        let onMains = SimulationCharts.spans(policy.timeline, time: time, where: { !$0.onBattery })
        if !onMains.isEmpty {
            tiers.strips.append(
                .init(
                    label: "on mains",
                    spans: onMains.map {
                        .init(from: $0.from, to: $0.to, color: SimulationCharts.powerSourceColor(onBattery: false), label: "on mains power")
                    }
                )
            )
        }
        tiers.marks = policy.transitions.map {
            .init(
                x: time($0.timeSeconds),
                color: Palette.tierStrong($0.to),
                tooltip: "with policy: \(TraceReport.change($0)): \($0.reasons.first ?? "")"
            )
        }
        lanes.append(tiers)

        var temperatures = Timeline.Lane(title: "Temperatures", unit: "°C")
        temperatures.series = [
            .init(name: "hotspot", color: Palette.series[1], points: policy.timeline.map { at($0, $0.hotspotCelsius) }),
            .init(name: "internal", color: Palette.series[0], points: policy.timeline.map { at($0, $0.internalCelsius) }),
            .init(name: "skin (mean)", color: Palette.series[2], points: policy.timeline.map { at($0, $0.skinCelsius) }),
            .init(
                name: "hotspot, baseline",
                color: Palette.series[1],
                points: baseline.timeline.map { at($0, $0.hotspotCelsius) },
                dashed: true
            ),
            .init(
                name: "internal, baseline",
                color: Palette.series[0],
                points: baseline.timeline.map { at($0, $0.internalCelsius) },
                dashed: true
            ),
            .init(name: "ambient", color: Palette.muted, points: policy.timeline.map { at($0, $0.ambientCelsius) }),
        ]
        temperatures.plotHeight = 220
        if let thresholds = result.thresholds {
            let peaks = [
                "skin": max(policy.peakHotspotCelsius, baseline.peakHotspotCelsius),
                "internal": max(policy.peakInternalCelsius, baseline.peakInternalCelsius),
            ]
            temperatures.thresholds = ThresholdGroups.lines(thresholds.sensors) { peaks[$0] ?? -.infinity }
        }
        lanes.append(temperatures)

        var heat = Timeline.Lane(title: "Heat sources", unit: "W")
        heat.series = [.init(name: "workload", color: Palette.series[5], points: policy.timeline.map { at($0, $0.workloadWatts) })]
        if policy.timeline.contains(where: { $0.chargerLossWatts > 0 }) {
            heat.series.append(
                .init(name: "charger's loss", color: Palette.series[6], points: policy.timeline.map { at($0, $0.chargerLossWatts) })
            )
        }
        if policy.timeline.contains(where: { $0.chargingWatts > 0 }) {
            heat.series.append(
                .init(
                    name: "charging (into the cell)",
                    color: Palette.series[4],
                    points: policy.timeline.map { at($0, $0.chargingWatts) },
                    dashed: true
                )
            )
        }
        heat.yIncludes = [0]
        heat.plotHeight = 100
        lanes.append(heat)

        var feedback = Timeline.Lane(title: "Feedback power", unit: "mW")
        let haptics = { (sample: TimelineSample) in at(sample, max(0, sample.feedbackMilliwatts - sample.audioMilliwatts)) }
        feedback.series = [
            .init(name: "haptics", color: Palette.kinds[0], points: policy.timeline.map(haptics)),
            .init(name: "audio", color: Palette.kinds[2], points: policy.timeline.map { at($0, $0.audioMilliwatts) }),
            .init(name: "haptics, baseline", color: Palette.kinds[0], points: baseline.timeline.map(haptics), dashed: true),
            .init(
                name: "audio, baseline",
                color: Palette.kinds[2],
                points: baseline.timeline.map { at($0, $0.audioMilliwatts) },
                dashed: true
            ),
        ]
        feedback.yIncludes = [0]
        feedback.plotHeight = 100
        lanes.append(feedback)

        var battery = Timeline.Lane(title: "Battery", unit: "%")
        battery.series = [
            .init(name: "with policy", color: Palette.series[3], points: policy.timeline.map { at($0, $0.batteryPercentage) }),
            .init(name: "baseline", color: Palette.series[3], points: baseline.timeline.map { at($0, $0.batteryPercentage) }, dashed: true),
        ]
        battery.shading = lowPower.map {
            .init(from: $0.from, to: $0.to, color: SimulationCharts.lowPowerColor, label: "low power with the policy")
        }
        battery.plotHeight = 90
        let lowest = (policy.timeline + baseline.timeline).map(\.batteryPercentage).min() ?? 100
        if let thresholds = result.thresholds, lowest <= thresholds.lowBatteryPercentage + 10 {
            let low = thresholds.lowBatteryPercentage
            battery.thresholds = [
                .init(
                    y: low,
                    label: "low \(ReportNumber.coordinate(low)) %",
                    color: Palette.tierText(.serious),
                    tooltip: "low power from \(ReportNumber.percent(low))"
                )
            ]
            let critical = thresholds.criticalBatteryPercentage
            if lowest <= critical + 5 {
                battery.thresholds.append(
                    .init(
                        y: critical,
                        label: "critical \(ReportNumber.coordinate(critical)) %",
                        color: Palette.tierText(.critical),
                        tooltip: "critical from \(ReportNumber.percent(critical))"
                    )
                )
            }
        }
        lanes.append(battery)

        let changed = policy.timeline.filter { $0.changedDecisions > 0 }
        if !changed.isEmpty {
            var decisions = Timeline.Lane(title: "Requests the policy changed", unit: "")
            decisions.marksLabel = "changed"
            decisions.marks = changed.map { sample in
                .init(x: time(sample.timeSeconds), color: Palette.ink, tooltip: tooltip(sample))
            }
            lanes.append(decisions)
        }
        if policy.timeline.contains(where: { $0.insulationKelvinPerWatt > 0 }) {
            var insulation = Timeline.Lane(title: "Insulation around the device", unit: "K/W")
            insulation.series = [
                .init(name: "insulation", color: Palette.muted, points: policy.timeline.map { at($0, $0.insulationKelvinPerWatt) })
            ]
            insulation.yIncludes = [0]
            insulation.plotHeight = 60
            lanes.append(insulation)
        }
        return Timeline(
            title: "\(result.scenario) over time",
            timeLabel: time.label,
            secondsPerUnit: time.secondsPerUnit,
            domain: (0, time(result.durationSeconds)),
            lanes: lanes
        )
    }

    /// What the policy did in a sample's interval: each outcome with its count and the rules behind it.
    static func tooltip(_ sample: TimelineSample) -> String {
        let ways = sample.changes.map { change in
            "\(change.count) \(change.outcome.rawValue)" + (change.rules.isEmpty ? "" : " (\(change.rules.joined(separator: ", ")))")
        }
        let detail = ways.isEmpty ? "\(sample.changedDecisions) changed" : ways.joined(separator: "; ")
        return "at \(sample.tier)\(sample.lowPower ? " in low power" : ""): \(detail)"
    }

    static func strip(_ label: String, _ timeline: [TimelineSample], time: TimeAxis) -> Timeline.Strip {
        .init(
            label: label,
            spans: SimulationCharts.tierBands(timeline, time: time).map {
                .init(from: $0.from, to: $0.to, color: $0.color, label: $0.label)
            }
        )
    }
}
