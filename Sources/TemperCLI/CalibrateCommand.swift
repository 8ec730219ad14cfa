import ArgumentParser
import FoundationEssentials
import TemperCalibration
import TemperCore
import TemperFiles

/// `temper calibrate`: fit a device profile's sections to measurements from the device itself.
struct CalibrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Fit a device profile to measurements (thermal traces, measured pattern energies).",
        discussion: """
            Each subcommand fits one section of a device profile by least squares and reports every fitted \
            number with its 95 % interval (Student's t), the fit's RMSE and its goodness of fit: reduced χ² \
            (against the measurements' standard deviations or the sensors' noise), the largest standardised \
            residual and the residuals' lag-1 autocorrelation. A misfit widens every interval (by the Birge \
            ratio √χ²_red and, for residuals that drift, the effective-sample-size factor) and is a warning in \
            the text, in --json ('warnings') and in the --out profile. With --out it writes a complete \
            profile (the --device base with the fitted section), each fitted number marked 'fitted:' with \
            where it came from; any --device or scenario 'device:' accepts that file at once.

            Examples:
              temper calibrate energy Examples/bench-phone.csv \\
                --fit clickEnergy,continuousPower
              temper simulate Examples/scenarios/calibration-steps.yaml \\
                --record-trace steps.jsonl
              temper calibrate thermal steps.jsonl --out my-phone.yaml
            """,
        subcommands: [
            CalibrateThermalCommand.self,
            CalibrateEnergyCommand.self,
        ]
    )
}

/// The profile a calibration writes with `--out`, for both subcommands.
enum FittedProfileFile {
    /// The name the written profile takes: the output file's stem, when that is a valid profile name.
    static func name(forOutput out: String) -> String? {
        let stem = URL(fileURLWithPath: out).deletingPathExtension().lastPathComponent
        let valid = !stem.isEmpty && stem.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return valid ? stem : nil
    }

    /// What a report calls the profile written to `out`: its name, or the file's name where the stem is no name.
    static func reportName(forOutput out: String) -> String {
        name(forOutput: out) ?? URL(fileURLWithPath: out).lastPathComponent
    }

    /// Writes `text` to `out` once it reads back as a profile: a fitted profile is used at once as `--device` or a
    /// scenario's device.
    static func write(_ text: String, to out: String) throws(TemperError) {
        _ = try DeviceProfile.parse(yaml: text, file: out)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: out))
        } catch {
            throw TemperError(
                code: .unreadableFile,
                message: "cannot write the profile: \(FileErrorText.describe(error, path: out))",
                file: out
            )
        }
    }
}

/// The lines both calibrations print under their table: the goodness of fit, how the intervals were made, and each
/// warning, wrapped to 80 columns.
enum FitFooter {
    static func lines(_ goodness: GoodnessOfFit, intervalsNote: String, warnings: [String]) -> [String] {
        var lines = TerminalText.wrap("Goodness of fit: \(goodness.line).", width: 80)
        lines += TerminalText.wrap(intervalsNote, width: 80)
        for warning in warnings {
            let wrapped = TerminalText.wrap(warning, width: 71)
            lines += wrapped.enumerated().map { ($0.offset == 0 ? "warning: " : "         ") + $0.element }
        }
        return lines
    }

    /// Each warning on stderr, for output (JSON) a person does not read.
    static func printWarnings(_ warnings: [String]) {
        for warning in warnings { printError("temper: warning: \(warning)") }
    }
}
