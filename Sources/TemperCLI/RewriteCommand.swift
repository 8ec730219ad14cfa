import ArgumentParser
import FoundationEssentials
import Glibc
import TemperAHAP
import TemperCore
import TemperFiles
import TemperPatterns
import TemperSimulation

struct RewriteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rewrite",
        abstract: "Rewrite a feedback request to fit a condition, with the reason for every change.",
        discussion: """
            FILE is a pattern in any format Temper reads (AHAP, .haptic, Android, rumble, feedbackd); --request \
            takes a JSON request of any kind (haptic, audio, system, visual; see Examples/requests). The result \
            goes to stdout (a pattern in FILE's own format, or --to's; JSON for anything else; nothing when \
            dropped) and one line per reason to stderr, then, for a pattern with sounds, one line per channel \
            (haptics: …, audio: …). --explain prints each decision instead: its outcome, energy before and \
            after, the budget left, each rule with its reason and each channel, rounded, on a terminal; the \
            whole decision as JSON with --json or when stdout is not a terminal. Where the condition's rules set \
            an energy budget, the requests spend from one fresh window of it, in order, and --explain shows what \
            is left after each.

            Examples:
              temper rewrite Examples/patterns/ring-explosion.ahap --condition serious
              temper rewrite --request Examples/requests/alarm-rumble.json --condition fair
              temper rewrite Examples/formats/door-knock.haptic --condition fair --explain
              temper rewrite Examples/patterns/ui-tap.ahap --condition serious --json
              temper rewrite --request Examples/requests/gamepad-rumble.json \\
                --condition nominal --peripheral gamepad=low

            The outcome and each reason's rule are one of:

            \(GlossaryHelp.text)
            """
    )

    @Argument(help: "A pattern file in any format Temper reads (.ahap, .haptic, Android, rumble, feedbackd).", completion: .file())
    var file: String?

    @Option(name: .long, help: "Write the rewritten pattern in this format (default: FILE's own format).")
    var to: PatternTarget?

    @Option(
        help: "The condition to rewrite for: TIER[,low-power], TIER one of nominal, fair, serious, critical.",
        completion: .conditionNames
    )
    var condition: String

    @Option(help: "A policy file, or a policy's name such as handheld (default: the policy named default).", completion: .policyNames)
    var policy: String?

    @Option(help: "A device profile's name (phone, gamepad, headphones, …) or a profile file (default: phone).", completion: .deviceNames)
    var device: String?

    @Flag(help: "Explain the decision: outcome, energy before and after, rules with reasons (JSON when piped).")
    var explain = false

    @Flag(help: "Print the decision as JSON (outcome, result, rules with reasons, energy before and after).")
    var json = false

    @Option(name: .customLong("request"), help: "A JSON request file of any kind, or '-' for stdin, instead of FILE.", completion: .file())
    var requestFile: String?

    @Flag(
        help: "Let a request's pattern `file` be an absolute path or go up with '..' (by default it must be inside the request's folder)."
    )
    var allowOutside = false

    @Option(help: "The usage class of FILE's pattern: ui, game, media, notification, alarm, communication, accessibility.")
    var usage: String = UsageClass.game.rawValue

    @Option(
        help: ArgumentHelp(
            "Decide as if a peripheral had this battery: KIND=ok|low|critical, KIND as UPower names it or an alias (gamepad=low); repeatable.",
            discussion: "A request's \"device\" naming KIND is then governed by the policy's peripherals: keys.",
            valueName: "kind=battery"
        )
    )
    var peripheral: [String] = []

    func validate() throws {
        switch (file, requestFile) {
        case (nil, nil): throw ValidationError("give a pattern FILE or --request FILE")
        case (.some, .some): throw ValidationError("give a pattern FILE or --request FILE, not both")
        default: break
        }
        guard Condition(parsing: condition) != nil else {
            throw ValidationError(
                "--condition: expected TIER[,low-power] with TIER one of nominal, fair, serious, critical; found '\(condition)'"
            )
        }
        for text in peripheral where Self.forcedPeripheral(text) == nil {
            throw ValidationError("--peripheral: expected KIND=ok, KIND=low or KIND=critical (gamepad=low); found '\(text)'")
        }
        guard UsageClass(rawValue: usage) != nil else {
            throw ValidationError(
                "--usage: expected one of \(UsageClass.allCases.map(\.rawValue).joined(separator: ", ")); found '\(usage)'"
            )
        }
    }

    func run() async throws {
        var condition = Condition(parsing: condition) ?? .nominal
        condition.peripherals = peripheral.compactMap(Self.forcedPeripheral)
        let requests = try loadRequests()
        let rewriter: Rewriter
        do {
            let profile = try DeviceProfileLibrary.standard().profile(device)
            rewriter = Rewriter(policy: try PolicyLibrary.standard().policy(policy), energyModel: EnergyEstimator(profile: profile))
        } catch {
            throw CLIFailure.usage(error.description)
        }
        // The requests spend from one fresh window of the condition's budget, in order, as if submitted together
        // to a governor; so the ladder shows, and each decision says what is left.
        let decisions = rewriter.decideInOrder(requests, condition: condition)
        if json || (explain && isatty(STDOUT_FILENO) != 1) {
            print(decisions.count == 1 ? try TemperJSON.string(decisions[0]) : try TemperJSON.string(decisions))
            return
        }
        if explain {
            print(RewriteExplanation.text(decisions, width: TerminalWidth.current(), style: .forStdout()))
            return
        }
        for decision in decisions {
            for rule in decision.rules { printError(rule.description) }
            // Channels designed together are judged together (the brief's harmony principle): say what each does.
            if decision.channels.count > 1 {
                for channel in FeedbackChannel.allCases {
                    if let summary = decision.channels[channel] { printError("\(channel.rawValue): \(summary)") }
                }
            }
            try RewriteOutput.write(decision, as: to)
        }
    }

    private func loadRequests() throws -> [SensoryRequest] {
        do {
            if let requestFile {
                if requestFile == "-" {
                    let data = Data(try StandardInput.bytes(as: .request))
                    // Relative pattern paths resolve against the working directory, so an error names the path tried.
                    let here = FileManager.default.currentDirectoryPath
                    return try RequestDecoder(
                        fileName: "<stdin>",
                        baseDirectory: here,
                        patterns: .patternFiles,
                        allowsFilesOutside: allowOutside
                    )
                    .decodeList(data)
                }
                return try FeedbackLoader.requests(inFile: requestFile, allowsFilesOutside: allowOutside)
            }
            let path = file ?? ""
            let loaded = try PatternLoader.patternFiles.load(PatternReference(file: path, path: path))
            for diagnostic in loaded.diagnostics { printError("temper: warning: \(path): \(diagnostic)") }
            let id = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            return [
                SensoryRequest(
                    id: id,
                    usage: UsageClass(rawValue: usage) ?? .game,
                    kind: .haptic(HapticPatternRequest(content: loaded.content, sourceFile: path))
                )
            ]
        } catch let error as TemperError {
            throw CLIFailure.usage(error.description)
        } catch let error as AHAPError {
            throw CLIFailure.usage(error.description)
        }
    }
}
