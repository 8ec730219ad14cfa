public import ArgumentParser
import FoundationEssentials
import TemperAHAP
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
            content), and writes the --to format on stdout or to --out. Each kind of loss (frequency dropped, \
            emphasis merged, curve points split or quantised) is one warning line on stderr with the energy of \
            what it touches before and after, priced on the --device profile (the default profile without one); \
            --json prints them as structured entries on stdout instead. The reader's leniencies go to stderr too.

            AHAP is written to play in Core Haptics what the source plays (--flavor core-haptics, the default). \
            --flavor meta and --flavor nice-vibrations reproduce those upstream .haptic converters exactly, for \
            players that play transients as a second pattern; Nice Vibrations' splits curves into pieces of at \
            most 16 points, drops an emphasis on the first breakpoint and adds a Metadata block. A feedbackd \
            theme holds many patterns: --event names one (PROFILE/EVENT, e.g. quiet/message-new-instant); \
            without it the first is converted. Rumble drives both motors from the one track, as Temper prices it \
            on a gamepad; --flavor nice-vibrations drives the weak motor from the frequency envelope instead, as \
            Nice Vibrations does.

            --device shapes the output to what that device's actuator plays: an amplitude-only or ERM device \
            gets no frequency, an on/off one full-scale steps, and Hz outside its range are clamped; each is \
            reported as a loss.

            Examples:
              temper convert Examples/formats/door-knock.haptic --to ahap
              temper convert Examples/formats/door-knock.haptic --to ahap \\
                --flavor nice-vibrations
              temper convert Examples/formats/notify-waveform.json --to ahap --json
              temper convert Examples/patterns/ring-explosion.ahap \\
                --to android-waveform --out ring.json
              temper convert Examples/formats/feedbackd-theme.json --to rumble \\
                --event quiet/message-new-instant
              temper convert Examples/patterns/ring-explosion.ahap \\
                --to android-waveform --device gamepad

            Exit codes: 0 converted; 2 the input cannot be read or the options are wrong.
            """
    )

    @Argument(help: "The pattern file to convert.", completion: .file())
    var input: String

    @Option(name: .long, help: "The format to write.")
    var to: PatternTarget

    @Option(
        name: .long,
        help: "How to write AHAP and rumble: core-haptics plays what the source plays; meta and nice-vibrations follow those converters."
    )
    var flavor: AHAPFlavor = .coreHaptics

    @Option(name: .long, help: "A feedbackd theme's pattern to convert, as PROFILE/EVENT.")
    var event: String?

    @Option(
        name: .long,
        help: "Shape the output to this device's actuator and price the losses on it (a profile name or file).",
        completion: .deviceNames
    )
    var device: String?

    @Option(name: .long, help: "Write here instead of stdout.", completion: .file())
    var out: String?

    @Flag(name: .long, help: "Print the losses with their energies as JSON on stdout (with the output unless --out).")
    var json = false

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
        // AHAP's events reach the writers rendered as tracks (the AHAP writer alone takes them as read), so the
        // device shaping below sees what they play; what rendering drops is a warning, as a reading leniency is.
        let rendered = timeline.withoutItems()
        timeline = rendered.output
        let notes = rendered.losses.map { PatternDiagnostic(path: "", message: $0.message) }
        for diagnostic in document.diagnostics + notes { printError("temper: warning: \(input): \(diagnostic)") }
        let profile: DeviceProfile
        do throws(TemperError) {
            profile = try DeviceProfileLibrary.standard().profile(device)
        } catch {
            throw CLIFailure.usage(error.file == nil ? error.message : error.description)
        }
        let source: HapticPattern = try sourcePattern(document, timeline)
        var losses: [ConversionLoss] = []
        if device != nil {
            let shaped = timeline.playable(on: profile)
            losses += shaped.losses
            timeline = shaped.output
        }
        let output: [UInt8]
        let cost: ConversionCost
        do throws(PatternReadError) {
            (output, cost) = try ConversionCost.converting(
                timeline,
                from: source,
                to: to,
                flavor: flavor,
                on: EnergyEstimator(profile: profile),
                after: losses
            )
        } catch  where error.code == .outputTooLarge {
            throw CLIFailure.usage("\(input) → \(to.rawValue): \(error.description)")
        } catch {
            throw CLIFailure.usage("the \(to.rawValue) written cannot be read back: \(error.description)")
        }
        if json {
            let text = out == nil ? String(decoding: output, as: UTF8.self) : nil
            print(try TemperJSON.string(ConvertReport(input: input, target: to.rawValue, cost: cost, output: text)))
        } else {
            for loss in cost.losses { printError("temper: warning: \(input) → \(to.rawValue): \(loss.summary)") }
            if let change = cost.perceivedChange, change.verdict != .unnoticeable {
                printError("temper: warning: \(input) → \(to.rawValue): felt \(change.words)")
            }
        }
        if let out {
            do {
                try Data(output).write(to: URL(fileURLWithPath: out))
            } catch {
                throw CLIFailure.usage("\(out): cannot write: \(FileErrorText.describe(error, path: out))")
            }
        } else if !json {
            OutputStream.standardOutput.print(output)
        }
    }

    /// The source as `score` prices it: an AHAP file through its own events (with its waveforms), every other
    /// format, or a feedbackd theme's named pattern, through its timeline.
    private func sourcePattern(_ document: PatternDocument, _ timeline: PatternTimeline) throws -> HapticPattern {
        guard document.format == .ahap, event == nil else { return timeline }
        do throws(AHAPError) {
            return try PatternLoader.load(contentsOf: input).content
        } catch {
            throw CLIFailure.usage(error.description)
        }
    }
}

/// `temper convert --json`: what the conversion costs and loses on the device, and the output when it is not
/// written to a file.
struct ConvertReport: Encodable {
    var input: String
    var target: String
    var cost: ConversionCost
    var output: String?
}

extension PatternTarget: ExpressibleByArgument {}
extension AHAPFlavor: ExpressibleByArgument {}
