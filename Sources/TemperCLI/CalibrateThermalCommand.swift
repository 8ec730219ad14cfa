import ArgumentParser
import FoundationEssentials
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
            Fits internalHeatCapacity, internalToSkinResistance, skinHeatCapacity, skinToAmbientResistance, \
            hotspotWeight and the room's temperature by least squares, stepping the simulator's own model over \
            each trace. --ambient 24±0.5 gives the room's temperature as measured, with its uncertainty (a bare \
            --ambient 24 means ±1 °C): it counts as one more measurement, so its uncertainty reaches every \
            interval, and traces that put the ambient more than 3 uncertainties away say so in a warning. A trace needs an internal sensor, a skin sensor and the power \
            put into the device (an energy counter such as RAPL or the simulator's, or a power reading), and the \
            power must change: record an idle baseline, then a workload, then idle (see docs/calibration.md).

            Residuals are judged against each sensor's own noise (estimated from the trace's second \
            differences). Prints each fitted number with its 95 % interval, the fit's RMSE and the goodness of \
            fit (reduced χ², the largest residual in σ and when, the residuals' lag-1 autocorrelation); --json \
            prints each key as {value, low, high} plus rmseCelsius, goodnessOfFit and warnings. A misfit (a \
            changing room, an unrecorded heat source, a wrong ambient) widens the intervals and is a warning. \
            --out writes the --device profile with the fitted thermal section, each number marked 'fitted:', \
            the goodness of fit and warnings as comments; pass that file as --device or a scenario's 'device:'.

            On a terminal a line on stderr follows the solver's iterations; piped, nothing is drawn.

            Exit 2 for a trace that cannot be read or cannot determine the figures (too short, no power, \
            constant power), with one line saying what is missing.

            A trace from 'temper import' (one sensor, power or only a load proxy) gets a model of its one sensor \
            instead: one node or two, chosen by the information criterion and reported, each time constant with \
            its interval, the input's scale fitted when it is a load proxy (--sensor and --input choose; both \
            imply this fit for any trace).

            Your own recordings of a real machine (from `temper record`) name its sensors, e.g. \
            temper calibrate thermal run1.jsonl run2.jsonl --internal 'coretemp-isa-0000/Package id 0' \
            --skin acpitz-acpi-0/temp1 --power intel-rapl:0/package-0 --ambient 23±0.5 --json

            Examples:
              temper simulate Examples/scenarios/calibration-steps.yaml \\
                --record-trace steps.jsonl
              temper calibrate thermal steps.jsonl --out my-phone.yaml --report out/cal
            """
    )

    @Argument(help: "Traces written by 'temper record' or 'temper simulate --record-trace'.", completion: .file())
    var traces: [String]

    @Option(
        help: "The profile to start from and to copy into --out: a name in Policies/devices or a file. Default: phone.",
        completion: .deviceNames
    )
    var device: String?

    @Option(
        parsing: .unconditional,
        help: "The room's temperature (°C) during the traces, with its uncertainty: 24±0.5 (or 24+-0.5); a bare 24 is ±1 °C."
    )
    var ambient: String?

    @Option(name: .customLong("internal"), help: "The internal-node sensor: its label, chip/label or chip path.")
    var internalSensor = "internal"

    @Option(name: .customLong("skin"), help: "The skin sensor (the hotspot): its label, chip/label or chip path.")
    var skinSensor = "skin"

    @Option(
        help:
            "The power or energy reading to use (label, chip/label or chip path). Default: an energy counter if any, else a power reading."
    )
    var power: String?

    @Option(help: "Fit this one sensor (label or chip/label) with one or two nodes, as for an imported recording.")
    var sensor: String?

    @Option(help: "With the one-sensor fit: the power or load reading used as heat input.")
    var input: String?

    @Option(help: "Write the base profile with the fitted thermal section to this file.", completion: .file())
    var out: String?

    @Flag(help: "Print each fitted key as {value, low, high} plus rmseCelsius, as JSON.")
    var json = false

    @Option(
        help: "Write index.html, report.md and data.json (measured against fitted, residuals) into this folder.",
        completion: .directory
    )
    var report: String?

    func validate() throws {
        guard !traces.isEmpty else { throw ValidationError("give at least one trace") }
        if let ambient, GivenAmbient(parsing: ambient) == nil { throw ValidationError(GivenAmbient.invalid(ambient)) }
    }

    func run() async throws {
        if try fitsOneSensor() { return try runOneSensor() }
        let fit: ThermalFit
        let base: (profile: DeviceProfile, source: ConfigurationSearch.Source, text: String)
        do throws(TemperError) {
            base = try DeviceProfileLibrary.standard().resolve(device)
            let selection = ThermalSeries.Selection(internalSensor: internalSensor, skinSensor: skinSensor, power: power)
            let label = "fitting \(traces.count) trace\(traces.count == 1 ? "" : "s")"
            var progress = TerminalProgress()
            // Cleared before anything else is printed, an error included.
            defer { progress.finish() }
            fit = try ThermalCalibration.fit(
                traceFiles: traces,
                base: base.profile.thermal,
                selection: selection,
                ambient: ambient.flatMap(GivenAmbient.init(parsing:)),
                warning: { printError("temper: warning: \($0)") },
                progress: { iteration, rmse in
                    progress.status("\(label): iteration \(iteration), RMSE \(String(cFormat: "%.4g", rmse)) σ")
                }
            )
            if let out { try writeProfile(fit, base: base, to: out) }
            if let report {
                let written = out.map(FittedProfileFile.reportName(forOutput:))
                try ThermalCalibrationReport.write(fit, base: base.profile, profile: written, to: URL(fileURLWithPath: report))
            }
        } catch {
            throw CLIFailure.usage(error.description)
        }
        if json {
            FitFooter.printWarnings(fit.warnings)
            print(try TemperJSON.string(fit.summary))
        } else {
            print(TerminalText.fit(Self.text(fit, base: base.profile.name), width: TerminalWidth.current()))
            if let out { print("profile: \(out)") }
            if let report { print("report: \(report)/index.html") }
        }
    }

    /// Whether to fit one sensor: asked for, or the first trace is an import (its sensors are `import/…`).
    private func fitsOneSensor() throws -> Bool {
        if sensor != nil || input != nil { return true }
        do throws(TemperError) {
            let first = try TraceFile.read(contentsOf: URL(fileURLWithPath: traces[0])).snapshots.first
            return first?.temperatures.allSatisfy { $0.chip.hasPrefix("import/") } == true && first?.temperatures.isEmpty == false
        } catch {
            throw CLIFailure.usage(error.description)
        }
    }

    private func runOneSensor() throws {
        guard out == nil, report == nil else {
            throw CLIFailure.usage("--out and --report write the two-node profile, which a one-sensor fit does not give")
        }
        var summaries: [NodeFitSummary] = []
        var texts: [String] = []
        for trace in traces {
            do throws(TemperError) {
                let contents = try TraceFile.read(contentsOf: URL(fileURLWithPath: trace))
                for warning in contents.warnings { printError("temper: warning: \(warning.description)") }
                let series = try SensorSeries(snapshots: contents.snapshots, name: trace, sensor: sensor, input: input)
                let fit = try NodeFit.fit(series, ambient: ambient.flatMap(GivenAmbient.init(parsing:)))
                summaries.append(NodeFitSummary(fit, series: series))
                texts.append(ForecastText.fitLines(fit, series: series).joined(separator: "\n"))
            } catch {
                throw CLIFailure.usage(error.description)
            }
        }
        if json {
            for summary in summaries { FitFooter.printWarnings(summary.warnings) }
            // One trace, one object; several, an array of them.
            print(summaries.count == 1 ? try TemperJSON.string(summaries[0]) : try TemperJSON.string(summaries))
        } else {
            print(TerminalText.fit(texts.joined(separator: "\n\n"), width: TerminalWidth.current()))
        }
    }

    private func writeProfile(
        _ fit: ThermalFit,
        base: (profile: DeviceProfile, source: ConfigurationSearch.Source, text: String),
        to out: String
    ) throws(TemperError) {
        let text = try fit.profileText(
            base: base.profile,
            baseText: base.text,
            file: base.source.description,
            traceNames: traces,
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
        lines.append("RMSE \(ProfileText.number(fit.rmseCelsius, digits: 3)) °C over \(fit.readingCount) readings.")
        lines.append(
            "Time constants: \(ClockText.format(constants.fast)) and \(ClockText.format(constants.slow)) (m:ss)."
        )
        if let given = fit.givenAmbient { lines.append("Ambient given: \(given.description).") }
        lines += FitFooter.lines(fit.goodness, intervalsNote: fit.intervalsNote, warnings: fit.warnings)
        return lines.joined(separator: "\n")
    }
}
