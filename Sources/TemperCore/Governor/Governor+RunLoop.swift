/// The governor's run loop, without swift-service-lifecycle: TemperLifecycle's `Governor.run()` (the `Service`
/// conformance) gates it with ``beginRunning()`` and ends it with ``shutdown()``, so a caller who only wants the
/// core (the estimator, the rewriter) does not link the lifecycle.
extension Governor {
    /// Moves from ``LifecycleState/initial`` to ``LifecycleState/running``: the one gate of `run()`.
    ///
    /// - Throws: ``TemperError/Code/alreadyRunning`` or ``TemperError/Code/alreadyFinished``.
    package func beginRunning() throws(TemperError) {
        switch state {
        case .initial: state = .running
        case .running: throw TemperError(code: .alreadyRunning, message: "the governor is already running")
        case .finished: throw TemperError(code: .alreadyFinished, message: "the governor has shut down and cannot run again")
        }
    }

    /// Samples the source every ``Configuration/sampleIntervalSeconds`` (and, with
    /// ``Configuration/releasesInRunLoop``, releases due requests) until the task is cancelled, then throws
    /// `CancellationError`. TemperLifecycle's `run()` drives it, after ``beginRunning()``.
    package func sampleLoop() async throws {
        var nextSample = clock.now
        while !Task.isCancelled {
            let now = clock.now
            if now >= nextSample {
                let snapshot = await source.snapshot()
                metrics.recordSample(seconds: clock.now - now)
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

    /// Sleeps on the clock with an alarm ``schedule(_:at:)`` rings, so a request scheduled earlier than the loop's
    /// wake-up time is still released on time.
    private func sleep(until deadline: Double) async throws {
        let alarm = WakeAlarm()
        wakeUp = (deadline, alarm)
        defer { wakeUp = nil }
        try await clock.sleep(until: deadline, orUntil: alarm)
    }
}
