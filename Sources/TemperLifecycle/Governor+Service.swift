import Logging
public import ServiceLifecycle
public import TemperCore

/// The Governor as a swift-service-lifecycle `Service`, in its own small module so that a caller who only wants
/// the core (the estimator, the rewriter) does not link the lifecycle.
extension Governor: Service {
    /// Samples the host source every ``Configuration/sampleIntervalSeconds`` and whenever ``sampleSoon()`` asks
    /// (and, with ``Configuration/releasesInRunLoop``, releases due requests to the decision streams), sleeping on
    /// the governor's clock in between, until graceful shutdown or cancellation; then ``shutdown()``.
    ///
    /// Starts no detached tasks and installs no signal handlers: the embedding service's `ServiceGroup` owns both.
    /// A request scheduled while the loop sleeps wakes it when it is due before the loop's planned wake-up. The
    /// loop prefers the clock's ``GovernorClock/preferredExecutor`` (a clock whose timers fire on a thread of its
    /// own), so a wake-up runs on the thread the timer woke.
    ///
    /// - Throws: ``TemperError/Code/alreadyRunning`` when another `run()` is under way,
    ///   ``TemperError/Code/alreadyFinished`` once the governor has shut down: a governor runs once.
    public func run() async throws {
        try gate.begin()
        logger.info("governor running", metadata: ["interval": "\(configuration.sampleIntervalSeconds)"])
        do {
            try await withTaskExecutorPreference(clock.preferredExecutor) {
                try await cancelWhenGracefulShutdown { try await self.sampleLoop() }
            }
        } catch is CancellationError {
            // Graceful shutdown or cancellation: both end the loop the same way.
        }
        shutdown()
        logger.info("governor stopped")
    }
}
