import TemperCore
public import TemperSimulation

/// How far a simulation's headline can be trusted: how it moves when each thermal figure the device profile marks
/// `assumed:` moves by the sensitivity's step, for the report and one line of `temper simulate`'s summary.
public struct SimulationSensitivity: Sendable {
    let sensitivity: Sensitivity

    public init?(result: SimulationResult) {
        guard let sensitivity = result.sensitivity, !sensitivity.rows.isEmpty else { return nil }
        self.sensitivity = sensitivity
    }

    var step: String { ReportNumber.fixed(sensitivity.step * 100, 0) + " %" }

    /// One line: the hotspot change and the policy's peak as simulated, and their range over every rerun.
    public var line: String {
        let change = sensitivity.range(\.hotspotChangeCelsius)
        let peak = sensitivity.range(\.peakHotspotCelsius)
        let names = sensitivity.rows.map(\.figure.rawValue).joined(separator: ", ")
        return "With each assumed thermal figure (\(names)) moved ±\(step), the policy's change in peak hotspot, "
            + "\(SimulationHeadline.temperatureChange(sensitivity.nominal.hotspotChangeCelsius)) °C as simulated, ranges from "
            + "\(SimulationHeadline.temperatureChange(change.lowerBound)) to \(SimulationHeadline.temperatureChange(change.upperBound)) °C, "
            + "and its peak hotspot, \(ReportNumber.celsius(sensitivity.nominal.peakHotspotCelsius)), from "
            + "\(ReportNumber.celsius(peak.lowerBound)) to \(ReportNumber.celsius(peak.upperBound))."
    }

    /// The headline's differences that the assumed figures move more than the policy does, said in words: the
    /// policy's change in time in serious and critical, and in peak hotspot, each against how far the run with the
    /// policy moves over the reruns. `nil` when the policy's differences stand clear of both ranges.
    public var verdictCaveat: String? {
        let nominal = sensitivity.nominal
        let hot = sensitivity.range(\.hotSeconds)
        let peak = sensitivity.range(\.peakHotspotCelsius)
        let hotChange = nominal.hotSeconds - nominal.baselineHotSeconds
        let peakChange = nominal.hotspotChangeCelsius
        var inside: [String] = []
        if abs(hotChange) >= 0.5, abs(hotChange) < hot.upperBound - hot.lowerBound {
            inside.append(
                "the time in serious and critical with the policy from \(ClockText.format(hot.lowerBound)) to "
                    + "\(ClockText.format(hot.upperBound)), against the policy's \(hotChange < 0 ? "−" : "+")\(ClockText.format(abs(hotChange)))"
            )
        }
        if abs(peakChange) >= 0.005, abs(peakChange) < peak.upperBound - peak.lowerBound {
            inside.append(
                "the peak hotspot with the policy from \(ReportNumber.celsius(peak.lowerBound)) to \(ReportNumber.celsius(peak.upperBound)), against "
                    + "the policy's \(SimulationHeadline.temperatureChange(peakChange)) °C"
            )
        }
        guard !inside.isEmpty else { return nil }
        return "The policy's difference is inside the model's uncertainty: moving each assumed thermal figure ±\(step) moves "
            + inside.joined(separator: "; and ") + "."
    }

    /// One row per assumed figure: its value, and the hotspot change, peak hotspot and time in serious and critical
    /// with the figure moved down and up.
    var table: (headers: [String], rows: [[String]]) {
        let number = { (value: Double) in ReportNumber.coordinate(value) }
        let cells = { (outcome: SensitivityOutcome) in
            [
                SimulationHeadline.temperatureChange(outcome.hotspotChangeCelsius), ReportNumber.fixed(outcome.peakHotspotCelsius, 1),
                ClockText.format(outcome.hotSeconds),
            ]
        }
        let nominal = sensitivity.nominal
        return (
            [
                "assumed figure", "value", "peak hotspot change (°C)", "peak hotspot (°C)", "serious and critical (m:ss)",
            ],
            [["as given", ""] + cells(nominal)]
                + sensitivity.rows.flatMap { row in
                    let unit = row.figure.unit.isEmpty ? "" : " " + row.figure.unit
                    return [
                        ["\(row.figure.rawValue) −\(step)", number(row.lowerValue) + unit] + cells(row.lower),
                        ["\(row.figure.rawValue) +\(step)", number(row.upperValue) + unit] + cells(row.upper),
                    ]
                }
        )
    }

    /// Adds the section to a report.
    func write(into document: inout ReportDocument) {
        document.heading("Sensitivity to assumed figures")
        document.paragraph(
            "The device profile marks these thermal figures assumed: no published figure fixes them, so the scenario was rerun, with "
                + "and without the policy, with each moved in turn and every other figure as given. " + line
        )
        document.table(table.headers, table.rows)
    }
}
