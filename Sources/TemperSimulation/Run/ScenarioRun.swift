public import FoundationEssentials
public import TemperCore

extension Scenario {
    /// The scenario with the device and seed that `temper simulate --device/--seed` (and libtemper's
    /// `temper_simulate`) put in place of its own. A device path is taken relative to the working directory, as
    /// every path given on the command line is, not to the scenario's folder.
    public func overriding(device: String? = nil, seed: UInt64? = nil) -> Scenario {
        var scenario = self
        if let device { scenario.device = ConfigurationSearch.isPath(device) ? URL(fileURLWithPath: device).path : device }
        if let seed { scenario.seed = seed }
        return scenario
    }
}

extension ScenarioInputs {
    /// What `temper simulate` runs, for the command line and libtemper alike: the scenario with its policy and
    /// with the policy off, and with `sensitivity` the reruns with each assumed thermal figure moved ±30 %
    /// (``Simulator/sensitivity(_:of:policyName:step:governing:)``).
    /// - Parameter rerunning: told once the pair has run and the sensitivity reruns begin.
    public func simulate(
        sensitivity: Bool = false,
        logsDecisions: Bool = false,
        progress: Simulator.Progress? = nil,
        rerunning: (() -> Void)? = nil
    ) async -> SimulationResult {
        let (policy, energy) = (self.policy, self.energy)
        let governing = { (policyOn: Bool) in
            GovernorDriver(policy: policyOn ? policy : GovernorDriver.passThrough(policy), energy: energy)
        }
        var result = await Simulator.run(
            setup,
            policyName: policy.name,
            progress: progress,
            logsDecisions: logsDecisions,
            governing: governing
        )
        if sensitivity {
            rerunning?()
            result.sensitivity = await Simulator.sensitivity(setup, of: result, policyName: policy.name, governing: governing)
        }
        return result
    }
}
