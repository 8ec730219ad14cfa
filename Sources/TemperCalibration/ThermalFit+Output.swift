public import TemperCore
import TemperSimulation

extension ThermalFit {
    /// The fitted thermal keys and the ambient with their values (key, unit, value), in profile order.
    public var fittedFigures: [(key: String, unit: String?, value: FittedValue)] {
        let units: [String: String] = [
            "internalHeatCapacity": "J/K", "internalToSkinResistance": "K/W", "skinHeatCapacity": "J/K", "skinToAmbientResistance": "K/W",
            "ambient": "°C",
        ]
        return (ThermalCalibration.fittedKeys + ["ambient"]).compactMap { key in result[key].map { (key, units[key], $0) } }
    }

    /// The `--json` contract: each fitted key as `{value, low, high}`, plus `rmseCelsius`, `goodnessOfFit` and
    /// `warnings`.
    public var summary: ThermalFitSummary {
        ThermalFitSummary(
            figures: fittedFigures.map {
                ($0.key, ThermalFitSummary.Interval(value: $0.value.value, low: $0.value.low, high: $0.value.high))
            },
            rmseCelsius: rmseCelsius,
            goodnessOfFit: goodness,
            warnings: warnings
        )
    }

    /// How the intervals were made, in one sentence: the t quantile and, when widened, by how much and why.
    public var intervalsNote: String { result.intervalsNote(from: "the fit's covariance") }

    /// The profile `temper calibrate thermal --out` writes and libtemper's `temper_calibrate_thermal` returns:
    /// `baseText` (the profile `base` as written in `file`) with this fit's thermal section, named `name` when
    /// given, and titled as fitted from `traceNames`.
    public func profileText(
        base: DeviceProfile,
        baseText: String,
        file: String?,
        traceNames: [String],
        name: String?
    ) throws(TemperError)
        -> String
    {
        let text = try ProfileText.replacingSection(
            "thermal",
            with: profileSection(base: base, traceNames: traceNames),
            in: baseText,
            file: file,
            name: name
        )
        let fitted = "its thermal figures fitted by `temper calibrate thermal` to \(traceNames.joined(separator: ", "))"
        return ProfileText.retitled(text, name: name, base: base.name, fitted: fitted)
    }

    /// The profile's new `thermal:` block: fitted numbers marked `fitted:` with the traces, their 95 % interval,
    /// the fit's RMSE and reduced χ², and every warning as a comment; the numbers not fitted keep `base`'s value
    /// and provenance.
    public func profileSection(base: DeviceProfile, traceNames: [String]) -> [String] {
        let traces = traceNames.joined(separator: ", ")
        let rmse = ProfileText.number(rmseCelsius, digits: 2)
        let given = givenAmbient.map { "; ambient given as \($0.description)" } ?? ""
        var lines = [
            "# Fitted by 'temper calibrate thermal' to \(traces): RMSE \(rmse) °C over \(readingCount) readings\(given).",
            "# \(intervalsNote)",
            "# Goodness of fit: \(goodness.line).",
        ]
        lines += warnings.map { "# warning: \($0)" }
        lines.append("thermal:")
        let misfit = warnings.isEmpty ? "" : "; warning: misfit, see the comments above"
        let chi = goodness.reducedChiSquare.map { ", reduced χ² \(GoodnessOfFit.format($0))" } ?? ""
        for figure in fittedFigures {
            let shown = ProfileText.figure(figure.value)
            let text =
                "temper calibrate thermal on \(traces): 95 % interval \(shown.interval)\(figure.unit.map { " \($0)" } ?? ""), fit RMSE \(rmse) °C\(chi)\(misfit)"
            let unit = figure.unit.map { ", unit: \(ProfileText.quoted($0))" } ?? ""
            lines.append("  \(figure.key): {value: \(shown.value)\(unit), fitted: \(ProfileText.quoted(text))}")
        }
        // Where feedback heat enters: traces of the device's own power cannot tell, so the base profile's stays.
        for (key, weight) in [
            ("actuatorHeatWeight", base.thermal.actuatorHeatWeight), ("amplifierHeatWeight", base.thermal.amplifierHeatWeight),
        ] {
            guard let provenance = base.provenance["thermal.\(key)"] else { continue }
            lines.append(
                "  \(key): {value: \(ProfileText.number(weight, digits: 6)), \(provenance.kind.rawValue): \(ProfileText.quoted(provenance.text))}"
            )
        }
        let kept = base.provenance["thermal.baselineWorkload"] ?? FigureProvenance(.derived, "kept from the base profile '\(base.name)'")
        lines.append(
            "  baselineWorkload: {value: \(ProfileText.number(base.thermal.baselineWorkloadWatts, digits: 6)), unit: \"W\", \(kept.kind.rawValue): \(ProfileText.quoted(kept.text))}"
        )
        return lines
    }
}

/// Each fitted key as `{value, low, high}`, the fit's RMSE, its goodness of fit and its warnings, encoded as one
/// flat JSON object.
public struct ThermalFitSummary: Encodable, Sendable {
    /// `{value, low, high}`, the same in every calibration's summary.
    public typealias Interval = FittedInterval

    public var figures: [(key: String, interval: Interval)]
    public var rmseCelsius: Double
    public var goodnessOfFit: GoodnessOfFit
    public var warnings: [String]

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FitSummaryKey.self)
        try container.encode(figures: figures)
        try container.encode(rmseCelsius, forKey: "rmseCelsius")
        try container.encode(goodnessOfFit, forKey: "goodnessOfFit")
        try container.encode(warnings, forKey: "warnings")
    }
}
