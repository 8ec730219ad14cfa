public import TemperCore
import TemperSimulation

extension ThermalFit {
    /// The fitted thermal keys with their values (key, unit, value), in profile order; `ambient` when it was fitted.
    public var fittedFigures: [(key: String, unit: String?, value: FittedValue)] {
        let units: [String: String] = [
            "internalHeatCapacity": "J/K", "internalToSkinResistance": "K/W", "skinHeatCapacity": "J/K", "skinToAmbientResistance": "K/W",
            "ambient": "°C",
        ]
        let keys = ThermalCalibration.fittedKeys + (ambientWasFitted ? ["ambient"] : [])
        return keys.compactMap { key in result[key].map { (key, units[key], $0) } }
    }

    /// The `--json` contract: each fitted key as `{value, low, high}`, plus `rmseCelsius`.
    public var summary: ThermalFitSummary {
        ThermalFitSummary(
            figures: fittedFigures.map {
                ($0.key, ThermalFitSummary.Interval(value: $0.value.value, low: $0.value.low, high: $0.value.high))
            },
            rmseCelsius: rmseCelsius
        )
    }

    /// The profile's new `thermal:` block: fitted numbers marked `fitted:` with the traces, their 95 % interval
    /// and the fit's RMSE; the numbers not fitted keep `base`'s value and provenance.
    public func profileSection(base: DeviceProfile, traceNames: [String]) -> [String] {
        let traces = traceNames.joined(separator: ", ")
        let rmse = ProfileText.number(rmseCelsius, digits: 2)
        var lines = [
            "# Fitted by 'temper calibrate thermal' to \(traces): RMSE \(rmse) °C over \(result.residuals.count) readings.",
            "# Intervals are 95 % (Student's t, \(result.degreesOfFreedom) degrees of freedom) from the fit's covariance.",
            "thermal:",
        ]
        var written: Set<String> = []
        for figure in fittedFigures {
            let shown = ProfileText.figure(figure.value)
            let text =
                "temper calibrate thermal on \(traces): 95 % interval \(shown.interval)\(figure.unit.map { " \($0)" } ?? ""), fit RMSE \(rmse) °C"
            let unit = figure.unit.map { ", unit: \(ProfileText.quoted($0))" } ?? ""
            lines.append("  \(figure.key): {value: \(shown.value)\(unit), fitted: \(ProfileText.quoted(text))}")
            written.insert(figure.key)
        }
        let kept: [(String, String, Double)] = [
            ("ambient", "°C", base.thermal.defaultAmbientCelsius), ("baselineWorkload", "W", base.thermal.baselineWorkloadWatts),
        ]
        for (key, unit, value) in kept where !written.contains(key) {
            let provenance = base.provenance["thermal.\(key)"] ?? FigureProvenance(.derived, "kept from the base profile '\(base.name)'")
            lines.append(
                "  \(key): {value: \(ProfileText.number(value, digits: 6)), unit: \(ProfileText.quoted(unit)), \(provenance.kind.rawValue): \(ProfileText.quoted(provenance.text))}"
            )
        }
        return lines
    }
}

/// Each fitted key as `{value, low, high}` and the fit's RMSE, encoded as one flat JSON object.
public struct ThermalFitSummary: Encodable, Sendable {
    /// `{value, low, high}`, the same in every calibration's summary.
    public typealias Interval = FittedInterval

    public var figures: [(key: String, interval: Interval)]
    public var rmseCelsius: Double

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FitSummaryKey.self)
        try container.encode(figures: figures)
        try container.encode(rmseCelsius, forKey: "rmseCelsius")
    }
}
