import Foundation
import TemperCore
import TemperSimulation

/// The report of `temper report TRACE --report DIR`: a recorded host trace as the classifier saw it.
public enum TraceReport {
    /// Writes `index.html`, `report.md`, `data.json` and the charts into `directory`.
    public static func write(_ result: TraceResult, to directory: URL) throws(TemperError) {
        try ReportBundle.write(document(for: result), data: result, to: directory)
    }

    static func document(for result: TraceResult) -> ReportDocument {
        var document = ReportDocument(
            title: "Host trace: \(result.trace)",
            subtitle: "\(result.samples.count) snapshots over \(ReportNumber.clock(result.durationSeconds)); highest tier \(result.highestTier)."
        )
        let minutes = { (seconds: Double) in seconds / 60 }
        document.heading("Temperatures and tiers")
        var temperatures = LineChart(
            title: "Temperatures over time", xLabel: "minutes", yLabel: "°C",
            series: result.sensors.enumerated().map { index, sensor in
                LineChart.Series(
                    name: sensor, color: Palette.series[index % Palette.series.count],
                    points: result.samples.compactMap { sample in
                        sample.temperatures.first { $0.sensor == sensor }.map { (minutes(sample.timeSeconds), $0.celsius) }
                    }
                )
            }
        )
        temperatures.bands = SimulationReport.tierBands(result.samples.map { ($0.timeSeconds, $0.tier) }, start: result.samples.first?.timeSeconds ?? 0)
            .map { LineChart.Band(from: minutes($0.from), to: minutes($0.to), color: $0.color, label: $0.label) }
        temperatures.bandLegend = Tier.allCases.map { ($0.rawValue, Palette.tier($0)) }
        document.chart("temperature.svg", temperatures.render(), caption: "Each sensor over time; bands show the classified tier.")

        let battery = result.samples.compactMap { sample in sample.batteryPercentage.map { (minutes(sample.timeSeconds), $0) } }
        if !battery.isEmpty {
            document.heading("Battery")
            var chart = LineChart(title: "Battery over time", xLabel: "minutes", yLabel: "%", series: [.init(name: "battery", color: Palette.series[3], points: battery)])
            chart.height = 220
            document.chart("battery.svg", chart.render(), caption: "Battery percentage as UPower reported it.")
        }
        let forecast = result.samples.compactMap { sample in sample.forecastSeconds.map { (minutes(sample.timeSeconds), min($0, 600)) } }
        if !forecast.isEmpty {
            document.heading("Forecast")
            var chart = LineChart(
                title: "Seconds to the next tier (capped at 600)", xLabel: "minutes", yLabel: "s",
                series: [.init(name: "forecast", color: Palette.series[2], points: forecast)]
            )
            chart.height = 220
            document.chart("forecast.svg", chart.render(), caption: "The classifier's forecast at each snapshot: seconds until the next tier at the current trend.")
        }
        document.heading("Tier timeline")
        document.table(
            ["time", "change", "low power", "why"],
            result.transitions.map {
                [ReportNumber.clock($0.timeSeconds), "\($0.from) → \($0.to)", $0.lowPower ? "yes" : "no", $0.reasons.first ?? ""]
            }
        )
        document.table(
            ["tier", "time"],
            Tier.allCases.map { [$0.rawValue, ReportNumber.clock(result.tierSeconds[$0])] } + [["low power", ReportNumber.clock(result.tierSeconds.lowPower)]]
        )
        return document
    }
}
