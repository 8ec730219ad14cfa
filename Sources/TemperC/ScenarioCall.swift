import FoundationEssentials
import TemperCore
import TemperSimulation

/// `temper_run_scenario`: `temper simulate --json` for YAML held in memory.
enum ScenarioCall {
    /// Reads, resolves and runs the scenario with its policy and with the policy off; the result's JSON.
    static func run(yaml: String, file: String?) throws(CFailure) -> String {
        let read = Scenario.read(yaml: yaml, file: file)
        guard let scenario = read.scenario, read.errors.isEmpty else { throw failure(read.errors, file: file) }
        let resolved = ScenarioInputs.resolve(scenario)
        guard let inputs = resolved.inputs else { throw failure(resolved.errors, file: file) }
        let result = waitFor { await simulate(inputs) }
        return try encoded(result)
    }

    private static func simulate(_ inputs: ScenarioInputs) async -> SimulationResult {
        let (policy, energy) = (inputs.policy, inputs.energy)
        return await Simulator.run(inputs.setup, policyName: policy.name) { policyOn in
            GovernorDriver(policy: policyOn ? policy : GovernorDriver.passThrough(policy), energy: energy)
        }
    }

    /// Every problem, one line each, as `temper simulate` lists them; the status of the first.
    private static func failure(_ errors: [TemperError], file: String?) -> CFailure {
        guard let first = errors.first else { return CFailure(.scenario, "\(file ?? "scenario"): not a scenario") }
        return CFailure(CStatus.of(first, reading: .scenario), errors.map(\.description).joined(separator: "\n"))
    }
}

/// `temper_run_scenario`, as Sources/TemperC/include/temper.h documents it.
@c(temper_run_scenario)
public func temperRunScenario(
    _ yaml: UnsafePointer<CChar>?,
    _ length: Int,
    _ file: UnsafePointer<CChar>?,
    _ summary: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    cCall { () throws(CFailure) in
        let out = try cOut(summary)
        let bytes = try cBytes(yaml, length, "the scenario's YAML")
        guard let text = String(validating: bytes, as: UTF8.self) else { throw CFailure(.argument, "the scenario is not UTF-8 text") }
        out.pointee = cString(try ScenarioCall.run(yaml: text, file: try cText(file, "the scenario's file name")))
    }
}
