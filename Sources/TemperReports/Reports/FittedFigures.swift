import TemperCalibration

/// What both calibration reports open with and tabulate: a title naming the profile written (or the base, when
/// none was), a subtitle saying what was fitted, to what and from which profile, and each fitted figure beside the
/// base profile's with the change.
enum FittedFigures {
    /// `Thermal calibration: my-phone`, then "The profile 'my-phone': 'phone' with its thermal figures fitted by …".
    /// - Parameters:
    ///   - figures: what was fitted, as a phrase: `thermal figures`.
    ///   - how: the rest of the sentence: `fitted by … to 1 trace (steps.jsonl); RMSE ….`
    static func document(kind: String, base: String, profile: String?, figures: String, how: String) -> ReportDocument {
        ReportDocument(
            title: "\(kind) calibration: \(profile ?? base)",
            subtitle: profile.map { "The profile '\($0)': '\(base)' with its \(figures) \(how)" }
                ?? "The \(figures) of '\(base)' \(how) No profile was written (--out writes one)."
        )
    }

    static func headers(base: String) -> [String] { ["figure", "\(base) (start)", "fitted", "change", "95 % interval", "unit"] }

    /// One row per figure: the base's value (`–` where the base has none, as for a fitted ambient), the fitted
    /// value, the change in percent, the interval and the unit.
    static func rows(_ fitted: [(key: String, unit: String?, value: FittedValue)], start: (String) -> Double?) -> [[String]] {
        fitted.map { figure in
            let shown = ProfileText.figure(figure.value, separator: " – ")
            let before = start(figure.key)
            let change = before.map { $0 == 0 ? "" : ReportNumber.signed((figure.value.value / $0 - 1) * 100, 1) + " %" } ?? ""
            return [
                figure.key, before.map { ProfileText.number($0, digits: 3) } ?? "–", shown.value, change, shown.interval,
                figure.unit ?? "ratio",
            ]
        }
    }
}
