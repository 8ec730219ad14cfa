import Logging
import ServiceLifecycle

extension Governor {
    /// Samples the host source every ``Configuration/sampleIntervalSeconds`` (and, with
    /// ``Configuration/releasesInRunLoop``, releases due requests to the decision streams), sleeping on the
    /// governor's clock in between, until graceful shutdown or cancellation; then ``shutdown()``.
    ///
    /// Starts no detached tasks and installs no signal handlers: the embedding service's `ServiceGroup` owns both.
    /// A request scheduled while the loop sleeps wakes it when it is due before the loop's planned wake-up.
    ///
    /// - Throws: ``TemperError/Code/alreadyRunning`` when another `run()` is under way,
    ///   ``TemperError/Code/alreadyFinished`` once the governor has shut down: a governor runs once.
    public func run() async throws {
        switch state {
        case .initial: state = .running
        case .running: throw TemperError(code: .alreadyRunning, message: "the governor is already running")
        case .finished: throw TemperError(code: .alreadyFinished, message: "the governor has shut down and cannot run again")
        }
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
            try await sleep(until: min(nextSample, nextTarget))
        }
        throw CancellationError()
    }

    /// Sleeps on the clock in a task ``schedule(_:at:)`` can cut short, so a request scheduled earlier than the
    /// loop's wake-up time is still released on time. The task is awaited here, so it never outlives the loop.
    private func sleep(until deadline: Double) async throws {
        let clock = self.clock
        let sleeper = Task { try await clock.sleep(until: deadline) }
        wakeUp = (deadline, sleeper)
        defer { wakeUp = nil }
        await withTaskCancellationHandler {
            _ = try? await sleeper.value
        } onCancel: {
            sleeper.cancel()
        }
        try Task.checkCancellation()
    }
}
