public import Logging
public import Metrics
public import ServiceLifecycle
import TemperAHAP
public import TemperCore
public import UnixSignals

extension Governor {
    /// A governor that only samples and classifies: it prices nothing, because it is asked to decide nothing. What
    /// `temper watch` and `temper record` run; hand it to ``runSampling(alongside:gracefulShutdownSignals:_:)``.
    ///
    /// - Parameters:
    ///   - policy: The classifier settings to use (the rules are not needed: no request is decided).
    ///   - source: The host to sample, e.g. TemperHost's `LinuxHost`.
    ///   - clock: The clock that stamps the source's snapshots, so both share one time base.
    ///   - intervalSeconds: Seconds between samples.
    public static func sampler(
        policy: Policy,
        source: any HostSource,
        clock: any GovernorClock,
        intervalSeconds: Double,
        logger: Logger,
        metricsFactory: any MetricsFactory = MetricsSystem.factory
    ) -> Governor {
        Governor(
            policy: policy,
            energyModel: UnpricedFeedback(),
            source: source,
            clock: clock,
            logger: logger,
            metricsFactory: metricsFactory,
            configuration: .init(sampleIntervalSeconds: intervalSeconds)
        )
    }

    /// Runs this governor's own loop with `services` (the host it samples first, then e.g. a metrics exporter) in one
    /// `ServiceGroup`, and hands every sample to `body`, in order, until `body` says stop, graceful shutdown, or one
    /// of `signals`.
    ///
    /// The group owns every lifetime and the signal handling: the library installs handlers only for the `signals`
    /// the caller names (none by default).
    ///
    /// - Parameters:
    ///   - services: The host and any other services to run and stop with the governor, host first.
    ///   - signals: Signals that end the run gracefully, e.g. `[.sigint, .sigterm]` in a command-line tool.
    ///   - body: Called with each sample; return `false` to stop.
    /// - Throws: What `body` or the group throws; an ending by signal or shutdown is not an error.
    public func runSampling(
        alongside services: [any Service],
        gracefulShutdownSignals signals: [UnixSignal] = [],
        _ body: @escaping @Sendable (HostSample) async throws -> Bool
    ) async throws {
        let samples = self.samples()
        let group = ServiceGroup(
            configuration: .init(services: services + [self], gracefulShutdownSignals: signals, logger: logger)
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
private struct UnpricedFeedback: FeedbackEnergyModel {
    func energyMillijoules(of pattern: HapticPattern) -> Double { 0 }
    func energyMillijoules(of feedback: SystemFeedback) -> Double { 0 }
    func energyMillijoules(of cue: AudioCue) -> Double { 0 }
}
