import FoundationEssentials
import TemperCore
import TemperSimulation

/// `temper_run_scenario` and `temper_simulate`: `temper simulate --json` for YAML held in memory.
enum ScenarioCall {
    /// What `temper simulate` takes besides the scenario: `--device`, `--policy`, `--seed`, `--sensitivity`.
    struct Options {
        var device: String?
        var policy: String?
        var seed: UInt64?
        var sensitivity = false
    }

    /// Reads, resolves and runs the scenario with its policy and with the policy off (``ScenarioInputs/simulate``,
    /// as the command line runs it); the result's JSON.
    static func run(yaml: String, file: String?, options: Options = .init()) throws(CFailure) -> String {
        let read = Scenario.read(yaml: yaml, file: file)
        guard let scenario = read.scenario, read.errors.isEmpty else { throw failure(read.errors, file: file) }
        let resolved = ScenarioInputs.resolve(scenario.overriding(device: options.device, seed: options.seed), policy: options.policy)
        guard let inputs = resolved.inputs else { throw failure(resolved.errors, file: file) }
        let result = waitFor { await inputs.simulate(sensitivity: options.sensitivity) }
        return try encoded(result)
    }

    /// Every problem, one line each, as `temper simulate` lists them; the status of the first.
    private static func failure(_ errors: [TemperError], file: String?) -> CFailure {
        guard let first = errors.first else { return CFailure(.scenario, "\(file ?? "scenario"): not a scenario") }
        return CFailure(CStatus.of(first, reading: .scenario), errors.map(\.description).joined(separator: "\n"))
    }

    /// The scenario's text from C: `length` bytes of UTF-8.
    static func text(_ yaml: UnsafePointer<CChar>?, _ length: Int) throws(CFailure) -> String {
        let bytes = try cBytes(yaml, length, "the scenario's YAML")
        guard let text = String(validating: bytes, as: UTF8.self) else { throw CFailure(.argument, "the scenario is not UTF-8 text") }
        return text
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
        let text = try ScenarioCall.text(yaml, length)
        out.pointee = cString(try ScenarioCall.run(yaml: text, file: try cText(file, "the scenario's file name")))
    }
}

/// `temper_simulate`, as Sources/TemperC/include/temper.h documents it.
@c(temper_simulate)
public func temperSimulate(
    _ yaml: UnsafePointer<CChar>?,
    _ length: Int,
    _ file: UnsafePointer<CChar>?,
    _ device: UnsafePointer<CChar>?,
    _ policy: UnsafePointer<CChar>?,
    _ seed: UnsafePointer<UInt64>?,
    _ sensitivity: Int32,
    _ summary: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    cCall { () throws(CFailure) in
        let out = try cOut(summary)
        let text = try ScenarioCall.text(yaml, length)
        let options = ScenarioCall.Options(
            device: try cText(device, "the device"),
            policy: try cText(policy, "the policy"),
            seed: seed?.pointee,
            sensitivity: sensitivity != 0
        )
        out.pointee = cString(try ScenarioCall.run(yaml: text, file: try cText(file, "the scenario's file name"), options: options))
    }
}
