import ArgumentParser
import FoundationEssentials
import TemperCore
import TemperFiles
import TemperPerfetto
import TemperReports
import TemperSimulation

struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run a scenario in virtual time, with the policy and with it off, and summarise both.",
        discussion: """
            With no SCENARIO, runs the built-in heat-soak scenario (Examples/scenarios/heat-soak.yaml): the design \
            brief's towel test. The thermal model's defaults are derived, not measured.

            A scenario (YAML) gives the duration and time step, a seed, the device and policy, the ambient \
            temperature over time, workload segments ("gaming 3.5 W for 20 min"), insulation wrapped around \
            the device ("a towel, 10 K/W, from 1 min until 20 min"), spans on a charger ("7.5 W at 85 %"), \
            request streams (periodic, poisson with a rate, or bursts; each naming AHAP patterns or request \
            files relative to the scenario), whether other sound holds the audio path open (audioPathAlreadyOpen: \
            true: a feedback sound then pays only its amplifier's drive) and the initial temperatures and battery. Every physical number \
            carries its unit (45 min, 3.5 W, 25 °C, 10 K/W, 0.5/s), as --budget does; only a key that names its \
            unit (internalCelsius, batteryPercentage) takes a bare number. Examples/scenarios/ has four to start from. The device may be a profile name or a file (a 'temper calibrate' profile).

            Every scenario also runs once with the policy off, as a baseline, and once without any feedback (the \
            workload alone, stopped once its peak is known): the verdict says the workload takes the device to a \
            tier only when that run gets there, and that feedback tips it over only when that run stays below. \
            Feedback heat enters where the actuator and the speaker amplifier sit (the profile's heat weights), \
            each request's energy drawn over its playing time. The summary shows the tier timeline \
            with the reason for each change, time in each tier, decisions by outcome and rule, feedback energy by \
            kind, the heat by source (workload, charger's loss, feedback), peak temperatures and the battery at the \
            end, with the policy and in the baseline. Differences are taken before rounding. --json prints the same \
            as a report's data.json, with both runs' sampled timelines.

            --sensitivity (and --report) reruns the scenario with each thermal figure the device profile marks \
            'assumed:' scaled by 0.7 and 1.3 and shows how the headline's peak hotspot moves; it costs two more \
            pairs of runs per assumed figure. On a charger the cell's charging derates with its temperature \
            (JEITA-style: the profile's 'charging:' section).

            Each request has one outcome, and the rules that changed it (each report defines those it uses):

            \(GlossaryHelp.text)

            Limits, each an error (exit 2) naming the key and its line: duration up to 7 days, time step from \
            1 ms, at most \(Scenario.maxSteps) steps (duration ÷ timeStep), and at most \(Scenario.maxRequests) \
            requests from all streams (rate × window, count × repetitions). Every mistake in a scenario is \
            reported at once, one line each with its line:column and key path.

            On a terminal a progress bar on stderr follows the runs; piped, nothing is drawn.

            Examples:
              temper simulate
              temper simulate Examples/scenarios/summer-car.yaml --report out/summer-car
              temper simulate Examples/scenarios/commute-battery.yaml --json
              temper simulate Examples/scenarios/summer-car.yaml --perfetto car.pftrace
            """
    )

    @Argument(help: "A scenario file (YAML). Default: the built-in heat-soak scenario.", completion: .file())
    var scenario: String?

    @Option(
        help: "A policy to enforce instead of the scenario's: a name (default, phone, handheld, or yours) or a file.",
        completion: .policyNames
    )
    var policy: String?

    @Option(
        help: "A device profile to simulate instead of the scenario's: a name or a file (relative to here).",
        completion: .deviceNames
    )
    var device: String?

    @Option(help: "A seed instead of the scenario's (its random request times and jitter).")
    var seed: UInt64?

    @Flag(help: "Print the results as JSON.")
    var json = false

    @Option(help: "Write index.html, report.md and data.json into this folder (with the sensitivity analysis).", completion: .directory)
    var report: String?

    @Flag(
        help:
            "Rerun the scenario with each thermal figure the device profile marks assumed moved ±30 %, and show how the headline moves (two more pairs of runs per figure; always done for --report)."
    )
    var sensitivity = false

    @Option(help: "Also write the run's host snapshots as a trace (JSON lines, as `temper record` does).", completion: .file())
    var recordTrace: String?

    @Option(
        help: ArgumentHelp(
            "Also write both runs in Perfetto's trace format: tiers and their changes, each decision with its rules, what played as slices per channel, thresholds, temperatures, battery and power.",
            valueName: "file"
        ),
        completion: .file()
    )
    var perfetto: String?

    // Unconditional, so `--trace-interval -1` reaches validate() and gets its own message.
    @Option(parsing: .unconditional, help: "Seconds between the trace's snapshots, 0.001 to 604800; at most 100000 snapshots.")
    var traceInterval: Double = 1

    func validate() throws {
        try OptionRange.check(traceInterval, OptionRange.traceInterval, option: "--trace-interval")
    }

    func run() async throws {
        let result: SimulationResult
        let trace: String?
        let perfettoLine: String?
        do {
            (result, trace, perfettoLine) = try await ScenarioInputs.withScenarioFile(scenario) { url in try await simulate(url) }
        } catch let error as TemperError {
            throw CLIFailure.usage(error.description)
        }
        if json {
            print(try TemperJSON.string(result))
        } else {
            // Piped (into less, a file), the summary still fits 80 columns: --json is the form for programs.
            print(SimulateSummary.text(result, width: TerminalWidth.current() ?? TerminalWidth.prosePiped, style: .forStdout()))
            if let report { print("report: \(report)/index.html") }
            if let trace { print(trace) }
            if let perfetto = perfettoLine { print(perfetto) }
        }
    }

    /// Runs the scenario at `url` with and without the policy, and writes what was asked for; returns the result,
    /// and lines saying what trace and Perfetto trace were written, how much each holds and how large it is.
    private func simulate(_ url: URL) async throws -> (SimulationResult, String?, String?) {
        let read: (inputs: ScenarioInputs?, errors: [TemperError])
        do throws(TemperError) {
            read = try ScenarioInputs.read(contentsOf: url, policy: policy, device: device, seed: seed)
        } catch {
            throw CLIFailure.usage(error.description)
        }
        guard let inputs = read.inputs else { throw CLIFailure.reporting(read.errors, in: url.path, as: CLIFailure.usage) }
        for warning in inputs.scenario.deprecations { printError("temper: warning: \(warning)") }
        let (setup, policy, energy) = (inputs.setup, inputs.policy, inputs.energy)
        let result: SimulationResult
        var traceLine: String?
        var perfettoLine: String?
        do {
            let traceSnapshots = inputs.scenario.durationSeconds / traceInterval
            if recordTrace != nil, traceSnapshots > Double(OptionRange.maxTraceSnapshots) {
                throw CLIFailure.usage(
                    "--trace-interval \(QuantityLimits.number(traceInterval)) s makes \(QuantityLimits.number(traceSnapshots.rounded(.up))) snapshots over the scenario's duration, more than the limit of \(OptionRange.maxTraceSnapshots)"
                )
            }
            let progress = SharedTerminalProgress()
            defer { progress.finish() }
            let name = inputs.scenario.name
            var simulated = await inputs.simulate(
                sensitivity: sensitivity || report != nil,
                logsDecisions: perfetto != nil,
                progress: { fraction in
                    progress.bar(fraction: fraction, label: "simulating \(name): \(Int(fraction * 100)) %")
                },
                rerunning: { progress.bar(fraction: 1, label: "rerunning \(name) with each assumed thermal figure moved ±30 %") }
            )
            if let perfetto {
                perfettoLine = try WrittenFile.perfetto({ try PerfettoTrace.simulation(simulated) }, to: perfetto)
                // The log is for the Perfetto trace only: --json and data.json stay as they were.
                simulated.withPolicy.decisionLog = nil
            }
            result = simulated
            if let recordTrace {
                let snapshots = await Simulator.runOnce(
                    setup,
                    requests: setup.arrivals,
                    governing: GovernorDriver(policy: policy, energy: energy),
                    policyName: policy.name,
                    snapshotEverySeconds: traceInterval,
                    progress: { fraction in
                        progress.bar(fraction: fraction, label: "recording \(name)'s trace: \(Int(fraction * 100)) %")
                    }
                ).snapshots
                do {
                    let data = TraceFile.encode(snapshots)
                    try data.write(to: URL(fileURLWithPath: recordTrace))
                    traceLine = "trace: \(recordTrace) (\(snapshots.count) snapshots, \(TerminalText.size(bytes: data.count)))"
                } catch {
                    throw TemperError(
                        code: .unreadableFile,
                        message: "cannot write the trace: \(FileErrorText.describe(error, path: recordTrace))",
                        file: recordTrace
                    )
                }
            }
            if let report { try SimulationReport.write(result, to: URL(fileURLWithPath: report)) }
        } catch let error as TemperError {
            throw CLIFailure.usage(error.description)
        }
        return (result, traceLine, perfettoLine)
    }
}
