import Foundation
import TemperCore
import TemperSimulation
import TemperSimulationTestSupport
import TemperTestSupport
import Testing

/// How a scenario becomes a run's inputs: the one path `temper simulate` and the tests share (issue 20: the
/// command resolved it in TemperCLI and the tests rebuilt it by hand, on another energy model).
@Suite struct ScenarioInputsTests {
    static let heatSoak = SimulationFixtures.scenarios.appendingPathComponent("heat-soak.yaml")

    static func read(_ url: URL, policy: String? = nil) throws -> (inputs: ScenarioInputs?, errors: [TemperError]) {
        try ScenarioInputs.read(
            contentsOf: url,
            policy: policy,
            devices: SimulationFixtures.devices,
            policies: SimulationFixtures.policies
        )
    }

    @Test func theShippedScenarioResolvesItsDevicePolicyAndEveryPayload() throws {
        let read = try Self.read(Self.heatSoak)
        #expect(read.errors.isEmpty)
        let inputs = try #require(read.inputs)
        #expect(inputs.device == SimulationFixtures.phone && inputs.setup.deviceName == "phone")
        #expect(inputs.policy.name == "default")
        #expect(inputs.setup.items.count == inputs.scenario.streams.count)
        #expect(inputs.setup.items.allSatisfy { !$0.isEmpty })
        // The payloads are priced on the scenario's device with the scenario's audio path, as the run prices them.
        #expect(inputs.energy.estimator.profile == inputs.device)
        #expect(inputs.energy.estimator.options.audioPathAlreadyOpen == inputs.scenario.audioPathAlreadyOpen)
    }

    @Test func aPolicyOptionOverridesTheScenarios() throws {
        let inputs = try #require(try Self.read(Self.heatSoak, policy: "handheld").inputs)
        #expect(inputs.policy.name == "handheld")
    }

    /// Every problem at once, in the order of the scenario's lines, and no inputs.
    @Test func everyProblemIsListedInLineOrder() throws {
        let folder = try TemporaryFolder()
        let text = try String(contentsOf: Self.heatSoak, encoding: .utf8)
            .replacingOccurrences(of: "device: phone", with: "device: toaster")
            .replacingOccurrences(of: "policy: default", with: "policy: ./no-such-policy.yaml")
            .replacingOccurrences(of: "../patterns/ring-explosion.ahap", with: "missing.ahap")
            .replacingOccurrences(of: "../patterns/", with: SimulationFixtures.scenarios.path + "/../patterns/")
            .replacingOccurrences(of: "[requests/", with: "[" + SimulationFixtures.scenarios.path + "/requests/")
        let file = try folder.write("broken.yaml", Array(text.utf8))
        let read = try Self.read(URL(fileURLWithPath: file))
        #expect(read.inputs == nil)
        #expect(read.errors.count == 3, "\(read.errors)")
        let lines = read.errors.map { $0.line ?? 0 }
        #expect(lines == lines.sorted() && lines.first ?? 0 > 0)
        #expect(read.errors.first?.description.contains("toaster") == true)
        #expect(read.errors.last?.description.contains("missing.ahap") == true)
        #expect(throws: TemperError.self) { try ScenarioInputs(try Scenario.load(contentsOf: URL(fileURLWithPath: file))) }
    }
}
