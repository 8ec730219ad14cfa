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

    /// Energy per pattern: what played with the policy, what the policy saved (the baseline's played minus the
    /// policy's) and what neither run paid (the request's own price minus what the baseline paid: what it shared
    /// with what already played). The second adds up to the headline's saving.
    static func energyByPattern(_ result: SimulationResult) -> BarChart {
        BarChart(
            title: "Energy per pattern",
            unit: "J",
            segmentNames: ["played with the policy", "saved by the policy", "not paid in either run"],
            segmentColors: [Palette.series[0], Palette.series[1], Palette.grid],
            bars: PatternSavings.rows(result).map {
                .init(
                    label: "\($0.name) ×\($0.requests)",
                    values: [$0.playedMillijoules / 1000, max(0, $0.savedMillijoules) / 1000, max(0, $0.unpaidMillijoules) / 1000]
                )
            },
            decimals: 2
        )
    }
}

/// One pattern's energy in both runs, as the per-pattern chart and table show it.
struct PatternSavings {
    var name: String
    var requests: Int
    /// Its requests' own prices, as if each played alone.
    var requestedMillijoules: Double
    var baselineMillijoules: Double
    var playedMillijoules: Double
    /// The baseline's played minus the policy's: what the policy saved on this pattern.
    var savedMillijoules: Double { baselineMillijoules - playedMillijoules }
    /// The requests' own prices minus what the baseline paid, with every request played: what it shared with what
    /// already played, so no run paid it.
    var unpaidMillijoules: Double { requestedMillijoules - baselineMillijoules }

    /// Each pattern of the run with the policy, in its order, matched by name with the baseline's.
    static func rows(_ result: SimulationResult) -> [PatternSavings] {
        let baseline = Dictionary(result.baseline.energyByItem.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return result.withPolicy.energyByItem.map { item in
            PatternSavings(
                name: item.name,
                requests: item.requests,
                requestedMillijoules: item.requestedMillijoules,
                baselineMillijoules: baseline[item.name]?.playedMillijoules ?? 0,
                playedMillijoules: item.playedMillijoules
            )
        }
    }
}
