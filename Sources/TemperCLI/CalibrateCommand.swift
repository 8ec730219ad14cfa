import ArgumentParser
import Foundation
import TemperCore

/// `temper calibrate`: fit a device profile's sections to measurements from the device itself.
struct CalibrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Fit a device profile to measurements (thermal traces, measured pattern energies).",
        discussion: """
            Each subcommand fits one section of a device profile by least squares and reports every fitted \
            number with its 95 % interval (Student's t) and the fit's RMSE. With --out it writes a complete \
            profile (the --device base with the fitted section), each fitted number marked 'fitted:' with \
            where it came from; any --device or scenario 'device:' accepts that file at once.
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
