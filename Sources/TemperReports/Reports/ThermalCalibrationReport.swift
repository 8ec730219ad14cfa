public import FoundationEssentials
public import TemperCalibration
public import TemperCore
import TemperSimulation

/// The report of `temper calibrate thermal --report DIR`: each trace measured against the fitted model, the
/// residuals, and the fitted numbers with their intervals.
public enum ThermalCalibrationReport: Sendable {
    /// Writes `index.html`, `report.md`, `data.json` and the charts into `directory`.
    /// - Parameters:
    ///   - base: the profile the fit started from; its figures stand beside the fitted ones.
    ///   - profile: the name of the profile written with the fitted figures (`--out`), or `nil` when none was.
    public static func write(_ fit: ThermalFit, base: DeviceProfile, profile: String?, to directory: URL) throws(TemperError) {
        let data = ReportData(
            device: base.name,
            profile: profile,
            fit: fit.summary,
            traces: zip(fit.series, fit.curves).map { series, curve in
                TraceFit(
                    name: series.name,
                    samples: series.times.count,
                    powerSource: series.powerSource,
                    rmseCelsius: ThermalCalibration.rmse(curve, against: series)
                )
            }
        )
        try ReportBundle.write(document(for: fit, base: base, profile: profile), data: data, to: directory)
    }

    struct ReportData: Encodable {
        /// The profile the fit started from, and the one written with its figures (`nil` when none was).
        var device: String
        var profile: String?
        var fit: ThermalFitSummary
        var traces: [TraceFit]
    }

    struct TraceFit: Encodable {
        var name: String
        var samples: Int
        var powerSource: String
        var rmseCelsius: Double
    }

    static func document(for fit: ThermalFit, base: DeviceProfile, profile: String?) -> ReportDocument {
        let traces = fit.series.map(\.name).joined(separator: ", ")
        var document = FittedFigures.document(
            kind: "Thermal",
            base: base.name,
            profile: profile,
            figures: "thermal figures",
            how: "fitted by `temper calibrate thermal` (the two-node model, least squares) to \(fit.series.count) "
                + "trace\(fit.series.count == 1 ? "" : "s") (\(traces)); "
                + "RMSE \(ProfileText.number(fit.rmseCelsius, digits: 2)) °C over \(fit.result.residuals.count) readings."
        )
        document.heading("Fitted figures")
        let start = ThermalCalibration.figures(of: base.thermal)
        document.table(FittedFigures.headers(base: base.name), FittedFigures.rows(fit.fittedFigures) { start[$0] })
        let model = ThermalModel(parameters: fit.parameters, internalCelsius: 0, skinCelsius: 0)
        let constants = model.timeConstantsSeconds
        document.paragraph(
            "Intervals are 95 % (Student's t at \(fit.result.degreesOfFreedom) degrees of freedom, quantile "
                + "\(ReportNumber.fixed(fit.result.intervalQuantile, 3))) from the covariance at the fit, computed in log coordinates for "
                + "positive figures and logit for the hotspot weight, so they stay physical. Time constants of the fitted model: "
                + "\(ClockText.format(constants.fast)) and \(ClockText.format(constants.slow))."
        )
        let correlation = fit.residualAutocorrelation
        document.paragraph(
            "Residuals' lag-1 autocorrelation: \(ReportNumber.fixed(correlation, 2)). "
                + (correlation > ThermalFit.correlatedResidualsThreshold
                    ? "They drift rather than scatter: the model misses something in these traces (a changing room, an unrecorded heat source), so the intervals above are too narrow."
                    : "They scatter like independent noise, as the intervals assume.")
        )
        for (index, (series, curve)) in zip(fit.series, fit.curves).enumerated() {
            let time = TimeAxis(durationSeconds: series.times.last ?? 0)
            document.heading("Trace \(series.name)")
            document.paragraph(
                "\(series.times.count) samples\(series.skippedSamples > 0 ? " (\(series.skippedSamples) unreadable left out)" : ""); power from \(series.powerSource); RMSE of the fit on this trace "
                    + "\(ProfileText.number(ThermalCalibration.rmse(curve, against: series), digits: 2)) °C."
            )
            let measured = LineChart(
                title: "Measured and fitted",
                xLabel: time.label,
                yLabel: "°C",
                series: [
                    .init(
                        name: "internal, measured",
                        color: Palette.series[0],
                        points: zip(series.times, series.internalCelsius).map { (time($0), $1) }
                    ),
                    .init(
                        name: "internal, fitted",
                        color: Palette.series[0],
                        points: zip(series.times, curve.internalCelsius).map { (time($0), $1) },
                        dashed: true
                    ),
                    .init(
                        name: "hotspot, measured",
                        color: Palette.series[1],
                        points: zip(series.times, series.hotspotCelsius).map { (time($0), $1) }
                    ),
                    .init(
                        name: "hotspot, fitted",
                        color: Palette.series[1],
                        points: zip(series.times, curve.hotspotCelsius).map { (time($0), $1) },
                        dashed: true
                    ),
                ]
            )
            document.chart(
                "fit-\(index + 1).svg",
                measured,
                caption: "Measured temperatures (solid) and the fitted model (dashed) on \(series.name)."
            )
            let internalResiduals = series.times.indices.map { curve.internalCelsius[$0] - series.internalCelsius[$0] }
            let hotspotResiduals = series.times.indices.map { curve.hotspotCelsius[$0] - series.hotspotCelsius[$0] }
            // Small residuals in millidegrees, so the axis has numbers to read.
            let largest = (internalResiduals + hotspotResiduals).map(abs).max() ?? 0
            let (scale, unit) = largest < 0.5 ? (1000.0, "m°C") : (1.0, "°C")
            var residuals = LineChart(
                title: "Residuals (fitted − measured)",
                xLabel: time.label,
                yLabel: unit,
                series: [
                    .init(
                        name: "internal",
                        color: Palette.series[0],
                        points: series.times.indices.map { (time(series.times[$0]), internalResiduals[$0] * scale) }
                    ),
                    .init(
                        name: "hotspot",
                        color: Palette.series[1],
                        points: series.times.indices.map { (time(series.times[$0]), hotspotResiduals[$0] * scale) }
                    ),
                ]
            )
            residuals.height = 220
            document.chart(
                "residuals-\(index + 1).svg",
                residuals,
                caption:
                    "Residuals on \(series.name): noise around zero means the model explains the trace; a slow drift means it does not (a changing room, an unrecorded heat source)."
            )
            var power = LineChart(
                title: "Power into the device",
                xLabel: time.label,
                yLabel: "W",
                series: [
                    .init(
                        name: "power",
                        color: Palette.series[3],
                        points: series.times.indices.dropFirst().map { (time(series.times[$0]), series.powerWatts[$0]) }
                    )
                ]
            )
            power.height = 220
            document.chart("power-\(index + 1).svg", power, caption: "The power the fit used: mean power between samples.")
        }
        return document
    }
}
