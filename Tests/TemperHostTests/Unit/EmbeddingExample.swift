import Logging
import ServiceLifecycle
import TemperCore
import TemperHost
import TemperLifecycle
import UnixSignals

/// docs/embedding.md's "Embedding the Governor" example, line for line (with its imports), so a change to the API that breaks the guide breaks this build.
/// Compiled, never called: it would read the real host and its system bus.
enum EmbeddingExample {
    static func embed(policyYAML: String, phoneYAML: String, explosion: SensoryRequest, play: (SensoryRequest?) -> Void) async throws {
        let logger = Logger(label: "opta.feedback")
        let clock = ContinuousGovernorClock(SuspendingClock())  // one time base, CLOCK_MONOTONIC; ManualClock in tests and simulations
        let host = LinuxHost(clock: clock, logger: logger)  // a Service: owns its system-bus thread while it runs
        let governor = Governor(
            policy: try Policy.parse(yaml: policyYAML, file: "Policies/default.yaml"),  // or .default
            profile: try DeviceProfile.parse(yaml: phoneYAML, file: "phone.yaml"),
            source: host,  // FakeHostSource in tests
            clock: clock,  // stamps snapshots, times requests and budgets
            logger: logger
        )
        // One group owns both lifetimes: SIGTERM stops the governor (every waiting request gets its decision) and the host.
        let services = ServiceGroup(configuration: .init(services: [host, governor], gracefulShutdownSignals: [.sigterm], logger: logger))
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { try await services.run() }
            let ring = try await governor.schedule(explosion, at: governor.clock.now + 0.05)  // fire at now + δ
            for decision in await governor.drain() { play(decision.request) }  // each frame: nil = dropped
            _ = ring
        }
    }
}
