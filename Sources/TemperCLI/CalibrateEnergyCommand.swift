import ArgumentParser
import FoundationEssentials
import TemperAHAP
import TemperCalibration
import TemperCore
import TemperFiles
import TemperReports

/// `temper calibrate energy MEASUREMENTS.csv`: fits the actuator figures of a device profile to measured energies.
struct CalibrateEnergyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "energy",
        abstract: "Fit the actuator figures of a device profile to measured pattern energies.",
        discussion: """
            MEASUREMENTS.csv has one row per measured pattern: the pattern's path (relative to the CSV), the \
            energy measured above the idle baseline in millijoules, and optionally how many times the pattern \
            played during the measurement and the standard deviation of that energy over runs. A first line \
            whose second column is not a number is a header; '#' starts a comment.

            Fits clickEnergy, continuousPower, resonance, qualityFactor, intensityExponent and driverIdle \
            (or the --fit subset) by least squares through the same estimator 'temper score' uses. With \
            standard deviations the residuals are weighted by them and the intervals come from them; without, \
            from the residuals' spread. A figure the patterns cannot pin down is an error naming it: measure \
            patterns that vary what it governs, or leave it out with --fit.

            Prints each fitted number with its 95 % interval, the RMSE, each pattern's residual and the goodness \
            of fit (reduced χ² when the file gives standard deviations, the largest residual in σ, the \
            residuals' lag-1 autocorrelation in file order); --json prints each key as {value, low, high} plus \
            rmseMillijoules, residuals, goodnessOfFit and warnings. A misfit (reduced χ² beyond chance and \
            above 1.5, a residual beyond 4 σ, residuals that drift) widens the intervals and is a warning: \
            usually a figure the fit holds at the base profile's value is off, or a measurement is. --out \
            writes the --device profile with the fitted numbers marked 'fitted:' and the goodness of fit and \
            warnings as comments; pass that file as --device at once.

            On a terminal a line on stderr follows the solver's iterations; piped, nothing is drawn.

            Exit 2 for a file that cannot be read, a bad row (one line naming file:line) or measurements that \
            cannot determine the figures.

            Examples:
              temper calibrate energy Examples/bench-phone.csv --device phone \\
                --fit clickEnergy,continuousPower --out my-phone.yaml
              temper calibrate energy Examples/bench-phone.csv \\
                --fit clickEnergy,continuousPower --json
              temper score Examples/patterns --device my-phone.yaml
            """
    )

    @Argument(help: "The measurements: pattern, millijoules[, repetitions[, standard deviation]] per row.", completion: .file())
    var measurements: String

    @Option(
        help: "The profile to start from and to copy into --out: a name in Policies/devices or a file. Default: phone.",
        completion: .deviceNames
    )
    var device: String?

    @Option(help: "Comma-separated figures to fit (default: all of \(EnergyCalibration.fittableKeys.joined(separator: ", "))).")
    var fit: String?

    @Option(help: "Write the base profile with the fitted figures to this file.", completion: .file())
    var out: String?

    @Flag(help: "Print each fitted key as {value, low, high} plus rmseMillijoules, residuals, goodnessOfFit and warnings, as JSON.")
    var json = false

    @Option(
        help: "Write index.html, report.md and data.json (measured against fitted, residuals) into this folder.",
        completion: .directory
    )
    var report: String?

    @Flag(help: "Let a row's pattern be an absolute path or go up with '..' (by default it must be inside the measurements' folder).")
    var allowOutside = false

    /// The figures `--fit` names, or all of them.
    var keys: [String] {
        fit.map { $0.split(separator: ",").map { $0.trimmingSpaces } } ?? EnergyCalibration.fittableKeys
    }

    func validate() throws {
        let unknown = keys.filter { !EnergyCalibration.fittableKeys.contains($0) }
        guard unknown.isEmpty, !keys.isEmpty else {
            throw ValidationError(
                "--fit takes figures from \(EnergyCalibration.fittableKeys.joined(separator: ", ")); "
                    + (keys.isEmpty ? "none given" : "not \(unknown.joined(separator: ", "))")
            )
        }
    }

    func run() async throws {
        let result: EnergyFit
        let base: (profile: DeviceProfile, source: ConfigurationSearch.Source, text: String)
        do throws(TemperError) {
            base = try DeviceProfileLibrary.standard().resolve(device)
            let measured = try Self.load(measurements, allowOutside: allowOutside)
            let label = "fitting \(keys.count) figure\(keys.count == 1 ? "" : "s") to \(measured.count) measurements"
            let unit = measured.allSatisfy { $0.row.standardDeviation != nil } ? "σ" : "mJ"
            var progress = TerminalProgress()
            // Cleared before anything else is printed, an error included.
            defer { progress.finish() }
            result = try EnergyCalibration.fit(base: base.profile, measurements: measured, keys: keys) { iteration, rmse in
                progress.status("\(label): iteration \(iteration), RMSE \(String(cFormat: "%.4g", rmse)) \(unit)")
            }
            if let out { try writeProfile(result, base: base, to: out) }
            if let report {
                try EnergyCalibrationReport.write(
                    result,
                    base: base.profile,
                    profile: out.map(FittedProfileFile.reportName(forOutput:)),
                    measurements: measurements,
                    to: URL(fileURLWithPath: report)
                )
            }
        } catch {
            throw CLIFailure.usage(error.description)
        }
        if json {
            FitFooter.printWarnings(result.warnings)
            print(try TemperJSON.string(result.summary))
        } else {
            print(TerminalText.fit(Self.text(result, base: base.profile.name, measurements: measurements), width: TerminalWidth.current()))
            if let out { print("profile: \(out)") }
            if let report { print("report: \(report)/index.html") }
        }
    }

    /// The rows of `path` with their patterns read (each file once), each pattern's path relative to the
    /// measurements file and inside its folder unless `allowOutside`, as a request's patterns are. The file is
    /// read a line at a time.
    static func load(_ path: String, allowOutside: Bool = false) throws(TemperError) -> [EnergyMeasurement] {
        var reader = EnergyMeasurementsCSV.Reader(file: path)
        try InputFile.forEachTextLine(path, kind: .measurements) { (line, number) throws(TemperError) in
            try reader.add(line, number: number)
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var loaded: [EnergyMeasurement] = []
        var documents: [String: AHAPDocument] = [:]
        for row in try reader.finish() {
            if !allowOutside, let problem = HapticPatternRequest.leavesItsFolder(row.patternPath, folder: "the measurements' folder") {
                throw TemperError(code: .invalidPattern, message: problem, file: path, line: row.line)
            }
            let patternPath = row.patternPath.hasPrefix("/") ? row.patternPath : folder.appendingPathComponent(row.patternPath).path
            do throws(AHAPError) {
                var document: AHAPDocument
                if let read = documents[patternPath] { document = read } else { document = try AHAPReader.load(contentsOf: patternPath) }
                documents[patternPath] = document
                loaded.append(EnergyMeasurement(row: row, pattern: document.pattern, waveforms: document.waveforms))
            } catch {
                throw TemperError(
                    code: .invalidPattern,
                    message: "cannot read pattern '\(row.patternPath)': \(error.description)",
                    file: path,
                    line: row.line
                )
            }
        }
        return loaded
    }

    private func writeProfile(
        _ fit: EnergyFit,
        base: (profile: DeviceProfile, source: ConfigurationSearch.Source, text: String),
        to out: String
    ) throws(TemperError) {
        let lines = fit.profileLines(measurementsName: URL(fileURLWithPath: measurements).lastPathComponent)
        let text = try ProfileText.replacingFigures(
            lines.figures,
            inSection: "haptics",
            in: base.text,
            file: base.source.description,
            name: FittedProfileFile.name(forOutput: out),
            notes: lines.notes,
            notesMarker: EnergyFit.profileNotesMarker
        )
        let header =
            "its haptics energy figures fitted by `temper calibrate energy` to \(URL(fileURLWithPath: measurements).lastPathComponent)"
        try FittedProfileFile.write(
            ProfileText.retitled(text, name: FittedProfileFile.name(forOutput: out), base: base.profile.name, fitted: header),
            to: out
        )
    }

    static func text(_ fit: EnergyFit, base: String, measurements: String) -> String {
        var lines = ["Energy fit of \(fit.measured.count) measurements in \(measurements) (starting from '\(base)'):", ""]
        var figures = OutputTable([("figure", .left), ("value", .right), ("95 % interval", .right), ("unit", .left)])
        for figure in fit.fittedFigures {
            let shown = ProfileText.figure(figure.value, separator: " – ")
            figures.append([figure.key, shown.value, shown.interval, figure.unit ?? "ratio"])
        }
        lines.append(figures.render())
        lines.append("")
        var residuals = OutputTable([
            ("pattern", .left), ("×", .right), ("measured mJ", .right), ("fitted mJ", .right), ("residual", .right),
        ])
        for (row, predicted) in zip(fit.measured, fit.predictedMillijoules) {
            residuals.append([
                row.patternPath, "\(row.repetitions)", ProfileText.number(row.millijoules, digits: 4),
                ProfileText.number(predicted, digits: 4),
                ProfileText.number(predicted - row.millijoules, digits: 3),
            ])
        }
        lines.append(residuals.render())
        lines.append("")
        lines.append("RMSE \(ProfileText.number(fit.rmseMillijoules, digits: 3)) mJ over \(fit.measured.count) measurements.")
        lines += FitFooter.lines(fit.goodness, intervalsNote: fit.intervalsNote, warnings: fit.warnings)
        return lines.joined(separator: "\n")
    }
}
