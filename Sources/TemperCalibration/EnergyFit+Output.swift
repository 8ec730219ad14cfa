import TemperCore

extension EnergyFit {
    /// The fitted keys with their values (key, unit, value), in profile order.
    public var fittedFigures: [(key: String, unit: String?, value: FittedValue)] {
        figures.map { ($0.key, EnergyCalibration.units[$0.key], $0.value) }
    }

    /// The `--json` contract: each fitted key as `{value, low, high}`, plus `rmseMillijoules`, each measurement's
    /// residual, `goodnessOfFit` and `warnings`.
    public var summary: EnergyFitSummary {
        EnergyFitSummary(
            figures: fittedFigures.map { ($0.key, .init(value: $0.value.value, low: $0.value.low, high: $0.value.high)) },
            rmseMillijoules: rmseMillijoules,
            residuals: zip(measured, predictedMillijoules).map { row, predicted in
                EnergyFitSummary.Residual(
                    pattern: row.patternPath,
                    line: row.line,
                    repetitions: row.repetitions,
                    measuredMillijoules: row.millijoules,
                    predictedMillijoules: predicted,
                    residualMillijoules: predicted - row.millijoules
                )
            },
            goodnessOfFit: goodness,
            warnings: warnings
        )
    }

    /// How the intervals were made, in one sentence: the t quantile and, when widened, by how much and why.
    public var intervalsNote: String { result.intervalsNote() }

    /// The marker of the comment lines a fit writes at the top of the `haptics` section.
    public static let profileNotesMarker = "temper calibrate energy"

    /// The new lines of the fitted `haptics` figures, marked `fitted:` with the measurements file, their 95 %
    /// interval, the fit's RMSE and reduced χ², for ``ProfileText/replacingFigures(_:inSection:in:file:name:notes:notesMarker:)``,
    /// and the notes it writes above them: the goodness of fit and every warning.
    public func profileLines(measurementsName: String) -> (figures: [(key: String, line: String)], notes: [String]) {
        let rmse = ProfileText.number(rmseMillijoules, digits: 3)
        let chi = goodness.reducedChiSquare.map { ", reduced χ² \(GoodnessOfFit.format($0))" } ?? ""
        let misfit = warnings.isEmpty ? "" : "; warning: misfit, see the notes at the top of this section"
        let figures = fittedFigures.map { figure in
            let shown = ProfileText.figure(figure.value)
            let unitText = figure.unit.map { " \($0)" } ?? ""
            let text =
                "temper calibrate energy on \(measurementsName) (\(measured.count) measurements): 95 % interval "
                + "\(shown.interval)\(unitText), fit RMSE \(rmse) mJ\(chi)\(misfit)"
            let unit = figure.unit.map { ", unit: \(ProfileText.quoted($0))" } ?? ""
            return (figure.key, "  \(figure.key): {value: \(shown.value)\(unit), fitted: \(ProfileText.quoted(text))}")
        }
        let notes = ["on \(measurementsName): \(intervalsNote)", "goodness of fit: \(goodness.line)."] + warnings.map { "warning: \($0)" }
        return (figures, notes)
    }
}

/// Each fitted key as `{value, low, high}`, the fit's RMSE, each measurement's residual, its goodness of fit and
/// its warnings, as one flat JSON object.
public struct EnergyFitSummary: Encodable, Sendable {
    /// `{value, low, high}`, the same in every calibration's summary.
    public typealias Interval = FittedInterval

    public struct Residual: Codable, Sendable, Hashable {
        public var pattern: String
        public var line: Int
        public var repetitions: Int
        public var measuredMillijoules: Double
        public var predictedMillijoules: Double
        public var residualMillijoules: Double
    }

    public var figures: [(key: String, interval: Interval)]
    public var rmseMillijoules: Double
    public var residuals: [Residual]
    public var goodnessOfFit: GoodnessOfFit
    public var warnings: [String]

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FitSummaryKey.self)
        try container.encode(figures: figures)
        try container.encode(rmseMillijoules, forKey: "rmseMillijoules")
        try container.encode(residuals, forKey: "residuals")
        try container.encode(goodnessOfFit, forKey: "goodnessOfFit")
        try container.encode(warnings, forKey: "warnings")
    }
}
