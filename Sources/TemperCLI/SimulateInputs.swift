import Foundation
import TemperCore
import TemperFiles
import TemperSimulation

/// Resolves what a scenario names (its device, its policy, its payload files) into a ready ``SimulationSetup``.
enum SimulateInputs {
    /// The built-in scenario `temper simulate` runs with no argument, below the unpacked built-in examples.
    static let builtInScenario = "Examples/scenarios/heat-soak.yaml"

    /// Calls `body` with the scenario file: the argument, or the built-in scenario unpacked for the call.
    static func withScenario<Result>(_ argument: String?, _ body: (URL) async throws -> Result) async throws -> Result {
        if let argument { return try await body(URL(fileURLWithPath: argument)) }
        do {
            return try await BuiltInExamples.withUnpacked { root in try await body(root.appendingPathComponent(builtInScenario)) }
        } catch let error as TemperError {
            throw CLIFailure.usage(error.description)
        }
    }

    /// What one run needs: the scenario, its device and policy, and its payloads, read and costed.
    struct Resolved {
        var scenario: Scenario
        var policy: Policy
        var energy: SimulationEnergyModel
        var setup: SimulationSetup
    }

    /// Reads the scenario at `url` and everything it names (the device, the policy or `policyOption`, every
    /// payload), collecting every problem so the user sees them all at once, as `temper policy check` does.
    static func resolve(_ url: URL, policyOption: String?) throws -> Resolved {
        var problems = YAMLProblems()
        let read: (scenario: Scenario?, errors: [TemperError])
        do { read = try Scenario.read(contentsOf: url) } catch { throw CLIFailure.usage(error.description) }
        problems.record(read.errors)
        guard let scenario = read.scenario else { throw CLIFailure.reporting(problems.errors, in: url.path, as: CLIFailure.usage) }
        let device = problems.attempt { () throws(TemperError) in try Self.device(for: scenario) }
        let policy = problems.attempt { () throws(TemperError) in try SimulatePolicy.resolve(option: policyOption, scenario: scenario) }
        // The payloads are checked even when the device is not found, costed on the default one, so their
        // problems are listed too.
        let costing = device ?? (try? DeviceProfileLibrary.standard().profile(nil))
        var resolved: Resolved?
        if let costing {
            let energy = SimulationEnergyModel(profile: costing, scenario: scenario)
            let loader = FeedbackLoader(energy: energy)
            let payloads = SimulationSetup.payloads(of: scenario) { payload, url throws(TemperError) in try loader.load(payload, at: url) }
            problems.record(payloads.errors)
            if let device, let policy {
                let setup = SimulationSetup(
                    scenario: scenario,
                    deviceName: device.name,
                    thermal: ThermalParameters(profile: device),
                    battery: BatteryParameters(profile: device),
                    items: payloads.items
                )
                resolved = Resolved(scenario: scenario, policy: policy, energy: energy, setup: setup)
            }
        }
        guard problems.errors.isEmpty, let resolved else {
            // In the order of the scenario's lines (a stable sort: problems at one place keep their order).
            let errors = problems.errors.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
            throw CLIFailure.reporting(errors, in: url.path, as: CLIFailure.usage)
        }
        return resolved
    }

    /// The device the scenario names: a profile name (see `temper policy --help` for where names are looked up),
    /// or a path relative to the scenario file.
    static func device(for scenario: Scenario) throws(TemperError) -> DeviceProfile {
        let library = DeviceProfileLibrary.standard()
        guard let name = scenario.device else { return try library.profile(nil) }
        let argument = ConfigurationSearch.isPath(name) ? scenario.resolve(name).path : name
        do {
            return try library.profile(argument)
        } catch {
            throw scenario.error(error, at: scenario.entryLocations["device"])
        }
    }
}
