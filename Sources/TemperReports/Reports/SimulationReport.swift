import Foundation
import TemperCore
import TemperSimulation

/// The report of `temper simulate --report DIR`: the run with the policy against the baseline.
public enum SimulationReport {
    /// Writes `index.html`, `report.md`, `data.json` and the charts into `directory`.
    public static func write(_ result: SimulationResult, to directory: URL) throws(TemperError) {
        try ReportBundle.write(document(for: result), data: result, to: directory)
    }

    static func document(for result: SimulationResult) -> ReportDocument {
        let policy = result.withPolicy
        let baseline = result.baseline
        var document = ReportDocument(
            title: "Simulation: \(result.scenario)",
            subtitle: "\(result.description) Device \(result.device); \(ReportNumber.clock(result.durationSeconds)) of virtual time "
                + "at \(ReportNumber.coordinate(result.timeStepSeconds)) s steps; seed \(result.seed)."
        )
        document.heading("Summary")
        document.table(
            ["", "with policy (\(policy.policy))", "baseline (policy off)"],
            [
                ["highest tier", policy.highestTier.rawValue, baseline.highestTier.rawValue],
                ["peak internal", ReportNumber.celsius(policy.peakInternalCelsius), ReportNumber.celsius(baseline.peakInternalCelsius)],
                ["peak skin hotspot", ReportNumber.celsius(policy.peakHotspotCelsius), ReportNumber.celsius(baseline.peakHotspotCelsius)],
                ["peak skin (mean)", ReportNumber.celsius(policy.peakSkinCelsius), ReportNumber.celsius(baseline.peakSkinCelsius)],
                ["feedback energy played", ReportNumber.energy(millijoules: policy.playedEnergy.totalMillijoules),
                 ReportNumber.energy(millijoules: baseline.playedEnergy.totalMillijoules)],
                ["battery at the end", ReportNumber.percent(policy.batteryEndPercentage), ReportNumber.percent(baseline.batteryEndPercentage)],
                ["requests", "\(policy.decisions.total)", "\(baseline.decisions.total)"],
            ]
        )
        document.paragraph("Thermal constants: \(result.thermalSource).")

        document.heading("Temperature and tiers")
        document.chart("temperature.svg", temperatureChart(result), caption: "Skin hotspot, skin mean and internal temperature with the policy (the hotspot always lies between the skin mean and the internal node), the baseline's hotspot dashed; bands show the tier with the policy, ticks the requests the policy changed.")
        document.chart("heat.svg", heatChart(result), caption: heatCaption(result))
        document.heading("Tier timeline")
        if policy.transitions.isEmpty {
            document.paragraph("The condition never changed: nominal throughout.")
        } else {
            document.table(
                ["time", "change", "low power", "why"],
                policy.transitions.map { transition in
                    [
                        ReportNumber.clock(transition.timeSeconds), "\(transition.from) → \(transition.to)", transition.lowPower ? "yes" : "no",
                        transition.reasons.first ?? "",
                    ]
                }
            )
        }
        document.table(
            ["tier", "with policy", "baseline"],
            Tier.allCases.map { tier in
                [tier.rawValue, ReportNumber.clock(policy.tierSeconds[tier]), ReportNumber.clock(baseline.tierSeconds[tier])]
            } + [["low power", ReportNumber.clock(policy.tierSeconds.lowPower), ReportNumber.clock(baseline.tierSeconds.lowPower)]]
        )

        document.heading("Decisions")
        document.table(["outcome", "requests"], policy.decisions.byOutcome.sorted { $0.key.rawValue < $1.key.rawValue }.map { [$0.key.rawValue, "\($0.value)"] })
        if !policy.decisions.byRule.isEmpty {
            document.table(["rule", "times fired"], policy.decisions.byRule.sorted { $0.key < $1.key }.map { [$0.key, "\($0.value)"] })
        }

        document.heading("Energy")
        document.chart("energy-by-kind.svg", energyByKindChart(result), caption: "Feedback energy by kind: what played with the policy, and with the policy off.")
        document.table(
            ["kind", "with policy", "baseline"],
            zip(policy.playedEnergy.kinds, baseline.playedEnergy.kinds).map { mine, theirs in
                [mine.name, ReportNumber.energy(millijoules: mine.millijoules), ReportNumber.energy(millijoules: theirs.millijoules)]
            } + [[
                "total", ReportNumber.energy(millijoules: policy.playedEnergy.totalMillijoules),
                ReportNumber.energy(millijoules: baseline.playedEnergy.totalMillijoules),
            ]]
        )
        document.paragraph("The workload itself used \(ReportNumber.energy(millijoules: policy.workloadEnergyJoules * 1000)) in both runs.")
        if !policy.energyByItem.isEmpty {
            document.chart("energy-by-pattern.svg", energyByPatternChart(policy), caption: "Energy per pattern with the policy: what played, and what the policy saved.")
        }

        if !result.items.isEmpty {
            document.heading("Patterns")
            profiles(result.items, nameHeader: "pattern", chartPrefix: "power", captionSuffix: ", as written", into: &document)
        }
        if !policy.playedVariants.isEmpty {
            document.heading("As the policy played them")
            document.paragraph("What played instead when the policy rewrote a request or fell back: the first of each kind of change.")
            profiles(policy.playedVariants, nameHeader: "pattern, outcome (rules)", chartPrefix: "played", captionSuffix: "", into: &document)
        }
        return document
    }

