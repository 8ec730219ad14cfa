import Logging
public import Metrics
public import ServiceLifecycle
import TemperAHAP
public import TemperCore
import TemperLifecycle
public import UnixSignals

extension LinuxHost {
    /// Samples this host through a ``Governor`` until `body` says stop, graceful shutdown, or one of `signals`:
    /// the loop behind `temper watch` and `temper record`, for any tool that wants the same.
    ///
    /// The host and the governor run as `Service`s in one `ServiceGroup`, which owns their lifetimes and the
    /// signal handling: the library installs handlers only for the `signals` the caller names (none by default).
    /// The governor samples every `intervalSeconds` on the host's own ``clock`` and classifies with `policy`; every
    /// sample reaches `body` with the condition after it, in order.
    ///
    /// - Parameters:
    ///   - policy: The classifier settings to use (the rules are not needed: no request is decided).
    ///   - intervalSeconds: Seconds between samples.
    ///   - signals: Signals that end the run gracefully, e.g. `[.sigint, .sigterm]` in a command-line tool.
    ///   - metricsFactory: Where the governor records its metrics.
    ///   - services: More services to run in the same group and stop with it, e.g. a metrics exporter.
    ///   - body: Called with each sample; return `false` to stop.
    /// - Throws: What `body` or the group throws; an ending by signal or shutdown is not an error.
    public func sample(
        policy: Policy,
        intervalSeconds: Double,
        gracefulShutdownSignals signals: [UnixSignal] = [],
        metricsFactory: any MetricsFactory = MetricsSystem.factory,
        services: [any Service] = [],
        _ body: @escaping @Sendable (HostSample) async throws -> Bool
    ) async throws {
        // Started before the group so the first sample has the battery; the host's run() owns it from then on.
        await start()
        let governor = Governor(
            policy: policy,
            energyModel: NoFeedbackEnergy(),
            source: self,
            clock: clock,
            logger: logger,
            metricsFactory: metricsFactory,
            configuration: .init(sampleIntervalSeconds: intervalSeconds)
        )
        let samples = governor.samples()
        let group = ServiceGroup(
            configuration: .init(services: [self, governor] + services, gracefulShutdownSignals: signals, logger: logger)
        )
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            do {
                for await sample in samples {
                    guard try await body(sample) else { break }
                }
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }
}

/// Sampling decides no request, so nothing costs anything.
private struct NoFeedbackEnergy: FeedbackEnergyModel {
    func energyMillijoules(of pattern: HapticPattern) -> Double { 0 }
    func energyMillijoules(of feedback: SystemFeedback) -> Double { 0 }
    func energyMillijoules(of cue: AudioCue) -> Double { 0 }
}
