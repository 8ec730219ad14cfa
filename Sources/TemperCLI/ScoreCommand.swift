import ArgumentParser
import FoundationEssentials
import Glibc
import TemperAHAP
import TemperCore
import TemperFiles
import TemperReports
import TemperScoring

/// `temper score PATH... [--device NAME|FILE] [--budget ENERGY] [--format table|json|csv] [--strict]`
struct ScoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "score",
        abstract: "Estimate what AHAP haptic/audio patterns cost in energy, and check them against a budget.",
        discussion: """
            Each pattern is read the way Apple's loader reads it (lenient where Apple is lenient; every leniency \
            is reported as a warning) and costed on a device profile: energy in mJ and in µAh at the battery's \
            voltage, peak and average power, duration, and a breakdown into transients, continuous events, audio \
            and driver overhead. Intensity is read against what the actuator plays at each frequency (the \
            EnergyModel article), so a pattern plays in full; PLAYS (playedFraction) is the share of the asked \
            strength that plays at its worst moment, for clippedSeconds, should the driver ever clip. Folders are searched recursively for *.ahap, *.haptic and *.vij files, in sorted order. With no PATH, the \
            built-in examples (Examples/patterns) are scored.

            FELT/J (feltStrengthPerJoule): how strongly a pattern is felt per joule (docs/perception.md). \
            --trim 2dB adds what the trim nobody can feel would save (a model estimate).

            ENERGY takes a unit: 25mJ, 0.5J, 10uAh (or 10µAh), 1mAh. Charge converts at the device's battery voltage.

            Errors always go to stderr, one line each: temper: file:line:column: JSON path: what is wrong.

            Formats: table (the default when stdout is a terminal; warnings go to stderr; it fits the terminal, \
            COLUMNS or the terminal's width, by dropping the breakdown, then PLAYS and CHARGE, and shortening \
            paths from the left; --wide prints every column), \
            json (the default otherwise; keys are camelCase with units: energyMillijoules, microampHours, \
            peakMilliwatts, averageMilliwatts, durationSeconds, clippedSeconds, playedFraction; each pattern has \
            path, status ok|over-budget|error, breakdown, events, warnings and error; a summary has counts, total energy and the five costliest), \
            csv (one row per pattern). --format always wins. JSON and CSV are written as each pattern is scored; \
            numbers are rounded to six significant digits.

            Exit status: 0 every pattern within budget; 1 any over budget; 2 any input unreadable or invalid \
            (2 wins over 1).

            Examples:
              temper score
              temper score Examples/patterns --budget 25mJ
              temper score Examples/patterns/ui-tap.ahap --device gamepad --format json
              temper score Examples/patterns Examples/formats --format csv > scores.csv
              temper score Examples/patterns --device Policies/devices/phone.yaml \\
                --budget 10uAh
              temper score Examples/patterns --trim 2dB
            """
    )

    @Argument(
        help:
            "Pattern files in any format, folders (searched for .ahap, .haptic, .vij), or '-' for standard input. Default: the built-in Examples/patterns.",
        completion: .file()
    )
    var paths: [String] = []

    @Option(
        help: ArgumentHelp(
            "Device profile: a name (phone, gamepad, headphones, or one of yours; see 'temper policy --help') or a YAML file.",
            valueName: "name|file"
        ),
        completion: .deviceNames
    )
    var device: String?

    // Unconditional, so `--budget -1mJ` reaches the energy reader and gets its own message.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Energy budget per pattern, with a unit: 25mJ, 0.5J, 10uAh; above 0, at most 1 MJ or 10000 Ah.",
            valueName: "energy"
        ),
        transform: { text in
            let amount: EnergyAmount
            do throws(TemperError) { amount = try EnergyAmount(parsing: text) } catch { throw ValidationError(error.message) }
            guard amount.value > 0 else { throw ValidationError("'\(text)' is not a budget: a budget must be above zero") }
            return amount
        }
    )
    var budget: EnergyAmount?

    // `.unconditional`, so `--trim -5dB` is a trim out of range rather than an unknown option `-5dB`.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Also report what the trim nobody can feel would save: haptic drive scaled down by at most this perceived change, e.g. 2dB (0 to 6 dB).",
            valueName: "decibels"
        ),
        transform: ScoreCommand.trim
    )
    var trim: PerceptualTrim?

    @Flag(
        help: """
            With --trim, let the trim move each haptic frequency toward resonance by up to the average frequency JND \
            (18 %), a pitch change people can notice; without it, by at most 6.5 %, half the smallest JND.
            """
    )
    var allowPitchChange = false

    /// `2dB`, `2.5 dB` or `2`: plain decimal digits only (Swift's `Double` would read `0x2d` as 45 and `0x2dB` as
    /// 2.86), from 0 to 6 dB as the help says; a value quoted back is cut.
    static func trim(_ text: String) throws -> PerceptualTrim {
        let compact = text.filter { $0 != " " }
        let number = compact.hasSuffix("dB") ? String(compact.dropLast(2)) : compact
        let range = PerceptualTrim.decibelRange
        let decimal =
            !number.isEmpty && number.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } && number.filter { $0 == "." }.count <= 1
        guard decimal, number != ".", let value = Double(number), range.contains(value) else {
            let bounds = "\(QuantityLimits.number(range.lowerBound)) and \(QuantityLimits.number(range.upperBound)) dB"
            throw ValidationError(
                "'\(OneLineText.quoted(text))' is not a trim: it must be a perceived change between \(bounds), such as 2dB"
            )
        }
        return PerceptualTrim(maxDecibels: value)
    }

    @Option(help: "Output format: table, json or csv (default: table on a terminal, json otherwise).")
    var format: ScoreFormat?

    @Flag(
        help: """
            Read strictly: leniencies that change what the pattern plays become errors (a value out of range, a \
            continuous event over 30 s, an unknown parameter ID); the rest stay warnings.
            """
    )
    var strict = false

    @Flag(help: "Include each pattern's power-over-time series in JSON output (JSON only).")
    var powerSeries = false

    @Flag(help: "Print every table column, however wide the terminal (the table fits COLUMNS or the terminal otherwise).")
    var wide = false

    @Option(
        help: ArgumentHelp(
            "Also write index.html, report.md and data.json into this folder: every pattern's figures, and the 20 costliest drawn with their power over time.",
            valueName: "dir"
        ),
        completion: .directory
    )
    var report: String?

    func run() async throws {
        let profile: DeviceProfile
        do throws(TemperError) {
            profile = try DeviceProfileLibrary.standard().profile(device)
        } catch {
            throw CLIFailure.usage(error.file == nil ? error.message : error.description)
        }
        if !paths.isEmpty {
            let inputs = PatternFiles.collect(paths)
            guard !inputs.isEmpty else {
                throw CLIFailure.usage("no .ahap, .haptic or .vij files found in \(paths.joined(separator: ", "))")
            }
            return try await score(inputs, on: profile)
        }
        // The built-in examples, read from a private unpacked copy and shown by their place in the project.
        do {
            try await BuiltInExamples.withUnpacked { root in
                let inputs = PatternFiles.collect([root.appendingPathComponent("Examples/patterns").path])
                try await score(inputs, on: profile, shownUnder: root.path)
            }
        } catch let error as TemperError {
            throw CLIFailure.usage(error.description)
        }
    }

    /// Scores `inputs`, prints the report in the chosen format and ends with the exit status it calls for.
    /// Files below `root` are shown relative to it.
    private func score(_ inputs: [String], on profile: DeviceProfile, shownUnder root: String? = nil) async throws {
        let budgetMillijoules = budget.map { $0.millijoules(atVolts: profile.battery.nominalVolts) }
        let format = self.format ?? .automatic()
        guard trim != nil || !allowPitchChange else {
            throw CLIFailure.usage("--allow-pitch-change needs --trim (it says how far the trim may move pitch)")
        }
        let trim = self.trim.map { PerceptualTrim(maxDecibels: $0.maxDecibels, allowsPitchChange: allowPitchChange) }
        if trim != nil, format == .csv {
            printError("temper: warning: --trim is left out of CSV output, which has no column for it; --format json or table shows it")
        }
        if powerSeries && format != .json {
            throw CLIFailure.usage(
                "--power-series needs --format json (a \(format.rawValue) has no place for a series; --report draws them)"
            )
        }

        func makeScorer(withSeries: Bool) -> PatternScorer {
            PatternScorer(
                estimator: EnergyEstimator(profile: profile, options: .init(maxSeriesPoints: withSeries ? 1000 : 0)),
                readOptions: AHAPReadOptions(strict: strict),
                budgetMillijoules: budgetMillijoules,
                trim: trim
            )
        }
        let scorer = makeScorer(withSeries: powerSeries)
        // JSON and CSV stream out as each pattern is scored, and the run keeps only its tally, so memory does not
        // grow with the files; a table needs every row for its widths and `--report` every score.
        var stream = try ScoreStream(format: format, device: profile, budgetMillijoules: budgetMillijoules)
        var tally = ScoreSummary.Tally()
        // A table and `--report` keep every score, without its power series and per-event energies.
        let keepsScores = format == .table || self.report != nil
        var scores = ReportScores()
        // A bar only for a set large enough to wait for.
        var progress = TerminalProgress(enabled: inputs.count >= 20 && TerminalProgress.canRedraw)
        for batch in Self.batches(of: inputs.count) {
            for (index, var score) in zip(batch, await Self.scores(inputs[batch], by: scorer)) {
                progress.bar(done: index, total: inputs.count, label: inputs[index])
                if let root, score.path.hasPrefix(root + "/") { score.path.removeFirst(root.count + 1) }
                printDiagnostics(score, warnings: format == .table)
                var printed = score
                if !powerSeries { printed.estimate?.powerSeries = [] }
                try stream.write(printed)
                tally.add(printed)
                guard keepsScores else { continue }
                scores.add(printed)
            }
        }
        progress.finish()
        // The patterns a report draws in full are scored again with their power series (standard input, read
        // once, keeps its score without one).
        if self.report != nil {
            let seriesScorer = makeScorer(withSeries: true)
            for index in scores.costliestIndices where inputs[index] != "-" {
                var score = Self.score(inputs[index], by: seriesScorer)
                if let root, score.path.hasPrefix(root + "/") { score.path.removeFirst(root.count + 1) }
                scores.replace(at: index, with: score)
            }
        }
        let summary = tally.summary
        try stream.finish(summary)
        if keepsScores {
            let report = ScoreReport(device: profile, budgetMillijoules: budgetMillijoules, patterns: scores.scores)
            if format == .table { print(ScoreOutput.table(report.withoutPowerSeries(), width: wide ? nil : TerminalWidth.current())) }
            if let folder = self.report {
                do throws(TemperError) {
                    try report.write(toReportFolder: URL(fileURLWithPath: folder))
                } catch {
                    throw CLIFailure.usage(error.description)
                }
            }
        }
        switch Self.exitStatus(of: summary) {
        case 0: return
        case 1: throw CLIFailure.checkFailed("")
        default: throw CLIFailure.usage("")
        }
    }

    /// The files in batches a few times the machine's cores, scored together and written in order: enough to
    /// keep every core busy, few enough that the scores waiting to be written stay small.
    static func batches(of count: Int) -> [Range<Int>] {
        let size = max(1, 8 * ProcessInfo.processInfo.activeProcessorCount)
        return stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
    }

    /// `paths` scored in parallel, in their order.
    static func scores(_ paths: ArraySlice<String>, by scorer: PatternScorer) async -> [PatternScore] {
        guard paths.count > 1, ProcessInfo.processInfo.activeProcessorCount > 1 else { return paths.map { Self.score($0, by: scorer) } }
        return await withTaskGroup(of: (Int, PatternScore).self) { group in
            for (offset, path) in paths.enumerated() { group.addTask { (offset, Self.score(path, by: scorer)) } }
            var scores = [PatternScore?](repeating: nil, count: paths.count)
            for await (offset, score) in group { scores[offset] = score }
            return scores.map { $0! }
        }
    }

    /// One input's score: a file's, or with `-` the pattern on standard input.
    private static func score(_ input: String, by scorer: PatternScorer) -> PatternScore {
        input == "-" ? scoreStandardInput(with: scorer) : scorer.score(path: input)
    }

    /// The pattern on standard input (`temper score -`), named `<stdin>`, its format from its content; read only up
    /// to a pattern file's limit, as a file is.
    private static func scoreStandardInput(with scorer: PatternScorer) -> PatternScore {
        do throws(TemperError) {
            return scorer.score(bytes: try StandardInput.bytes(as: .pattern), name: "<stdin>")
        } catch {
            return PatternScore(path: "<stdin>", error: error.description)
        }
    }

    /// The exit status the contract asks for: 2 when any input is unreadable or invalid, else 1 when any is over
    /// budget, else 0.
    static func exitStatus(of summary: ScoreSummary) -> Int32 {
        if summary.errors > 0 { return 2 }
        if summary.overBudget > 0 { return 1 }
        return 0
    }

    /// Errors always go to stderr, one line each, so a pipeline sees them whatever the format; warnings too
    /// when stdout is a table (JSON and CSV carry them in their own fields).
    private func printDiagnostics(_ score: PatternScore, warnings: Bool) {
        if warnings {
            for warning in score.warnings { printError("temper: warning: \(score.path): \(warning)") }
        }
        if let error = score.error { printError("temper: \(error)") }
    }
}
