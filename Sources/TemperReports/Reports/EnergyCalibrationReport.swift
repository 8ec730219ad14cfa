public import FoundationEssentials
public import TemperCalibration
public import TemperCore

/// The report of `temper calibrate energy --report DIR`: the fitted figures with their intervals, and each
/// measured pattern against what the fitted profile predicts.
public enum EnergyCalibrationReport: Sendable {
    /// Writes `index.html`, `report.md` and `data.json` into `directory`.
    /// - Parameters:
    ///   - base: the profile the fit started from; its figures stand beside the fitted ones.
    ///   - profile: the name of the profile written with the fitted figures (`--out`), or `nil` when none was.
    public static func write(
        _ fit: EnergyFit,
        base: DeviceProfile,
        profile: String?,
        measurements: String,
        to directory: URL
    )
        throws(TemperError)
    {
        try ReportBundle.write(
            document(for: fit, base: base, profile: profile, measurements: measurements),
            data: ReportData(device: base.name, profile: profile, fit: fit.summary),
            to: directory
        )
    }

    struct ReportData: Encodable {
        /// The profile the fit started from, and the one written with its figures (`nil` when none was).
        var device: String
        var profile: String?
        var fit: EnergyFitSummary
    }

    static func document(for fit: EnergyFit, base: DeviceProfile, profile: String?, measurements: String) -> ReportDocument {
        var document = FittedFigures.document(
            kind: "Energy",
            base: base.name,
            profile: profile,
            figures: "actuator figures",
            how: "fitted by `temper calibrate energy` (least squares) to \(fit.measured.count) measured patterns in \(measurements); "
                + "RMSE \(ReportNumber.fixed(fit.rmseMillijoules, 3)) mJ."
        )
        document.heading("Fitted figures")
        document.table(
            FittedFigures.headers(base: base.name),
            FittedFigures.rows(fit.fittedFigures) { EnergyCalibration.value(of: $0, in: base.haptics) }
        )
        document.paragraph(
            "Intervals are 95 % (Student's t at \(fit.result.degreesOfFreedom) degrees of freedom) from the covariance at the fit, "
                + "in log coordinates for energies and powers and logit for bounded figures, so they stay physical. "
                + (fit.measured.allSatisfy { $0.standardDeviation != nil }
                    ? "Residuals are weighted by the measurements' standard deviations, and the intervals come from them."
                    : "The file gives no standard deviations, so the intervals come from the residuals' spread.")
        )
        document.heading("Measured against fitted")
        document.table(
            ["pattern", "line", "repetitions", "measured mJ", "fitted mJ", "residual mJ", "residual %"],
            zip(fit.measured, fit.predictedMillijoules).map { row, predicted in
                let residual = predicted - row.millijoules
                return [
                    row.patternPath, "\(row.line)", "\(row.repetitions)", ReportNumber.fixed(row.millijoules, 3),
                    ReportNumber.fixed(predicted, 3),
                    ReportNumber.fixed(residual, 3), row.millijoules > 0 ? ReportNumber.fixed(100 * residual / row.millijoules, 1) : "-",
                ]
            }
        )
        document.chart(
            "measured-and-fitted.svg",
            BarChart(
                title: "Measured and fitted energy per pattern",
                unit: "mJ",
                segmentNames: ["measured", "fitted"],
                segmentColors: [Palette.series[0], Palette.series[1]],
                bars: zip(fit.measured, fit.predictedMillijoules).flatMap { row, predicted in
                    let name = URL(fileURLWithPath: row.patternPath).lastPathComponent
                    return [BarChart.Bar(label: name, values: [row.millijoules, 0]), BarChart.Bar(label: "", values: [0, predicted])]
                }
            ),
            caption: "Each pattern's measured energy over all its repetitions, and what the fitted profile predicts."
        )
        document.paragraph(
            "Residuals scattered around zero mean the model explains the measurements; residuals that grow with intensity, "
                + "sharpness or silence point at the figure that governs them, or at a measurement that included something else."
        )
        return document
    }
}
