import TemperCore
import TemperSimulation

/// The simulation report's charts. Every time chart spans the whole run, so their axes line up.
enum SimulationCharts {
    static let lowPowerColor = "#d1c4e9"

    static func powerSourceColor(onBattery: Bool) -> String { onBattery ? "#a5d6a7" : "#cfd8dc" }

    /// Hotspot and internal temperature of both runs, the classifier's thresholds as labelled lines, and each
    /// run's tier as a strip above the plot.
    static func temperature(_ result: SimulationResult) -> LineChart {
        let time = TimeAxis(durationSeconds: result.durationSeconds)
        let policy = result.withPolicy.timeline
        let baseline = result.baseline.timeline
        var chart = LineChart(
            title: "Temperature over time",
            xLabel: time.label,
            yLabel: "°C",
            series: [
                .init(name: "hotspot", color: Palette.series[1], points: policy.map { (time($0.timeSeconds), $0.hotspotCelsius) }),
                .init(name: "internal", color: Palette.series[0], points: policy.map { (time($0.timeSeconds), $0.internalCelsius) }),
                .init(name: "skin (mean)", color: Palette.series[2], points: policy.map { (time($0.timeSeconds), $0.skinCelsius) }),
                .init(
                    name: "hotspot, baseline",
                    color: Palette.series[1],
                    points: baseline.map { (time($0.timeSeconds), $0.hotspotCelsius) },
                    dashed: true
                ),
                .init(
                    name: "internal, baseline",
                    color: Palette.series[0],
                    points: baseline.map { (time($0.timeSeconds), $0.internalCelsius) },
                    dashed: true
                ),
                .init(name: "ambient", color: Palette.muted, points: policy.map { (time($0.timeSeconds), $0.ambientCelsius) }),
            ]
        )
        chart.height = 360
        chart.xDomain = (0, time(result.durationSeconds))
        chart.strips = [
            .init(label: "with policy", bands: tierBands(policy, time: time)),
            .init(label: "baseline", bands: tierBands(baseline, time: time)),
        ]
        chart.rules = thresholdRules(result)
        chart.bandLegend = Tier.allCases.map { ($0.rawValue, Palette.tierStrip($0)) }
        return chart
    }

    /// The classifier's thresholds for the simulated sensors the runs come near.
    static func thresholdRules(_ result: SimulationResult) -> [LineChart.Rule] {
        guard let thresholds = result.thresholds else { return [] }
        let peaks = [
            "skin": max(result.withPolicy.peakHotspotCelsius, result.baseline.peakHotspotCelsius),
            "internal": max(result.withPolicy.peakInternalCelsius, result.baseline.peakInternalCelsius),
        ]
        return thresholdRules(thresholds.sensors, peak: { peaks[$0] ?? -.infinity })
    }

    /// Entry (solid) and exit (dashed) temperatures of each sensor whose peak comes within 5 °C of its fair exit
    /// temperature (the others would only squash the chart), named by sensor when more than one is drawn.
    static func thresholdRules(_ sensors: [ClassifierThresholds.Sensor], peak: (String) -> Double) -> [LineChart.Rule] {
        let near = sensors.filter { peak($0.label) >= $0.thresholds.exit.fair - 5 }
        return near.flatMap { sensor -> [LineChart.Rule] in
            let prefix = near.count > 1 ? "\(sensor.label.split(separator: "/").last.map(String.init) ?? sensor.label) " : ""
            return Tier.allCases.dropFirst().flatMap { tier -> [LineChart.Rule] in
                guard let entry = sensor.thresholds.entry.entry(of: tier), let exit = sensor.thresholds.exit.entry(of: tier) else {
                    return []
                }
                return [
                    .init(
                        y: entry,
                        label: "\(prefix)\(tier) \(ReportNumber.coordinate(entry))",
                        color: Palette.tierStrong(tier),
                        labelColor: Palette.tierText(tier)
                    ),
                    .init(
                        y: exit,
                        label: "\(prefix)exit \(ReportNumber.coordinate(exit))",
                        color: Palette.tierStrong(tier),
                        dashed: true,
                        labelColor: Palette.tierText(tier)
                    ),
                ]
            }
        }
    }

