import ArgumentParser
import Foundation
import TemperCore
import TemperFiles
import TemperPatterns

/// `temper profile`: device profiles from other tools' files.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Make device profiles from other tools' actuator files.",
        subcommands: [Import.self]
    )

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Turn a Meta Actuator Configuration File (.acf) into a device profile.",
            discussion: """
                The ACF gives the actuator's continuous frequency range, gains and emphasis durations; a profile \
                also needs battery, audio, thermal and electrical figures, which come from --base (a built-in \
                profile: phone, gamepad, headphones, or a profile file). Every number in the output names its \
                source: the ACF's key and line, or the base profile's own citation. The output is checked by \
                the same reader `temper score --device` uses before it is written.

                Examples:
                  temper profile import MetaQuest.acf --base gamepad > quest.yaml
                  temper score Examples/patterns --device quest.yaml

                Exit codes: 0 written; 2 the ACF or base profile cannot be read.
                """
        )

        @Argument(help: "The .acf file (JSON5).")
        var file: String

        @Option(name: .long, help: "The profile the other figures come from: a built-in name or a file.")
        var base: String = "phone"

        @Option(name: .long, help: "The new profile's name (letters, digits, '-' and '_'); default: the ACF's file name.")
        var name: String?

        @Option(name: .long, help: "Write here instead of stdout.")
        var out: String?

        func run() throws {
            let bytes: [UInt8]
            do {
                bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
            } catch {
                throw CLIFailure.usage("\(file): cannot read: \(FileErrorText.describe(error, path: file))")
            }
            let acfName = URL(fileURLWithPath: file).lastPathComponent
            let configuration: ActuatorConfiguration
            do {
                configuration = try ACFReader.read(bytes, file: file)
            } catch {
                throw CLIFailure.usage(error.description)
            }
            let (baseText, baseName) = try Self.baseProfile(base)
            let baseProfile: DeviceProfile
            do {
                baseProfile = try DeviceProfile.parse(yaml: baseText, file: baseName)
            } catch {
                throw CLIFailure.usage(error.description)
            }
            let profileName = name ?? Self.slug(acfName)
            let yaml = ProfileImport(
                configuration: configuration,
                acfName: acfName,
                base: baseProfile,
                baseText: baseText,
                baseName: baseProfile.name
            )
            .yaml(name: profileName)
            do {
                _ = try DeviceProfile.parse(yaml: yaml, file: out ?? "<imported profile>")
            } catch {
                throw CLIFailure.usage("the imported profile does not read back: \(error.description)")
            }
            if let out {
                do { try Data(yaml.utf8).write(to: URL(fileURLWithPath: out)) } catch {
                    throw CLIFailure.usage("\(out): cannot write: \(FileErrorText.describe(error, path: out))")
                }
            } else {
                print(yaml, terminator: "")
            }
        }

        /// The profile `--base` names (a name, found as every command finds one, or a file) with its text.
        static func baseProfile(_ argument: String) throws -> (text: String, name: String) {
            do throws(TemperError) {
                let resolved = try DeviceProfileLibrary.standard().resolve(argument)
                return (resolved.text, resolved.source.description)
            } catch {
                throw CLIFailure.usage(error.description)
            }
        }

        /// `MetaQuest.acf` → `MetaQuest`; anything but letters, digits, '-' and '_' becomes '-'.
        static func slug(_ fileName: String) -> String {
            let stem = fileName.hasSuffix(".acf") ? String(fileName.dropLast(4)) : fileName
            let mapped = String(stem.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
            return mapped.isEmpty ? "imported" : mapped
        }
    }
}
