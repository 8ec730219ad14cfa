public import ArgumentParser
import Foundation
import TemperCore
import TemperFiles
import TemperPatterns

/// `temper convert`: any pattern format Temper reads into AHAP, .haptic, an Android waveform, Android XML or
/// gamepad rumble, with what the conversion loses on stderr.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a haptic pattern between formats, reporting what the conversion loses.",
        discussion: """
            Reads AHAP, Meta/Lofelt .haptic and .vij, Android waveform, composition and envelope JSON, \
            Android vibration XML, gamepad rumble JSON and feedbackd themes (detected by extension, then by \
            content), and writes the --to format on stdout or to --out. Each loss (frequency dropped, emphasis \
            merged, curve points split or quantised) is one line on stderr, as are the reader's leniencies.

            .haptic to AHAP follows Meta's converter by default; --flavor nice-vibrations follows Nice \
            Vibrations' (curves split into pieces of at most 16 points, an emphasis on the first breakpoint \
            dropped, and a Metadata block). A feedbackd theme holds many patterns: --event names one \
            (PROFILE/EVENT, e.g. quiet/message-new-instant); without it the first is converted.

            --device shapes the output to what that device's actuator plays: an amplitude-only or ERM device             gets no frequency, an on/off one full-scale steps, and Hz outside its range are clamped; each is             reported as a loss.

            Examples:
              temper convert Examples/formats/door-knock.haptic --to ahap
              temper convert knock.haptic --to ahap --flavor nice-vibrations
              temper convert ring.ahap --to android-waveform --out ring.json
              temper convert theme.json --to rumble --event quiet/bell
              temper convert ring.ahap --to android-waveform --device gamepad

            Exit codes: 0 converted; 2 the input cannot be read or the options are wrong.
            """
    )

    @Argument(help: "The pattern file to convert.")
    var input: String

    @Option(name: .long, help: "The format to write.")
    var to: PatternTarget

    @Option(name: .long, help: "Whose .haptic → AHAP convention to follow.")
    var flavor: AHAPFlavor = .meta

    @Option(name: .long, help: "A feedbackd theme's pattern to convert, as PROFILE/EVENT.")
    var event: String?

    @Option(name: .long, help: "Shape the output to this device's actuator (a profile name or file).")
    var device: String?

    @Option(name: .long, help: "Write here instead of stdout.")
    var out: String?

    func run() throws {
        let document: PatternDocument
        do {
            document = try PatternReader.load(contentsOf: input)
        } catch {
            throw CLIFailure.usage(error.description)
        }
        var timeline = document.timeline
        if let event {
            guard let named = document.named.first(where: { $0.name == event }) else {
                let names = document.named.map(\.name)
                throw CLIFailure.usage(
                    "\(input): no pattern named \(event)" + (names.isEmpty ? "" : "; it has \(names.joined(separator: ", "))")
                )
            }
            timeline = named.timeline
        }
        for diagnostic in document.diagnostics { printError("\(input): \(diagnostic)") }
        if let device {
            let profile: DeviceProfile
            do throws(TemperError) {
                profile = try DeviceProfileLibrary.standard().profile(device)
            } catch {
                throw CLIFailure.usage(error.file == nil ? error.message : error.description)
            }
            let shaped = timeline.playable(on: profile)
            for loss in shaped.losses { printError("\(input) → \(profile.name): lost: \(loss.message)") }
            timeline = shaped.output
        }
        let converted = PatternWriter.write(timeline, to: to, flavor: flavor)
        for loss in converted.losses { printError("\(input) → \(to.rawValue): lost: \(loss.message)") }
        if let out {
            do {
                try Data(converted.output).write(to: URL(fileURLWithPath: out))
            } catch {
                throw CLIFailure.usage("\(out): cannot write: \(FileErrorText.describe(error, path: out))")
            }
        } else {
            FileHandle.standardOutput.write(Data(converted.output))
        }
    }
}

extension PatternTarget: ExpressibleByArgument {}
extension AHAPFlavor: ExpressibleByArgument {}
