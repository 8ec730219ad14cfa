import Synchronization

/// Wakes a waiting loop early: ``signal()`` from any thread ends the current (or next) ``wait(timeout:)``.
/// Signals that arrive while nobody waits are kept as one, so a change is never missed, and a burst wakes once.
///
/// A wait is one sleeping task that a signal cancels: the timer's firing is the only wake-up when nothing
/// happens, which keeps an idle service's wake-ups to its samples.
final class Wakeup: Sendable {
    private struct State {
        var pending = false
        var sleeper: Task<Void, Never>?
    }

    private let state = Mutex(State())

    func signal() {
        let sleeper = state.withLock { state -> Task<Void, Never>? in
            guard let sleeper = state.sleeper else {
                state.pending = true
                return nil
            }
            state.sleeper = nil
            return sleeper
        }
        sleeper?.cancel()
    }

    /// Returns after `timeout`, at the first signal, or on cancellation, whichever comes first.
    func wait(timeout: Duration) async {
        let sleeper = Task<Void, Never> { try? await Task.sleep(for: timeout) }
        let signalled = state.withLock { state -> Bool in
            guard !state.pending else {
                state.pending = false
                return true
            }
            state.sleeper = sleeper
            return false
        }
        if signalled { sleeper.cancel() }
        await withTaskCancellationHandler {
            await sleeper.value
        } onCancel: {
            sleeper.cancel()
        }
        state.withLock { state in
            if state.sleeper == sleeper { state.sleeper = nil }
        }
    }
}
