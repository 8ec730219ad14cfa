public import FoundationEssentials
public import TemperCore
public import TemperSimulation

/// The report of `temper report TRACE --report DIR`: a recorded host trace as the classifier saw it.
public enum TraceReport: Sendable {
    /// Writes `index.html`, `report.md`, `data.json` and the charts into `directory`.
    public static func write(_ result: TraceResult, to directory: URL) throws(TemperError) {
        try ReportBundle.write(document(for: result), data: result, to: directory)
    }

    static func document(for result: TraceResult) -> ReportDocument {
        var document = ReportDocument(
            title: "Host trace: \(result.trace)",
            subtitle:
                "\(result.samples.count) snapshots over \(ClockText.format(result.durationSeconds)); highest tier \(result.highestTier)."
        )
        let time = TimeAxis(durationSeconds: result.durationSeconds)
        // Every chart spans the whole trace, so their time axes line up even where a series has no values.
        let span = (low: time(result.samples.first?.timeSeconds ?? 0), high: time(result.samples.last?.timeSeconds ?? 0))
        document.heading("Temperatures and tiers")
        if result.sensors.isEmpty {
            document.paragraph("No temperature sensor reported a value in this trace; the tiers below come from the other inputs.")
        } else {
            var temperatures = LineChart(
                title: "Temperatures over time",
                xLabel: time.label,
                yLabel: "°C",
                series: result.sensors.enumerated().map { index, sensor in
                    LineChart.Series(
                        name: sensor,
                        color: Palette.series[index % Palette.series.count],
                        points: result.samples.compactMap { sample in
                            sample.temperatures.first { $0.sensor == sensor }.map { (time(sample.timeSeconds), $0.celsius) }
                        }
                    )
                }
            )
            temperatures.bands = SimulationCharts.tierBands(
                result.samples.map { (time($0.timeSeconds), $0.tier) },
                start: time(result.samples.first?.timeSeconds ?? 0)
            )
            temperatures.xDomain = span
            temperatures.bandLegend = Tier.allCases.map { ($0.rawValue, Palette.tier($0)) }
            temperatures.rules = thresholdRules(result)
            document.chart(
                "temperature.svg",
                temperatures,
                caption: "Each sensor over time; bands show the classified tier. Lines across the plot are the classifier's thresholds "
                    + "for the sensors that come near them: a tier starts at its solid line and is left only below its dashed exit line."
            )
        }

        document.heading("Battery")
        let battery = result.samples.compactMap { sample in sample.batteryPercentage.map { (time(sample.timeSeconds), $0) } }
        if battery.isEmpty {
            document.paragraph("No battery was available in this trace.")
        } else {
            var chart = LineChart(
                title: "Battery over time",
                xLabel: time.label,
                yLabel: "%",
                series: [.init(name: "battery", color: Palette.series[3], points: battery)]
            )
            chart.bands = lowPowerSpans(result, time: time)
            chart.strips = powerSourceStrip(result, time: time)
            if !chart.bands.isEmpty { chart.bandLegend = [("low power", SimulationCharts.lowPowerColor)] }
            chart.height = 220
            chart.xDomain = span
            chart.reservesRuleMargin = !thresholdRules(result).isEmpty
            document.chart(
                "battery.svg",
                chart,
                caption:
                    "Battery percentage as UPower reported it; shaded where the classifier said low power. The strip shows whether the host ran on its battery."
            )
        }
        // No forecast (nothing rising, or already critical) is a gap in the line, not a straight join across it.
        let forecast = result.samples.map { sample in (time(sample.timeSeconds), sample.forecastSeconds.map { min($0, 600) } ?? .nan) }
        if forecast.contains(where: { !$0.1.isNaN }) {
            document.heading("Forecast")
            var chart = LineChart(
                title: "Seconds to the next tier (capped at 600)",
                xLabel: time.label,
                yLabel: "s",
                series: [.init(name: "forecast", color: Palette.series[2], points: forecast)]
            )
            chart.height = 220
            chart.xDomain = span
            chart.reservesRuleMargin = !thresholdRules(result).isEmpty
            document.chart(
                "forecast.svg",
                chart,
                caption: "The classifier's forecast at each snapshot: seconds until the next tier at the current trend; "
                    + "gaps where nothing was rising or the tier was already critical."
            )
        }
        document.heading("Tier timeline")
        if result.transitions.isEmpty {
            document.paragraph("The condition never changed: \(result.highestTier) throughout.")
        } else {
            document.table(
                ["time (m:ss)", "change", "low power", "why"],
                result.transitions.map {
                    [ClockText.format($0.timeSeconds), "\($0.from) → \($0.to)", $0.lowPower ? "yes" : "no", $0.reasons.first ?? ""]
                }
            )
        }
        document.table(
            ["tier", "time (m:ss)"],
            Tier.allCases.map { [$0.rawValue, ClockText.format(result.tierSeconds[$0])] } + [
                ["low power", ClockText.format(result.tierSeconds.lowPower)]
            ]
        )
        return document
    }

    /// The classifier's thresholds for the sensors the trace comes near.
    static func thresholdRules(_ result: TraceResult) -> [LineChart.Rule] {
        SimulationCharts.thresholdRules(result.sensorThresholds) { label in
            result.samples.flatMap(\.temperatures).filter { $0.sensor == label }.map(\.celsius).max() ?? -.infinity
        }
    }

    /// Whether the host ran on its battery or on mains power, as a strip above the battery chart.
    static func powerSourceStrip(_ result: TraceResult, time: TimeAxis) -> [LineChart.Strip] {
        var bands: [LineChart.Band] = []
        for (previous, sample) in zip(result.samples, result.samples.dropFirst()) {
            guard let onBattery = sample.onBattery else { continue }
            let label = onBattery ? "on battery" : "on mains power"
            if let last = bands.last, last.label == label, last.to == time(previous.timeSeconds) {
                bands[bands.count - 1].to = time(sample.timeSeconds)
            } else {
                bands.append(
                    .init(
                        from: time(previous.timeSeconds),
                        to: time(sample.timeSeconds),
                        color: SimulationCharts.powerSourceColor(onBattery: onBattery),
                        label: label
                    )
                )
            }
        }
        let labels = Set(bands.map(\.label))
        guard !labels.isEmpty else { return [] }
        return [.init(label: labels.count > 1 ? "on battery (green) or mains (grey)" : labels.first!, bands: bands)]
    }

    /// Where the classifier said low power, in axis units.
    static func lowPowerSpans(_ result: TraceResult, time: TimeAxis) -> [LineChart.Band] {
        var bands: [LineChart.Band] = []
        for (previous, sample) in zip(result.samples, result.samples.dropFirst()) where sample.lowPower {
            if let last = bands.last, last.to == time(previous.timeSeconds) {
                bands[bands.count - 1].to = time(sample.timeSeconds)
            } else {
                bands.append(
                    .init(
                        from: time(previous.timeSeconds),
                        to: time(sample.timeSeconds),
                        color: SimulationCharts.lowPowerColor,
                        label: "low power",
                        opacity: 0.6
                    )
                )
            }
        }
        return bands
    }
}

extension TraceReport {
    /// The report's Markdown and every chart's SVG, built in memory: what the trace fuzz target exercises
    /// without writing a folder for each input.
    @_spi(Fuzzing) public static func renderedForFuzzing(_ result: TraceResult) -> [String] {
        let document = document(for: result)
        return [document.markdown(), document.html()] + document.charts.map(\.svg)
    }
}
