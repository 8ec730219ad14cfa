import ArgumentParser
import Foundation
import TemperCalibration
import TemperCore
import TemperFiles
import TemperReports
import TemperSimulation

/// `temper calibrate thermal TRACE...`: fits the thermal section of a device profile to recorded traces.
struct CalibrateThermalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thermal",
        abstract: "Fit the thermal section of a device profile to recorded traces.",
        discussion: """
            Fits internalHeatCapacity, internalToSkinResistance, skinHeatCapacity, skinToAmbientResistance and \
            hotspotWeight (and the room's temperature unless --ambient gives it) by least squares, stepping the \
            simulator's own model over each trace. A trace needs an internal sensor, a skin sensor and the power \
            put into the device (an energy counter such as RAPL or the simulator's, or a power reading), and the \
            power must change: record an idle baseline, then a workload, then idle (see the README).

            Prints each fitted number with its 95 % interval and the fit's RMSE; --json prints each key as \
            {value, low, high} plus rmseCelsius. --out writes the --device profile with the fitted thermal \
            section, each number marked 'fitted:'; pass that file as --device or a scenario's 'device:'.

            On a terminal a line on stderr follows the solver's iterations; piped, nothing is drawn.

            Exit 2 for a trace that cannot be read or cannot determine the figures (too short, no power, \
            constant power), with one line saying what is missing.

            Examples:
              temper simulate Examples/scenarios/calibration-steps.yaml \\
                --record-trace steps.jsonl
              temper calibrate thermal steps.jsonl --out my-phone.yaml --report out/cal
              temper calibrate thermal run1.jsonl run2.jsonl run3.jsonl \\
                --internal 'coretemp-isa-0000/Package id 0' --skin acpitz-acpi-0/temp1 \\
                --power intel-rapl:0/package-0 --ambient 23 --json
            """
    )

    @Argument(help: "Traces written by 'temper record' or 'temper simulate --record-trace'.")
    var traces: [String]

    @Option(help: "The profile to start from and to copy into --out: a name in Policies/devices or a file. Default: phone.")
    var device: String?

    @Option(parsing: .unconditional, help: "The room's temperature (°C) during the traces; fitted when omitted.")
    var ambient: Double?

    @Option(name: .customLong("internal"), help: "The internal-node sensor: its label, chip/label or chip path.")
    var internalSensor = "internal"

    @Option(name: .customLong("skin"), help: "The skin sensor (the hotspot): its label, chip/label or chip path.")
    var skinSensor = "skin"

    @Option(
        help:
            "The power or energy reading to use (label, chip/label or chip path). Default: an energy counter if any, else a power reading."
    )
    var power: String?

    @Option(help: "Write the base profile with the fitted thermal section to this file.")
    var out: String?

    @Flag(help: "Print each fitted key as {value, low, high} plus rmseCelsius, as JSON.")
    var json = false

    @Option(help: "Write index.html, report.md and data.json (measured against fitted, residuals) into this folder.")
    var report: String?

    func validate() throws {
        guard !traces.isEmpty else { throw ValidationError("give at least one trace") }
        if let ambient, !(ambient.isFinite && (-40...80).contains(ambient)) {
            throw ValidationError("--ambient must be a temperature in -40...80 °C")
        }
    }

    func run() async throws {
        let fit: ThermalFit
        let base: (profile: DeviceProfile, source: ConfigurationSearch.Source, text: String)
        do throws(TemperError) {
            base = try DeviceProfileLibrary.standard().resolve(device)
            let selection = ThermalSeries.Selection(internalSensor: internalSensor, skinSensor: skinSensor, power: power)
            let series = try traces.map { (path) throws(TemperError) in
                let contents = try TraceFile.read(contentsOf: URL(fileURLWithPath: path))
                for warning in contents.warnings { printError("temper: warning: \(warning)") }
                return try ThermalSeries(snapshots: contents.snapshots, name: path, selection: selection)
            }
            let label = "fitting \(series.count) trace\(series.count == 1 ? "" : "s")"
            var progress = TerminalProgress()
            // Cleared before anything else is printed, an error included.
            defer { progress.finish() }
            fit = try ThermalCalibration.fit(series, base: base.profile.thermal, ambientCelsius: ambient) { iteration, rmse in
                progress.status("\(label): iteration \(iteration), RMSE \(String(format: "%.4g", rmse)) °C")
            }
            if let out { try writeProfile(fit, base: base, to: out) }
            if let report { try ThermalCalibrationReport.write(fit, device: base.profile.name, to: URL(fileURLWithPath: report)) }
        } catch {
            throw CLIFailure.usage(error.description)
        }
        if json {
            print(try TemperJSON.string(fit.summary))
        } else {
            print(Self.text(fit, base: base.profile.name))
            if let out { print("profile: \(out)") }
            if let report { print("report: \(report)/index.html") }
        }
    }

    private func writeProfile(
        _ fit: ThermalFit,
        base: (profile: DeviceProfile, source: ConfigurationSearch.Source, text: String),
        to out: String
    ) throws(TemperError) {
        let text = try ProfileText.replacingSection(
            "thermal",
            with: fit.profileSection(base: base.profile, traceNames: traces),
            in: base.text,
            file: base.source.description,
            name: FittedProfileFile.name(forOutput: out)
        )
        try FittedProfileFile.write(text, to: out)
    }

    static func text(_ fit: ThermalFit, base: String) -> String {
        var lines = [
            "Thermal fit of \(fit.series.count) trace\(fit.series.count == 1 ? "" : "s") (starting from '\(base)'):"
        ]
        for series in fit.series {
            lines.append("  \(series.name)")
            let skipped = series.skippedSamples > 0 ? " (\(series.skippedSamples) unreadable left out)" : ""
            lines.append("    \(series.times.count) samples\(skipped); power: \(series.powerSource)")
        }
        var table = OutputTable([("figure", .left), ("value", .right), ("95 % interval", .right), ("unit", .left)])
        for figure in fit.fittedFigures {
            let shown = ProfileText.figure(figure.value, separator: " – ")
            table.append([figure.key, shown.value, shown.interval, figure.unit ?? "ratio"])
        }
        lines.append("")
        lines.append(table.render())
        let constants = ThermalModel(parameters: fit.parameters, internalCelsius: 0, skinCelsius: 0).timeConstantsSeconds
        lines.append("")
        lines.append("RMSE \(ProfileText.number(fit.rmseCelsius, digits: 3)) °C over \(fit.result.residuals.count) readings.")
        lines.append("Intervals: 95 %, Student's t at \(fit.result.degreesOfFreedom) degrees of freedom.")
        let correlation = fit.residualAutocorrelation
        if correlation > ThermalFit.correlatedResidualsThreshold {
            lines.append("Residuals drift (lag-1 autocorrelation \(ProfileText.number(correlation, digits: 2))): the model misses")
            lines.append("something in these traces, so the intervals are too narrow; see --report.")
        }
        lines.append(
            "Time constants: \(ProfileText.number(constants.fast, digits: 3)) s and \(ProfileText.number(constants.slow / 60, digits: 3)) min."
        )
        if !fit.ambientWasFitted { lines.append("Ambient given: \(ProfileText.number(fit.ambientCelsius)) °C.") }
        return lines.joined(separator: "\n")
    }
}
