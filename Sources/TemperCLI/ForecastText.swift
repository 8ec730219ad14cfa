import TemperCalibration
import TemperCore

/// The text of a single-sensor fit and of the forecast test, for `temper forecast` and `temper calibrate thermal`.
enum ForecastText {
    static func fitLines(_ fit: NodeFit, series: SensorSeries) -> [String] {
        var lines = [
            "\(series.name): \(series.sensor), \(series.times.count) samples over \(ProfileText.number(series.times.last ?? 0, digits: 4)) s",
            "input: \(series.inputSource)\(series.inputKind == .loadProxy ? "; its scale is fitted" : "")",
        ]
        let criteria = fit.informationCriterion.sorted { $0.key < $1.key }.map {
            "\($0.key) node\($0.key == 1 ? "" : "s") \(ProfileText.number($0.value, digits: 6))"
        }
        lines.append("nodes: \(fit.nodes), chosen by the information criterion χ² + p·ln n (\(criteria.joined(separator: ", ")))")
        var table = OutputTable([("figure", .left), ("value", .right), ("95 % interval", .right), ("unit", .left)])
        let gainUnit = series.inputKind == .power ? "°C/W" : "°C per \(series.inputUnit)"
        for (index, tau) in fit.timeConstants.enumerated() {
            let shown = ProfileText.figure(tau, separator: " – ")
            table.append(["time constant \(index + 1)", shown.value, shown.interval, "s"])
            if index < fit.gains.count {
                let gain = ProfileText.figure(fit.gains[index], separator: " – ")
                table.append(["gain \(index + 1)", gain.value, gain.interval, gainUnit])
            }
        }
        let baseline = ProfileText.figure(fit.baseline, separator: " – ")
        table.append([series.inputKind == .power ? "ambient" : "baseline (ambient + idle heat)", baseline.value, baseline.interval, "°C"])
        lines.append(table.render())
        lines.append(
            "RMSE \(ProfileText.number(fit.rmseCelsius, digits: 3)) °C; sensor noise \(ProfileText.number(fit.noiseCelsius, digits: 3)) °C (never below its quantisation step/√12)."
        )
        lines += FitFooter.lines(fit.goodness, intervalsNote: fit.intervalsNote, warnings: fit.goodness.warnings)
        return lines
    }

    static func text(_ test: ForecastTest) -> String {
        let fitPart = test.series.slice(0..<test.fitCount)
        var lines: [String]
        let share =
            "the first \(ProfileText.number(test.settings.fitFraction * 100, digits: 3)) % (to \(ProfileText.number(test.scoredFromSeconds, digits: 5)) s)"
        if let fit = test.fit, let wander = test.modeWanderCelsiusPerRootSecond {
            lines = fitLines(fit, series: fitPart)
            lines.append("")
            lines.append(
                "Fitted on \(share); mode wander \(ProfileText.number(wander, digits: 3)) °C/√s, chosen on the fit part's last 30 %."
            )
        } else {
            lines = [
                "\(fitPart.name): \(fitPart.sensor); input: \(fitPart.inputSource)",
                "no model: \(share) cannot determine it (\(test.modelFailure ?? "")); the trend and persistence are scored alone.",
            ]
        }
        var table = OutputTable([
            ("horizon", .right), ("forecasts", .right), ("model", .right), ("trend", .right), ("persistence", .right),
            ("model − trend (95 %)", .right), ("model − persistence (95 %)", .right),
        ])
        func number(_ value: Double?) -> String { value.map { ProfileText.number($0, digits: 3) } ?? "–" }
        func count(_ value: Int?) -> String { value.map { "\($0)" } ?? "–" }
        func difference(_ value: RMSEDifference?) -> String {
            value.map { "\(number($0.celsius)) (\(number($0.low)) … \(number($0.high)))" } ?? "–"
        }
        for horizon in test.horizons {
            table.append([
                "\(ProfileText.number(horizon.seconds, digits: 4)) s", "\(horizon.forecasts)", number(horizon.rmseCelsius.model),
                number(horizon.rmseCelsius.trend), number(horizon.rmseCelsius.persistence), difference(horizon.modelMinusTrend),
                difference(horizon.modelMinusPersistence),
            ])
        }
        lines.append("RMSE, °C:")
        lines.append(table.render())
        if let threshold = test.threshold {
            let level = ProfileText.number(threshold.celsius, digits: 4)
            if threshold.crossings == 0 {
                lines.append(
                    "Threshold \(level) °C: not crossed in the scored part; false alarms: model \(count(threshold.falseAlarms.model)), trend \(count(threshold.falseAlarms.trend)), persistence \(count(threshold.falseAlarms.persistence))."
                )
            } else {
                let lead = threshold.leadSeconds
                lines.append(
                    "Threshold \(level) °C, crossed \(threshold.crossings) time\(threshold.crossings == 1 ? "" : "s"): seen ahead by model \(number(lead.model)) s, trend \(number(lead.trend)) s, persistence \(number(lead.persistence)) s (mean); false alarms: model \(count(threshold.falseAlarms.model)), trend \(count(threshold.falseAlarms.trend)), persistence \(count(threshold.falseAlarms.persistence))."
                )
            }
        }
        lines.append("Best at the longest horizon: \(test.bestMethod).")
        return lines.joined(separator: "\n")
    }
}
