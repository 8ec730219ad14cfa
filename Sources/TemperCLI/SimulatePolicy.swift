import Foundation
import TemperCore
import TemperSimulation

/// The policy a simulation enforces: `--policy NAME|FILE`, else the scenario's `policy:` (a built-in name such as
/// `default` or `phone`, or a path relative to the scenario file), else the built-in default.
enum SimulatePolicy {
    static func resolve(option: String?, scenario: Scenario) throws(TemperError) -> Policy {
        if let option { return try PolicyFiles.load(option) }
        guard let named = scenario.policy else { return .default }
        do {
            if named.contains("/") || named.hasSuffix(".yaml") { return try PolicyFiles.load(path: scenario.resolve(named).path) }
            return try PolicyFiles.load(named)
        } catch {
            throw scenario.error(error, at: scenario.entryLocations["policy"])
        }
    }
}
