import TemperCore

extension EnergyFit {
    /// The fitted keys with their values (key, unit, value), in profile order.
    public var fittedFigures: [(key: String, unit: String?, value: FittedValue)] {
        figures.map { ($0.key, EnergyCalibration.units[$0.key], $0.value) }
    }

    /// The `--json` contract: each fitted key as `{value, low, high}`, plus `rmseMillijoules` and each
    /// measurement's residual.
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
            }
        )
    }

    /// The new lines of the fitted `haptics` figures, marked `fitted:` with the measurements file, their 95 %
    /// interval and the fit's RMSE, for ``ProfileText/replacingFigures(_:inSection:in:file:name:)``.
    public func profileLines(measurementsName: String) -> [(key: String, line: String)] {
        let rmse = ProfileText.number(rmseMillijoules, digits: 3)
        return fittedFigures.map { figure in
            let shown = ProfileText.figure(figure.value)
            let unitText = figure.unit.map { " \($0)" } ?? ""
            let text =
                "temper calibrate energy on \(measurementsName) (\(measured.count) measurements): 95 % interval "
                + "\(shown.interval)\(unitText), fit RMSE \(rmse) mJ"
            let unit = figure.unit.map { ", unit: \(ProfileText.quoted($0))" } ?? ""
            return (figure.key, "  \(figure.key): {value: \(shown.value)\(unit), fitted: \(ProfileText.quoted(text))}")
        }
    }
}

/// Each fitted key as `{value, low, high}`, the fit's RMSE and each measurement's residual, as one flat JSON object.
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

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FitSummaryKey.self)
        try container.encode(figures: figures)
        try container.encode(rmseMillijoules, forKey: "rmseMillijoules")
        try container.encode(residuals, forKey: "residuals")
    }
}