    /// A run's tier strip, in axis units.
    static func tierBands(_ timeline: [TimelineSample], time: TimeAxis) -> [LineChart.Band] {
        tierBands(timeline.map { (time($0.timeSeconds), $0.tier) }, start: 0, color: Palette.tierStrip)
    }

    /// Spans of equal tier: each sample's tier holds from the previous sample's time to its own.
    static func tierBands(
        _ samples: [(time: Double, tier: Tier)],
        start: Double,
        color: (Tier) -> String = Palette.tier
    ) -> [LineChart.Band] {
        var bands: [LineChart.Band] = []
        var from = start
        for sample in samples {
            if let last = bands.last, last.label == sample.tier.rawValue {
                bands[bands.count - 1].to = sample.time
            } else {
                bands.append(LineChart.Band(from: from, to: sample.time, color: color(sample.tier), label: sample.tier.rawValue))
            }
            from = sample.time
        }
        return bands
    }

    /// How many requests a minute the policy rewrote, fell back or dropped, counted in buckets of a minute (a
    /// fortieth of the run when it is shorter than 40 minutes), drawn as steps.
    static func changedRate(_ result: SimulationResult) -> LineChart? {
        let run = result.withPolicy
        guard run.timeline.contains(where: { $0.changedDecisions > 0 }), result.durationSeconds > 0 else { return nil }
        let time = TimeAxis(durationSeconds: result.durationSeconds)
        let bucket = max(min(60, result.durationSeconds / 40), run.sampleIntervalSeconds)
        let buckets = Int((result.durationSeconds / bucket).rounded(.up))
        var counts = [Int](repeating: 0, count: buckets)
        for sample in run.timeline where sample.changedDecisions > 0 {
            // A sample counts the interval that ends at its time: file it under the bucket that interval lies in.
            let index = Int(((sample.timeSeconds - run.sampleIntervalSeconds / 2) / bucket).rounded(.down))
            counts[min(max(index, 0), buckets - 1)] += sample.changedDecisions
        }
        let points = counts.enumerated().flatMap { index, count -> [(x: Double, y: Double)] in
            let start = Double(index) * bucket
            let perMinute = Double(count) / bucket * 60
            return [(time(start), perMinute), (time(min(start + bucket, result.durationSeconds)), perMinute)]
        }
        var chart = LineChart(
            title: "Requests the policy changed, per minute",
            xLabel: time.label,
            yLabel: "/min",
            series: [.init(name: "changed", color: Palette.ink, points: points)]
        )
        chart.height = 190
        chart.reservesRuleMargin = true
        chart.xDomain = (0, time(result.durationSeconds))
        chart.yIncludes = [0]
        return chart
    }

