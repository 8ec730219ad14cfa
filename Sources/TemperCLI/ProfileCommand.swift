import ArgumentParser
import FoundationEssentials
import TemperCore
import TemperFiles

/// `temper profile`: device profiles from other tools' files.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Make device profiles from other tools' actuator files.",
        discussion: """
            Examples:
              temper profile import Examples/acf/our-lra.acf --base gamepad > quest.yaml
            """,
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
                  temper profile import Examples/acf/our-lra.acf --base gamepad > quest.yaml
                  temper score Examples/patterns --device quest.yaml

                Exit codes: 0 written; 2 the ACF or base profile cannot be read.
                """
        )

        @Argument(help: "The .acf file (JSON5).", completion: .file())
        var file: String

        @Option(name: .long, help: "The profile the other figures come from: a built-in name or a file.", completion: .deviceNames)
        var base: String = "phone"

        @Option(name: .long, help: "The new profile's name (letters, digits, '-' and '_'); default: the ACF's file name.")
        var name: String?

        @Option(name: .long, help: "Write here instead of stdout.", completion: .file())
        var out: String?

        func run() throws {
            let bytes: [UInt8]
            do throws(TemperError) { bytes = try InputFile.bytes(file, kind: .acf) } catch { throw CLIFailure.usage(error.description) }
            let yaml: String
            do throws(TemperError) {
                yaml = try ProfileImport(acf: bytes, file: file, base: base, devices: .standard())
                    .checkedYAML(name: name, file: out ?? "<imported profile>")
            } catch {
                throw CLIFailure.usage(error.description)
            }
            if let out {
                do { try Data(yaml.utf8).write(to: URL(fileURLWithPath: out)) } catch {
                    throw CLIFailure.usage("\(out): cannot write: \(FileErrorText.describe(error, path: out))")
                }
            } else {
                print(yaml, terminator: "")
            }
        }
    }
}
