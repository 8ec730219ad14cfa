import TemperCore
import TemperSimulation

/// The simulation report's charts. Every time chart spans the whole run, so their axes line up.
enum SimulationCharts {
    static let lowPowerColor = "#d1c4e9"

    static func powerSourceColor(onBattery: Bool) -> String { onBattery ? "#a5d6a7" : "#cfd8dc" }

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
