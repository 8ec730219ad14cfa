import Foundation
import TemperCore
import TemperSimulation

/// Resolves what a scenario names (its device, its policy, its payload files) into a ready ``SimulationSetup``.
enum SimulateInputs {
    /// The built-in scenario `temper simulate` runs with no argument.
    static var builtInScenario: URL? { ProjectPaths.examples?.appendingPathComponent("scenarios/heat-soak.yaml") }

    static func scenarioURL(_ argument: String?) throws -> URL {
        if let argument { return URL(fileURLWithPath: argument) }
        guard let url = builtInScenario, FileManager.default.fileExists(atPath: url.path) else {
            throw CLIFailure.usage("no scenario given and the built-in Examples/scenarios/heat-soak.yaml was not found (set TEMPER_HOME)")
        }
        return url
    }

    /// The device the scenario names: a name in Policies/devices, or a path relative to the scenario file.
    static func device(for scenario: Scenario) throws(TemperError) -> DeviceProfile {
        guard let name = scenario.device else { return try DeviceProfileLibrary.onDisk.profile(nil) }
        let argument = DeviceProfileLibrary.isPath(name) ? scenario.resolve(name).path : name
        do {
            return try DeviceProfileLibrary.onDisk.profile(argument)
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
