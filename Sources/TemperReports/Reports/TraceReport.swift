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
            subtitle: "\(result.samples.count) snapshots over \(ClockText.format(result.durationSeconds)) from "
                + "\(result.sensors.count) temperature sensors\(result.ignoredSensors.isEmpty ? "" : " (\(result.ignoredSensors.count) ignored)")."
        )
        let verdict = TraceVerdict(result)
        document.headline(verdict.sentence)
        document.heading("Timeline")
        if result.sensors.isEmpty {
            document.paragraph("No temperature sensor reported a value in this trace; the tiers below come from the other inputs.")
        }
        // A timeline of the tier alone, with nothing measured under it, would say no more than the table below.
        let measured =
            !result.sensors.isEmpty
            || result.samples.contains { !$0.channels.isEmpty || $0.batteryPercentage != nil || $0.forecastSeconds != nil }
        if result.samples.count > 1, measured {
            document.chart("timeline.svg", TraceTimeline.timeline(for: result), caption: timelineCaption(result))
        }
        document.heading("Tier timeline")
        if result.transitions.isEmpty {
            document.paragraph("The condition never changed: \(result.highestTier) throughout.")
        } else {
            let leads = leadSensors(at: result.transitions.map(\.timeSeconds), in: result)
            document.table(
                ["time (m:ss)", "change", "driven by", "why"],
                zip(result.transitions, leads).map { transition, lead in
                    [ClockText.format(transition.timeSeconds), change(transition), lead ?? "", transition.reasons.first ?? ""]
                }
            )
        }
        document.table(
            ["tier", "time (m:ss)", "driven by"],
            Tier.allCases.map { tier in
                [
                    tier.rawValue, ClockText.format(result.tierSeconds[tier]),
                    tier == .nominal ? "" : verdict.driver(of: tier).map { "\($0.sensor) (\(ClockText.format($0.seconds)))" } ?? "",
                ]
            } + [["low power", ClockText.format(result.tierSeconds.lowPower), ""]]
        )
        return document
    }

    static func timelineCaption(_ result: TraceResult) -> String {
        var caption =
            "Every lane shares the time axis. Tier: the classified tier, with a mark at each change (its tooltip gives the reason). "
            + "Temperatures: each sensor; dotted lines are the classifier's thresholds, drawn once for each group of sensors that "
            + "share them and listed under the chart (a tier starts at its line and is left only below the fainter one under it)."
        if !result.ignoredSensors.isEmpty { caption += " Grey lines are sensors the classifier ignores." }
        caption +=
            " Point at a moment to read the tier and every line's value there. Drag across the chart to zoom, double-click to reset; click a legend entry to hide or show its line."
        return caption
    }

    /// A change of condition as a table row says it: `nominal → fair`, or `low power on (nominal)` when only low
    /// power changed, never `nominal → nominal`.
    static func change(_ transition: TierTransition) -> String {
        guard transition.from == transition.to else { return "\(transition.from) → \(transition.to)" }
        return "low power \(transition.lowPower ? "on" : "off") (\(transition.to))"
    }

    /// The sensor that set the tier at each of `times` (ascending, each a snapshot's time), in one walk.
    static func leadSensors(at times: [Double], in result: TraceResult) -> [String?] {
        var index = 0
        return times.map { time in
            while index + 1 < result.samples.count, result.samples[index].timeSeconds < time { index += 1 }
            return result.samples.indices.contains(index) ? result.samples[index].leadSensor : nil
        }
    }

    /// Whether the host ran on its battery or on mains power, as a strip of the tier lane; `nil` when the
    /// trace never says.
    static func powerSourceStrip(_ result: TraceResult, time: TimeAxis) -> Timeline.Strip? {
        var spans: [Timeline.Span] = []
        for (previous, sample) in zip(result.samples, result.samples.dropFirst()) {
            guard let onBattery = sample.onBattery else { continue }
            let label = onBattery ? "on battery" : "on mains power"
            if let last = spans.last, last.label == label, last.to == time(previous.timeSeconds) {
                spans[spans.count - 1].to = time(sample.timeSeconds)
            } else {
                let color = SimulationCharts.powerSourceColor(onBattery: onBattery)
                spans.append(.init(from: time(previous.timeSeconds), to: time(sample.timeSeconds), color: color, label: label))
            }
        }
        guard !spans.isEmpty else { return nil }
        return .init(label: "on battery", spans: spans)
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
