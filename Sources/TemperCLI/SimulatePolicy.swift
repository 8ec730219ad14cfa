import Foundation
import TemperCore
import TemperFiles
import TemperSimulation

/// The policy a simulation enforces: `--policy NAME|FILE`, else the scenario's `policy:` (a name such as `default`
/// or `phone`, or a path relative to the scenario file), else the policy named `default`.
enum SimulatePolicy {
    static func resolve(option: String?, scenario: Scenario) throws(TemperError) -> Policy {
        let library = PolicyLibrary.standard()
        if let option { return try library.policy(option) }
        guard let named = scenario.policy else { return try library.policy() }
        do {
            return try library.policy(ConfigurationSearch.isPath(named) ? scenario.resolve(named).path : named)
        } catch {
            throw scenario.error(error, at: scenario.entryLocations["policy"])
        }
    }
}
