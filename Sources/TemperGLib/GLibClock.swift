package import TemperCore

/// A `GovernorClock` whose sleeps are one-shot timers on a ``GLibThread``: the clock `temper serve`'s
/// `Governor` runs on. The thread sleeps in `poll` anyway, waiting for the bus; a timer is one more source it
/// sleeps towards, so a sample costs one wake-up of that thread and nothing wakes between samples. The thread is the
/// clock's ``preferredExecutor``: the governor's loop, and the tasks its samples resume, run where the timer woke.
///
/// Time is read from `base` (the host's clock, so snapshots, target times and budgets share one time base); a
/// timer rounds its delay up to the next millisecond, so a sleep never ends before its deadline.
package final class GLibClock: GovernorClock {
    private let base: any GovernorClock
    private let thread: GLibThread

    package init(base: any GovernorClock, thread: GLibThread) {
        self.base = base
        self.thread = thread
    }

    package var now: Double { base.now }

    package var preferredExecutor: (any TaskExecutor)? { thread }

    package func sleep(until deadline: Double) async throws {
        try await sleep(until: deadline, alarm: nil)
    }

    /// Ends the sleep from the alarm itself, with no task in between.
    nonisolated(nonsending) package func sleep(until deadline: Double, orUntil alarm: WakeAlarm) async throws {
        try await sleep(until: deadline, alarm: alarm)
    }

    nonisolated(nonsending) private func sleep(until deadline: Double, alarm: WakeAlarm?) async throws {
        let sleeper = Sleeper()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                guard sleeper.begin(continuation) else { return }
                if let alarm, !alarm.onRing({ sleeper.end(.success(())) }) {
                    sleeper.end(.success(()))
                    return
                }
                let delay = deadline - now
                guard delay > 0 else {
                    sleeper.end(.success(()))
                    return
                }
                // An infinite deadline arms nothing: only the alarm or cancellation ends the sleep.
                guard delay.isFinite else { return }
                let milliseconds = UInt32(min((delay * 1000).rounded(.up), Double(UInt32.max)))
                sleeper.keep(thread.after(milliseconds: milliseconds) { sleeper.end(.success(())) })
            }
        } onCancel: {
            sleeper.end(.failure(CancellationError()))
        }
    }
}

/// One sleep: its continuation, resumed once by whichever comes first (timer, alarm, cancellation), and its timer,
/// dropped (its source destroyed) when the sleep ends.
private final class Sleeper: Sendable {
    private let state = Locked<(continuation: CheckedContinuation<Void, any Error>?, timer: GLibTimer?, ended: Bool)>((nil, nil, false))

    /// Keeps the continuation; `false`, having resumed it with `CancellationError`, when the task was cancelled first.
    func begin(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
        let cancelled = state.withLock { state in
            if !state.ended { state.continuation = continuation }
            return state.ended
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        return !cancelled
    }

    func keep(_ timer: GLibTimer?) {
        let late = state.withLock { state -> GLibTimer? in
            guard state.ended else {
                state.timer = timer
                return nil
            }
            return timer
        }
        withExtendedLifetime(late) {}
    }

    func end(_ outcome: Result<Void, any Error>) {
        let (continuation, timer) = state.withLock { state in
            defer { state = (nil, nil, true) }
            return (state.continuation, state.timer)
        }
        withExtendedLifetime(timer) {}
        continuation?.resume(with: outcome)
    }
}
