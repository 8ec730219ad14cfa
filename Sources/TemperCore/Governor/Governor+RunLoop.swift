/// The governor's run loop, without swift-service-lifecycle: TemperLifecycle's `Governor.run()` (the `Service`
/// conformance) gates it with ``gate`` and ends it with ``shutdown()``, so a caller who only wants the core (the
/// estimator, the rewriter) does not link the lifecycle.
extension Governor {
    /// Asks the run loop to sample the source now rather than at its next interval: what a host calls when the
    /// outside world announces a change (a uevent, UPower or power-profiles-daemon, a thermal trip). From any
    /// thread, without waiting; a burst of calls while the loop is busy makes one sample. Before `run()` starts it
    /// does nothing more than the first sample would.
    public nonisolated func sampleSoon() {
        sampleRequest.raise()
    }

    /// Samples the source every ``Configuration/sampleIntervalSeconds`` and after each ``sampleSoon()`` (and, with
    /// ``Configuration/releasesInRunLoop``, releases due requests) until the task is cancelled, then throws
    /// `CancellationError`. TemperLifecycle's `run()` drives it, after ``gate``'s `begin()`.
    package func sampleLoop() async throws {
        var nextSample = clock.now
        while !Task.isCancelled {
            let now = clock.now
            let requested = sampleRequest.take()
            if requested || now >= nextSample {
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

    /// Sleeps on the clock with an alarm that ``schedule(_:at:)`` and ``sampleSoon()`` ring, so a request scheduled
    /// earlier than the loop's wake-up time is still released on time and an announced change is sampled at once.
    private func sleep(until deadline: Double) async throws {
        let alarm = WakeAlarm()
        wakeUp = (deadline, alarm)
        sampleRequest.watch(alarm)
        defer { wakeUp = nil }
        try await clock.sleep(until: deadline, orUntil: alarm)
    }
}

/// ``Governor/sampleSoon()``'s flag, which any thread raises and the run loop takes, and the alarm of the loop's
/// current sleep, which a raise rings.
final class SampleRequest: Sendable {
    private let state = Locked<(raised: Bool, alarm: WakeAlarm?)>((false, nil))

    func raise() {
        let alarm = state.withLock { state in
            state.raised = true
            defer { state.alarm = nil }
            return state.alarm
        }
        alarm?.ring()
    }

    /// Whether a sample was asked for since the last take; forgets the alarm of the sleep that ended.
    func take() -> Bool {
        state.withLock { state in
            defer { state = (false, nil) }
            return state.raised
        }
    }

    /// The alarm of the sleep about to begin; rung at once when a sample was asked for since the last take.
    func watch(_ alarm: WakeAlarm) {
        let raised = state.withLock { state in
            state.alarm = state.raised ? nil : alarm
            return state.raised
        }
        if raised { alarm.ring() }
    }
}
