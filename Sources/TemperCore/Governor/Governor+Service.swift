import Logging
import ServiceLifecycle

extension Governor {
    /// Samples the host source every ``Configuration/sampleIntervalSeconds`` (and, with
    /// ``Configuration/releasesInRunLoop``, releases due requests to the decision streams), sleeping on the
    /// governor's clock in between, until graceful shutdown or cancellation; then ``shutdown()``.
    ///
    /// Starts no detached tasks and installs no signal handlers: the embedding service's `ServiceGroup` owns both.
    /// A request scheduled while the loop sleeps is released at its target time or at the next sample, whichever
    /// the loop wakes for first.
    public func run() async throws {
        logger.info("governor running", metadata: ["interval": "\(configuration.sampleIntervalSeconds)"])
        do {
            try await cancelWhenGracefulShutdown { try await self.sampleLoop() }
        } catch is CancellationError {
            // Graceful shutdown or cancellation: both end the loop the same way.
        }
        shutdown()
        logger.info("governor stopped")
    }

    private func sampleLoop() async throws {
        var nextSample = clock.now
        while !Task.isCancelled {
            let now = clock.now
            if now >= nextSample {
                let snapshot = await source.snapshot()
                update(with: snapshot)
                nextSample = now + max(configuration.sampleIntervalSeconds, 0.001)
            }
            var nextTarget = Double.infinity
            if configuration.releasesInRunLoop {
                releaseDue(now: clock.now, keepForDrain: false)
                nextTarget = nextReleaseTime ?? .infinity
            }
            try await clock.sleep(until: min(nextSample, nextTarget))
        }
        throw CancellationError()
    }
}
