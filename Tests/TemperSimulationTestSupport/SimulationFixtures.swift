public import Foundation
public import TemperAHAP
public import TemperCore
public import TemperSimulation
import TemperTestSupport

/// Shared inputs for the simulation and report tests: the package's scenarios, the built-in default policy,
/// and stand-in patterns costed on the phone profile, so the tests do not depend on the example files.
public enum SimulationFixtures: Sendable {
    public static let scenarios = PackagePaths.root.appendingPathComponent("Examples/scenarios")

    /// The example trace the simulator recorded of the heat-soak scenario.
    public static let shippedTrace = PackagePaths.root.appendingPathComponent("Examples/traces/heat-soak.jsonl")
    /// A trace in format version 1 (no header, the older snapshot shape), kept to show that older traces read.
    public static let versionOneTrace = PackagePaths.root.appendingPathComponent("Examples/traces/version-1.jsonl")

    public static let policy = Policy.default

    /// The package's own policies and device profiles (`Policies/`), as the built-in files the program carries,
    /// without the folders of the machine running the tests.
    public static let search: ConfigurationSearch = {
        var files: [String: String] = [:]
        for folder in ["Policies", "Policies/devices"] {
            let url = PackagePaths.root.appendingPathComponent(folder)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] where name.hasSuffix(".yaml") {
                files["\(folder)/\(name)"] = try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
            }
        }
        return ConfigurationSearch(folders: [], builtIn: files, readText: { _ in nil }, listDirectory: { _ in [] })
    }()
    public static let devices = DeviceProfileLibrary(search: search)
    public static let policies = PolicyLibrary(search: search)

    /// The phone profile from Policies/devices.
    public static let phone: DeviceProfile = try! devices.profile("phone")

    public static let energy = SimulationEnergyModel(estimator: EnergyEstimator(profile: phone))

    static func transient(_ time: Double, _ intensity: Double, _ sharpness: Double) -> AHAPItem {
        .event(
            AHAPEvent(
                type: .hapticTransient,
                time: time,
                parameters: [
                    AHAPEventParameter(id: .hapticIntensity, value: intensity), AHAPEventParameter(id: .hapticSharpness, value: sharpness),
                ]
            )
        )
    }

    static func continuous(_ time: Double, _ duration: Double, _ intensity: Double, _ sharpness: Double) -> AHAPItem {
        .event(
            AHAPEvent(
                type: .hapticContinuous,
                time: time,
                duration: duration,
                parameters: [
                    AHAPEventParameter(id: .hapticIntensity, value: intensity), AHAPEventParameter(id: .hapticSharpness, value: sharpness),
                ]
            )
        )
    }

    /// Stand-ins for the example patterns, by file name, so these tests do not depend on the example files.
    public static func pattern(named name: String) -> AHAPPattern {
        switch name {
        case "ring-explosion.ahap": AHAPPattern(items: [transient(0, 1, 1), continuous(0.02, 0.6, 0.8, 0.4)])
        case "heavy-decay.ahap": AHAPPattern(items: (0..<5).map { continuous(Double($0) * 0.2, 0.2, 1 - Double($0) * 0.18, 0.3) })
        case "success.ahap": AHAPPattern(items: [transient(0, 0.5, 0.8), continuous(0.1, 0.4, 1, 0.3), transient(0.55, 0.8, 1)])
        case "heartbeat.ahap": AHAPPattern(items: [transient(0, 0.8, 0.3), transient(0.15, 0.5, 0.3)])
        case "gradual-swell.ahap":
            AHAPPattern(items: (0..<20).map { continuous(Double($0) * 0.1, 0.1, 0.6 * sin(Double($0 + 1) / 21 * .pi), 0.4) })
        default: AHAPPattern(items: [transient(0, 0.4, 0.2)])
        }
    }

    public static func setup(_ scenarioName: String) throws -> SimulationSetup {
        // The shipped scenarios' workloads climb the tiers on their own, so the stand-ins' lower cost changes no tier.
        try setup(try Scenario.load(contentsOf: scenarios.appendingPathComponent("\(scenarioName).yaml")))
    }

    public static func setup(_ scenario: Scenario) throws -> SimulationSetup {
        try inputs(scenario).setup
    }

    /// `scenario` resolved as `temper simulate` resolves it, on the package's policies and profiles; with
    /// `standIns`, each payload file is played as its stand-in pattern (``pattern(named:)``), else it is read.
    public static func inputs(_ scenario: Scenario, standIns: Bool = true) throws -> ScenarioInputs {
        try ScenarioInputs(scenario, devices: devices, policies: policies) { payload, url, loader throws(TemperError) in
            guard standIns else { return try ScenarioInputs.readFile(payload, at: url, loader: loader) }
            let request = SensoryRequest(
                id: url.lastPathComponent,
                usage: .game,
                kind: .haptic(HapticPatternRequest(pattern: pattern(named: url.lastPathComponent)))
            )
            return [loader.item(named: url.lastPathComponent, request: request)]
        }
    }

    /// The heat-soak run, computed once for every test that reads it.
    public static let heatSoak = Task { try await run(setup("heat-soak")) }

    /// Runs resolved inputs with their own policy and energy model, as `temper simulate` does.
    public static func run(_ inputs: ScenarioInputs) async -> SimulationResult {
        await Simulator.run(inputs.setup, policyName: inputs.policy.name) { policyOn in
            GovernorDriver(policy: policyOn ? inputs.policy : GovernorDriver.passThrough(inputs.policy), energy: inputs.energy)
        }
    }

    public static func run(_ setup: SimulationSetup, policy: Policy = policy) async -> SimulationResult {
        await Simulator.run(setup, policyName: policy.name) { policyOn in
            GovernorDriver(policy: policyOn ? policy : GovernorDriver.passThrough(policy), energy: energy)
        }
    }
}
