public import FoundationEssentials
public import TemperCore
public import TemperFiles

/// What one simulation needs, resolved from a scenario as `temper simulate` resolves it: the scenario, the device
/// it names, the policy (an override, else the scenario's, else `default`), the energy model that prices on that
/// device, and every payload read and costed. The command line and the tests both start here, so a test runs the
/// scenario the command would.
public struct ScenarioInputs: Sendable {
    /// The built-in scenario `temper simulate` runs with no argument, below the unpacked built-in examples.
    public static let builtInScenario = "Examples/scenarios/heat-soak.yaml"

    public var scenario: Scenario
    public var device: DeviceProfile
    public var policy: Policy
    public var energy: SimulationEnergyModel
    public var setup: SimulationSetup

    /// Reads one payload file into the items a stream plays; the default reads the file through the loader.
    public typealias PayloadReader = (RequestStream.Payload, URL, FeedbackLoader) throws(TemperError) -> [FeedbackItem]

    /// Reads the file with ``FeedbackLoader/load(_:at:)``, as `temper simulate` does.
    public static func readFile(_ payload: RequestStream.Payload, at url: URL, loader: FeedbackLoader) throws(TemperError) -> [FeedbackItem]
    {
        try loader.load(payload, at: url)
    }

    /// Calls `body` with the scenario file `path` names, or, when `path` is `nil`, with ``builtInScenario``
    /// unpacked for the length of the call (its patterns beside it).
    ///
    /// - Throws: `unreadableFile` when the built-in examples cannot be unpacked, or what `body` throws.
    public static func withScenarioFile<Result>(_ path: String?, _ body: (URL) async throws -> Result) async throws -> Result {
        if let path { return try await body(URL(fileURLWithPath: path)) }
        return try await BuiltInExamples.withUnpacked { root in try await body(root.appendingPathComponent(builtInScenario)) }
    }

    /// Reads the scenario at `url` and everything it names, collecting every problem so the user sees them all at
    /// once, in the order of the scenario's lines (as `temper policy check` does).
    ///
    /// - Parameters:
    ///   - policy: a policy name or file that overrides the scenario's `policy:`.
    ///   - device: a device name or file that overrides the scenario's `device:` (``Scenario/overriding(device:seed:)``).
    ///   - seed: overrides the scenario's `seed:`.
    ///   - devices: where device names are looked up (a path in the scenario is relative to the scenario file).
    ///   - policies: where policy names are looked up.
    ///   - payloads: reads each payload file; the default reads it.
    /// - Returns: the inputs, or `nil` with every problem found.
    /// - Throws: `unreadableFile` when the scenario itself cannot be read.
    public static func read(
        contentsOf url: URL,
        policy: String? = nil,
        device: String? = nil,
        seed: UInt64? = nil,
        devices: DeviceProfileLibrary = .standard(),
        policies: PolicyLibrary = .standard(),
        payloads: PayloadReader = readFile
    ) throws(TemperError) -> (inputs: ScenarioInputs?, errors: [TemperError]) {
        let read = try Scenario.read(contentsOf: url)
        guard let scenario = read.scenario?.overriding(device: device, seed: seed) else { return (nil, read.errors) }
        let resolved = resolve(scenario, policy: policy, devices: devices, policies: policies, payloads: payloads)
        let errors = read.errors + resolved.errors
        // A stable sort: problems at one place keep their order.
        return errors.isEmpty
            ? (resolved.inputs, []) : (nil, errors.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) })
    }

    /// The inputs of a scenario already read (or built in code), with the first problem thrown.
    ///
    /// - Throws: the first problem ``resolve(_:policy:devices:policies:payloads:)`` finds.
    public init(
        _ scenario: Scenario,
        policy: String? = nil,
        devices: DeviceProfileLibrary = .standard(),
        policies: PolicyLibrary = .standard(),
        payloads: PayloadReader = readFile
    ) throws(TemperError) {
        let resolved = Self.resolve(scenario, policy: policy, devices: devices, policies: policies, payloads: payloads)
        guard let inputs = resolved.inputs else {
            throw resolved.errors.first
                ?? TemperError(code: .invalidScenario, message: "the scenario cannot be resolved", file: scenario.file)
        }
        self = inputs
    }

    /// The device, the policy and every payload of `scenario`, or every problem found among them. The payloads are
    /// checked even when the device is not found (costed on the default one), so their problems are listed too.
    public static func resolve(
        _ scenario: Scenario,
        policy option: String? = nil,
        devices: DeviceProfileLibrary = .standard(),
        policies: PolicyLibrary = .standard(),
        payloads: PayloadReader = readFile
    ) -> (inputs: ScenarioInputs?, errors: [TemperError]) {
        var problems = YAMLProblems()
        let device = problems.attempt { () throws(TemperError) in try Self.device(for: scenario, in: devices) }
        let policy = problems.attempt { () throws(TemperError) in try Self.policy(for: scenario, option: option, in: policies) }
        guard let costing = device ?? (try? devices.profile(nil)) else { return (nil, problems.errors) }
        let energy = SimulationEnergyModel(profile: costing, scenario: scenario)
        let loader = FeedbackLoader(energy: energy)
        let items = SimulationSetup.payloads(of: scenario) { payload, url throws(TemperError) in try payloads(payload, url, loader) }
        problems.record(items.errors)
        guard problems.errors.isEmpty, let device, let policy else { return (nil, problems.errors) }
        let setup = SimulationSetup(
            scenario: scenario,
            deviceName: device.name,
            thermal: ThermalParameters(profile: device),
            battery: BatteryParameters(profile: device),
            items: items.items
        )
        return (ScenarioInputs(scenario: scenario, device: device, policy: policy, energy: energy, setup: setup), [])
    }

    private init(scenario: Scenario, device: DeviceProfile, policy: Policy, energy: SimulationEnergyModel, setup: SimulationSetup) {
        self.scenario = scenario
        self.device = device
        self.policy = policy
        self.energy = energy
        self.setup = setup
    }

    /// The device the scenario names: a profile name, or a path relative to the scenario file; the default
    /// profile when it names none.
    static func device(for scenario: Scenario, in devices: DeviceProfileLibrary) throws(TemperError) -> DeviceProfile {
        guard let name = scenario.device else { return try devices.profile(nil) }
        do {
            return try devices.profile(ConfigurationSearch.isPath(name) ? scenario.resolve(name).path : name)
        } catch {
            throw scenario.error(error, at: scenario.entryLocations["device"])
        }
    }

    /// The policy a simulation enforces: `option` (a name or file), else the scenario's `policy:` (a name, or a
    /// path relative to the scenario file), else the policy named `default`.
    static func policy(for scenario: Scenario, option: String?, in policies: PolicyLibrary) throws(TemperError) -> Policy {
        if let option { return try policies.policy(option) }
        guard let named = scenario.policy else { return try policies.policy() }
        do {
            return try policies.policy(ConfigurationSearch.isPath(named) ? scenario.resolve(named).path : named)
        } catch {
            throw scenario.error(error, at: scenario.entryLocations["policy"])
        }
    }
}