    /// A table of feedback items (energy, peak, duration) and each one's power curve.
    static func profiles(_ items: [ItemProfile], nameHeader: String, chartPrefix: String, captionSuffix: String, into document: inout ReportDocument) {
        document.table(
            [nameHeader, "energy", "peak", "duration"],
            items.map { item in
                [item.name, ReportNumber.energy(millijoules: item.energyMillijoules), ReportNumber.fixed(item.peakMilliwatts, 0) + " mW",
                 ReportNumber.fixed(item.durationSeconds, 2) + " s"]
            }
        )
        for (index, item) in items.enumerated() where !item.powerSeries.isEmpty {
            document.chart(
                "\(chartPrefix)-\(index + 1).svg", PatternEnergyReport.powerChart(name: item.name, series: item.powerSeries),
                caption: "Power over time of \(item.name)\(captionSuffix)."
            )
        }
    }

    static func temperatureChart(_ result: SimulationResult) -> String {
        let timeline = result.withPolicy.timeline
        let time = TimeAxis(durationSeconds: result.durationSeconds)
        var chart = LineChart(
            title: "Temperature over time", xLabel: time.label, yLabel: "°C",
            series: [
                .init(name: "skin hotspot", color: Palette.series[1], points: timeline.map { (time($0.timeSeconds), $0.hotspotCelsius) }),
                .init(name: "internal", color: Palette.series[0], points: timeline.map { (time($0.timeSeconds), $0.internalCelsius) }),
                .init(name: "skin (mean)", color: Palette.series[2], points: timeline.map { (time($0.timeSeconds), $0.skinCelsius) }),
                .init(name: "hotspot, baseline", color: Palette.series[1], points: result.baseline.timeline.map { (time($0.timeSeconds), $0.hotspotCelsius) }, dashed: true),
                .init(name: "ambient", color: Palette.muted, points: timeline.map { (time($0.timeSeconds), $0.ambientCelsius) }),
            ]
        )
        chart.bands = tierBands(timeline.map { ($0.timeSeconds, $0.tier) }, start: 0).map {
            LineChart.Band(from: time($0.from), to: time($0.to), color: $0.color, label: $0.label)
        }
        chart.bandLegend = Tier.allCases.map { ($0.rawValue, Palette.tier($0)) }
        chart.markers = timeline.filter { $0.changedDecisions > 0 }.map {
            LineChart.Marker(x: time($0.timeSeconds), weight: $0.changedDecisions, label: "\(ReportNumber.clock($0.timeSeconds)): \($0.changedDecisions) changed")
        }
        return chart.render()
    }

    static func heatChart(_ result: SimulationResult) -> String {
        let timeline = result.withPolicy.timeline
        let time = TimeAxis(durationSeconds: result.durationSeconds)
        var series: [LineChart.Series] = [
            .init(name: "workload (W)", color: Palette.series[0], points: timeline.map { (time($0.timeSeconds), $0.workloadWatts) }),
            .init(name: "feedback (W)", color: Palette.series[1], points: timeline.map { (time($0.timeSeconds), $0.feedbackMilliwatts / 1000) }),
        ]
        if timeline.contains(where: { $0.chargerLossWatts > 0 }) {
            series.append(.init(name: "charger loss (W)", color: Palette.series[2], points: timeline.map { (time($0.timeSeconds), $0.chargerLossWatts) }))
        }
        if timeline.contains(where: { $0.insulationKelvinPerWatt > 0 }) {
            series.append(
                .init(name: "insulation (K/W)", color: Palette.muted, points: timeline.map { (time($0.timeSeconds), $0.insulationKelvinPerWatt) }, dashed: true)
            )
        }
        return LineChart(title: "Heat sources and insulation", xLabel: time.label, yLabel: "W, K/W", series: series).render()
    }

    static func heatCaption(_ result: SimulationResult) -> String {
        let timeline = result.withPolicy.timeline
        var parts = ["the workload", "the feedback that played"]
        if timeline.contains(where: { $0.chargerLossWatts > 0 }) { parts.append("the charger's loss") }
        var caption = "Heat into the device with the policy: " + parts.dropLast().joined(separator: ", ") + " and " + parts.last! + "."
        if timeline.contains(where: { $0.insulationKelvinPerWatt > 0 }) {
            caption += " Dashed: the insulation wrapped around it (K/W added between skin and air; the air's temperature is unchanged)."
        }
        return caption
    }

    /// Spans of equal tier: each sample's tier holds from the previous sample's time to its own.
    static func tierBands(_ samples: [(time: Double, tier: Tier)], start: Double) -> [LineChart.Band] {
        var bands: [LineChart.Band] = []
        var from = start
        for sample in samples {
            if let last = bands.last, last.label == sample.tier.rawValue {
                bands[bands.count - 1].to = sample.time
            } else {
                bands.append(LineChart.Band(from: from, to: sample.time, color: Palette.tier(sample.tier), label: sample.tier.rawValue))
            }
            from = sample.time
        }
        return bands
    }

    static func energyByKindChart(_ result: SimulationResult) -> String {
        BarChart(
            title: "Feedback energy by kind", unit: "J", segmentNames: result.withPolicy.playedEnergy.kinds.map(\.name),
            segmentColors: Palette.kinds,
            bars: [
                .init(label: "with policy", values: result.withPolicy.playedEnergy.kinds.map { $0.millijoules / 1000 }),
                .init(label: "baseline (policy off)", values: result.baseline.playedEnergy.kinds.map { $0.millijoules / 1000 }),
            ],
            format: { ReportNumber.coordinate($0) }
        ).render()
    }

    static func energyByPatternChart(_ run: RunSummary) -> String {
        BarChart(
            title: "Energy per pattern", unit: "J", segmentNames: ["played", "saved by the policy"], segmentColors: [Palette.series[0], Palette.grid],
            bars: run.energyByItem.map {
                .init(label: "\($0.name) ×\($0.requests)", values: [$0.playedMillijoules / 1000, max(0, $0.requestedMillijoules - $0.playedMillijoules) / 1000])
            }
        ).render()
    }
}