    /// Battery over time in both runs, low-power spans shaded, and whether the device ran on battery or mains;
    /// `nil` when the battery never moved and low power never came.
    static func battery(_ result: SimulationResult) -> LineChart? {
        let policy = result.withPolicy
        let baseline = result.baseline
        let moved = [policy, baseline].contains { run in
            run.timeline.contains { abs($0.batteryPercentage - run.batteryStartPercentage) >= 0.05 }
        }
        guard moved || policy.tierSeconds.lowPower > 0 || baseline.tierSeconds.lowPower > 0 else { return nil }
        let time = TimeAxis(durationSeconds: result.durationSeconds)
        var chart = LineChart(
            title: "Battery over time",
            xLabel: time.label,
            yLabel: "%",
            series: [
                .init(
                    name: "with policy",
                    color: Palette.series[3],
                    points: policy.timeline.map { (time($0.timeSeconds), $0.batteryPercentage) }
                ),
                .init(
                    name: "baseline",
                    color: Palette.series[3],
                    points: baseline.timeline.map { (time($0.timeSeconds), $0.batteryPercentage) },
                    dashed: true
                ),
            ]
        )
        chart.height = 250
        chart.reservesRuleMargin = true
        chart.xDomain = (0, time(result.durationSeconds))
        chart.bands = spans(policy.timeline, time: time, where: \.lowPower).map {
            .init(from: $0.from, to: $0.to, color: lowPowerColor, label: "low power with the policy", opacity: 0.6)
        }
        if !chart.bands.isEmpty { chart.bandLegend = [("low power", lowPowerColor)] }
        let onBattery = spans(policy.timeline, time: time, where: \.onBattery)
        let onMains = spans(policy.timeline, time: time, where: { !$0.onBattery })
        chart.strips = [
            .init(
                label: onMains.isEmpty ? "on battery" : onBattery.isEmpty ? "on mains power" : "on battery (green) or mains (grey)",
                bands: onBattery.map { .init(from: $0.from, to: $0.to, color: powerSourceColor(onBattery: true), label: "on battery") }
                    + onMains.map { .init(from: $0.from, to: $0.to, color: powerSourceColor(onBattery: false), label: "on mains power") }
            )
        ]
        let lowest = (policy.timeline + baseline.timeline).map(\.batteryPercentage).min() ?? 100
        if let thresholds = result.thresholds, lowest <= thresholds.lowBatteryPercentage + 10 {
            chart.rules = [
                .init(
                    y: thresholds.lowBatteryPercentage,
                    label: "low \(ReportNumber.coordinate(thresholds.lowBatteryPercentage)) %",
                    color: Palette.tierStrong(.serious),
                    dashed: true
                )
            ]
            if lowest <= thresholds.criticalBatteryPercentage + 5 {
                chart.rules.append(
                    .init(
                        y: thresholds.criticalBatteryPercentage,
                        label: "critical \(ReportNumber.coordinate(thresholds.criticalBatteryPercentage)) %",
                        color: Palette.tierStrong(.critical),
                        dashed: true
                    )
                )
            }
        }
        return chart
    }

    /// Spans of the timeline (in axis units) where `holds` is true of the sample closing each interval.
    static func spans(_ timeline: [TimelineSample], time: TimeAxis, where holds: (TimelineSample) -> Bool) -> [(from: Double, to: Double)] {
        var spans: [(from: Double, to: Double)] = []
        var previous = 0.0
        for sample in timeline {
            if holds(sample) {
                if let last = spans.last, last.to == time(previous) {
                    spans[spans.count - 1].to = time(sample.timeSeconds)
                } else {
                    spans.append((time(previous), time(sample.timeSeconds)))
                }
            }
            previous = sample.timeSeconds
        }
        return spans
    }

    static func energyByKind(_ result: SimulationResult) -> BarChart {
        BarChart(
            title: "Feedback energy by kind",
            unit: "J",
            segmentNames: result.withPolicy.playedEnergy.kinds.map(\.name),
            segmentColors: Palette.kinds,
            bars: [
                .init(label: "with policy", values: result.withPolicy.playedEnergy.kinds.map { $0.millijoules / 1000 }),
                .init(label: "baseline (policy off)", values: result.baseline.playedEnergy.kinds.map { $0.millijoules / 1000 }),
            ],
            decimals: 2
        )
    }

    static func energyByPattern(_ run: RunSummary) -> BarChart {
        BarChart(
            title: "Energy per pattern",
            unit: "J",
            segmentNames: ["played", "saved by the policy"],
            segmentColors: [Palette.series[0], Palette.grid],
            bars: run.energyByItem.map {
                .init(
                    label: "\($0.name) ×\($0.requests)",
                    values: [$0.playedMillijoules / 1000, max(0, $0.requestedMillijoules - $0.playedMillijoules) / 1000]
                )
            },
            decimals: 2
        )
    }
}
