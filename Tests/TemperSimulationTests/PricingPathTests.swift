import CoreMetrics
import Foundation
import Logging
import TemperCore
import TemperSimulation
import TemperSimulationTestSupport
import TemperTestSupport
import Testing

/// One pricing path: the live governor, the simulator and `temper score` price every example request and pattern
/// the same (the command-line half, score against rewrite, is in TemperCLITests).
@Suite struct PricingPathTests {
    typealias F = SimulationFixtures

    static let examples: [(url: URL, payload: RequestStream.Payload)] = {
        let root = PackagePaths.root.appendingPathComponent("Examples")
        func files(_ folder: String, _ suffix: String) -> [URL] {
            let url = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.filter { $0.hasSuffix(suffix) }.sorted().map { url.appendingPathComponent($0) }
        }
        let requests = (files("requests", ".json") + files("scenarios/requests", ".json") + files("", "-request.json")).map {
            ($0, RequestStream.Payload.request(path: $0.path))
        }
        // A scenario's `patterns` in every format: AHAP, .haptic, Android JSON and XML, rumble, feedbackd.
        let patterns = (files("patterns", ".ahap") + files("formats", "")).map { ($0, RequestStream.Payload.pattern(path: $0.path)) }
        return requests + patterns
    }()

    @Test func everyExampleCostsTheSameInTheGovernorTheSimulatorAndScore() async throws {
        #expect(Self.examples.count >= 29)
        for profile in [F.phone, DeviceProfile.referencePhone] {
            let estimator = EnergyEstimator(profile: profile)
            let simulator = SimulationEnergyModel(estimator: estimator)
            let loader = FeedbackLoader(energy: simulator)
            let live = Governor(
                policy: GovernorDriver.passThrough(F.policy),
                energyModel: estimator,
                source: SimulatedHost(),
                clock: VirtualClock(),
                logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
                metricsFactory: NOOPMetricsHandler.instance
            )
            var priced = 0
            for (url, payload) in Self.examples {
                for item in try loader.load(payload, at: url) {
                    let request = try #require(item.request)
                    // `temper score` and `temper rewrite` price through the estimator's one entry point.
                    let scored = estimator.estimate(request.kind).energyMillijoules
                    let simulated = item.energy.energyMillijoules
                    let simulatedGovernor = simulator.energyMillijoules(of: request)
                    let governed = await live.submit(request).energyBeforeMillijoules
                    let name = "\(url.lastPathComponent) \(item.name)"
                    for (path, cost) in [("simulator", simulated), ("simulated governor", simulatedGovernor), ("live governor", governed)] {
                        #expect(abs(cost - scored) <= 1e-9 * max(1, scored), "\(name): \(path) \(cost) mJ vs score \(scored) mJ")
                    }
                    if scored > 0 { priced += 1 }
                }
            }
            #expect(priced >= 15, "the examples exercise haptic, audio and system requests")
        }
    }

    @Test func aDistantSpatialCueCostsLessThanOneAtArmsLength() throws {
        let estimator = EnergyEstimator(profile: F.phone)
        let near = AudioCue(position: .init(0, 0, -1), rendering: .spatial, volume: 0.9, durationSeconds: 1)
        let far = AudioCue(position: .init(0, 0, -30), rendering: .spatial, volume: 0.9, durationSeconds: 1)
        let simulator = SimulationEnergyModel(estimator: estimator)
        #expect(simulator.estimate(.audio(far)).energyMillijoules < simulator.estimate(.audio(near)).energyMillijoules)
        #expect(simulator.energyMillijoules(of: far) == estimator.energyMillijoules(of: far))
    }
}
