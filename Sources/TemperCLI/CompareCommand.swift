import ArgumentParser
import FoundationEssentials
import TemperCore
import TemperFiles
import TemperReports
import TemperSimulation

struct CompareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Put two simulations, traces or policies side by side, the differences first.",
        discussion: """
            A and B are each one of:
              - a scenario (.yaml), simulated with its own policy as `temper simulate`
                runs it;
              - a simulation or trace report: the folder `--report` wrote, or its
                data.json;
              - a trace (.jsonl) that `temper record` wrote, replayed as `temper report`
                does;
              - with --scenario FILE, a policy: a name (default, phone, handheld, or
                yours) or a file; both policies run on that scenario.

            It opens with the verdict: which run reached the higher tier and for how long, then the feedback energy \
            played and the peak temperature. A table of the figures that differ follows, then those that are the \
            same. A simulation is compared by its run with the policy; its peak is the skin hotspot, a trace's the \
            hottest sensor the classifier counts. A and B may be of different kinds: what only one knows is shown \
            as –.

            With --scenario, it also says why the policies differ: it lists every setting B changes, in the policy \
            file's keys and units, then runs A again once per setting with that setting as B has it, and names the \
            setting whose run alone moved each verdict figure the way B's went, with its share (or says the settings \
            do it together).

            Examples:
              temper compare Examples/scenarios/heat-soak.yaml \\
                Examples/scenarios/summer-car.yaml
              temper compare default phone --scenario Examples/scenarios/heat-soak.yaml
              temper compare Examples/traces/heat-soak.jsonl \\
                Examples/traces/desktop-fans.jsonl --report out/compare
            """
    )

    @Argument(
        help: ArgumentHelp("The first run: a scenario, report folder, data.json, trace or (with --scenario) policy.", valueName: "a"),
        completion: .file()
    )
    var a: String

    @Argument(help: ArgumentHelp("The second run: any of the kinds A may be.", valueName: "b"), completion: .file())
    var b: String

    @Option(
        help: ArgumentHelp("Run policies A and B on this scenario (YAML) and compare the two runs.", valueName: "file"),
        completion: .file()
    )
    var scenario: String?

    @Option(
        help: ArgumentHelp("Write index.html, report.md and data.json of the comparison into this folder.", valueName: "dir"),
        completion: .directory
    )
    var report: String?

    @Flag(help: "Print the comparison as JSON.")
    var json = false

    func run() async throws {
        let comparison: RunComparison
        do {
            comparison =
                if let scenario { try await comparePolicies(on: scenario) } else { RunComparison(try await load(a), try await load(b)) }
            if let report { try ComparisonReport.write(comparison, to: URL(fileURLWithPath: report)) }
        } catch let error as TemperError {
            throw CLIFailure.usage(error.description)
        }
        if json {
            print(try TemperJSON.string(comparison))
            return
        }
        print(ComparisonText.text(comparison, width: TerminalWidth.current()))
        if let report { print("report: \(report)/index.html") }
    }

    /// Policies A and B on one scenario, then A's run made again once for each setting B changes, with that
    /// setting as B has it, so the comparison can say which setting made each difference.
    private func comparePolicies(on scenario: String) async throws -> RunComparison {
        let url = URL(fileURLWithPath: scenario)
        // The scenario is read twice, once per policy; its warnings are said once.
        let (inputsA, inputsB) = (try Self.inputs(url, policy: a), try Self.inputs(url, policy: b, warns: false))
        var comparison = RunComparison(
            ComparedRun(simulation: await Self.simulate(inputsA), label: "policy \(a) on \(scenario)"),
            ComparedRun(simulation: await Self.simulate(inputsB), label: "policy \(b) on \(scenario)")
        )
        let differences = try PolicyDifferences(inputsA.policy, inputsB.policy)
        let tried = try differences.settings.map { setting in (setting, try differences.policy(aWith: setting)) }
        comparison.settingEffects = await withTaskGroup(of: (Int, SettingEffect).self) { group in
            for (index, (setting, policy)) in tried.enumerated() {
                group.addTask {
                    let driver = GovernorDriver(policy: policy, energy: inputsA.energy)
                    let setup = inputsA.setup
                    let run = await Simulator.runOnce(setup, requests: setup.arrivals, governing: driver, policyName: policy.name).summary
                    let label = "A with B's \(setting.path)"
                    return (
                        index,
                        SettingEffect(setting, run: ComparedRun(run: run, durationSeconds: setup.scenario.durationSeconds, label: label))
                    )
                }
            }
            var effects: [(Int, SettingEffect)] = []
            for await effect in group { effects.append(effect) }
            return effects.sorted { $0.0 < $1.0 }.map(\.1)
        }
        return comparison
    }

    /// One side, by what `argument` names.
    private func load(_ argument: String) async throws -> ComparedRun {
        var isFolder = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
            throw TemperError(
                code: .unreadableFile,
                message:
                    "no such file or folder; A and B are scenarios, report folders, data.json files or traces (policies need --scenario)",
                file: argument
            )
        }
        if isFolder {
            return try Self.reportData(URL(fileURLWithPath: argument).appendingPathComponent("data.json"), label: argument)
        }
        switch URL(fileURLWithPath: argument).pathExtension.lowercased() {
        case "json": return try Self.reportData(URL(fileURLWithPath: argument), label: argument)
        case "jsonl": return try Self.replay(argument)
        case "yaml", "yml":
            let result = await Self.simulate(try Self.inputs(URL(fileURLWithPath: argument), policy: nil))
            return ComparedRun(simulation: result, label: "\(argument) with \(result.withPolicy.policy)")
        default:
            throw TemperError(
                code: .unreadableFile,
                message: "not a scenario (.yaml), report folder, data.json or trace (.jsonl)",
                file: argument
            )
        }
    }

    /// A scenario and its policy (or `policy`), read as `temper simulate` reads them.
    private static func inputs(_ url: URL, policy: String?, warns: Bool = true) throws -> ScenarioInputs {
        let read = try ScenarioInputs.read(contentsOf: url, policy: policy)
        guard let inputs = read.inputs else { throw CLIFailure.reporting(read.errors, in: url.path, as: CLIFailure.usage) }
        if warns {
            for warning in inputs.scenario.deprecations { printError("temper: warning: \(warning)") }
        }
        return inputs
    }

    /// Runs a scenario with and without its policy, as `temper simulate` does.
    private static func simulate(_ inputs: ScenarioInputs) async -> SimulationResult {
        await Simulator.run(inputs.setup, policyName: inputs.policy.name) { policyOn in
            GovernorDriver(policy: policyOn ? inputs.policy : GovernorDriver.passThrough(inputs.policy), energy: inputs.energy)
        }
    }

    /// A trace replayed through the default policy's classifier, as `temper report` does.
    private static func replay(_ path: String) throws -> ComparedRun {
        let url = URL(fileURLWithPath: path)
        let settings = try PolicyLibrary.standard().policy(nil).classifier
        var replay = TraceReplay.Replay(settings: settings, name: url.lastPathComponent)
        let contents = try TraceFile.stream(contentsOf: url, lenient: false) { replay.add($0) }
        for warning in contents.warnings { printError("temper: warning: \(warning)") }
        return ComparedRun(trace: replay.result, label: path)
    }

    /// A report's data.json: a simulation's or a trace's.
    private static func reportData(_ url: URL, label: String) throws -> ComparedRun {
        let data = Data(try InputFile.bytes(url.path, kind: .reportData))
        let decoder = TemperJSON.decoder()
        if let result = try? decoder.decode(SimulationResult.self, from: data) {
            return ComparedRun(simulation: result, label: "\(label) with \(result.withPolicy.policy)")
        }
        if let result = try? decoder.decode(TraceResult.self, from: data) {
            return ComparedRun(trace: result, label: label)
        }
        throw TemperError(
            code: .unreadableFile,
            message: "not the data.json of a `temper simulate` or `temper report` report",
            file: url.path
        )
    }
}
