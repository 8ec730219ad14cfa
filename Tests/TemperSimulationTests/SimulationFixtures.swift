import Foundation
import TemperCore
import TemperSimulation

/// Shared inputs for simulation tests: the package's scenarios, a policy shaped like the design brief's defaults,
/// and fixed energy for each example pattern so the tests do not depend on the estimator's exact numbers.
enum SimulationFixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let scenarios = packageRoot.appendingPathComponent("Examples/scenarios")

    static let policy = Policy(
        name: "test-default",
        tiers: [
            .nominal: FeedbackRules(),
            .fair: FeedbackRules(particleScale: 0.5),
            .serious: FeedbackRules(haptics: .simpleImpact(.medium), spatialAudioAllowed: false),
            .critical: FeedbackRules(haptics: .off, spatialAudioAllowed: false, nonEssentialAudio: false, exemptOnly: true),
        ],
        lowPower: [
            .nominal: FeedbackRules(haptics: .simpleImpact(.medium)),
            .fair: FeedbackRules(haptics: .simpleImpact(.medium), particleScale: 0.5),
        ]
    )

    static func energy(for name: String) -> EnergyEstimate {
        let breakdown: EnergyBreakdown
        let duration: Double
        switch name {
        case "ring-explosion.ahap": (breakdown, duration) = (EnergyBreakdown(transientsMillijoules: 7, continuousMillijoules: 60, audioMillijoules: 40, overheadMillijoules: 2), 0.62)
        case "heavy.ahap": (breakdown, duration) = (EnergyBreakdown(continuousMillijoules: 110, overheadMillijoules: 2), 1.0)
        case "success.ahap": (breakdown, duration) = (EnergyBreakdown(transientsMillijoules: 9, continuousMillijoules: 45, overheadMillijoules: 2), 0.6)
        case "heartbeat.ahap": (breakdown, duration) = (EnergyBreakdown(transientsMillijoules: 6, overheadMillijoules: 1), 0.3)
        case "swell.ahap": (breakdown, duration) = (EnergyBreakdown(continuousMillijoules: 150, overheadMillijoules: 2), 2.0)
        default: (breakdown, duration) = (EnergyBreakdown(transientsMillijoules: 2, overheadMillijoules: 0.5), 0.01)
        }
        return EnergyEstimate(energyMillijoules: breakdown.totalMillijoules, durationSeconds: duration, breakdown: breakdown)
    }

    static func setup(_ scenarioName: String) throws -> SimulationSetup {
        let scenario = try Scenario.load(contentsOf: scenarios.appendingPathComponent("\(scenarioName).yaml"))
        return try setup(scenario)
    }

    static func setup(_ scenario: Scenario) throws -> SimulationSetup {
        try SimulationSetup(scenario: scenario, deviceName: "test-phone", thermal: .derivedDefaults, battery: .init()) { _, url throws(TemperError) in
            FeedbackItem(name: url.lastPathComponent, energy: energy(for: url.lastPathComponent))
        }
    }

    /// The heat-soak run, computed once for every test that reads it.
    static let heatSoak = Task { try await run(setup("heat-soak")) }

    static func run(_ setup: SimulationSetup, policy: Policy = policy) async -> SimulationResult {
        await Simulator.run(setup, policyName: policy.name) { policyOn in PolicyGoverning(policy: policy, enforcing: policyOn) }
    }
}
