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

    /// Everything the run needs, read and costed up front.
    static func setup(for scenario: Scenario, energy: SimulationEnergyModel, device: DeviceProfile) throws(TemperError) -> SimulationSetup {
        let loader = FeedbackLoader(energy: energy)
        return try SimulationSetup(
            scenario: scenario, deviceName: device.name, thermal: ThermalParameters(profile: device), battery: BatteryParameters(profile: device)
        ) { payload, url throws(TemperError) in try loader.load(payload, at: url) }
    }
}
