import Synchronization

/// Wakes the sampling loop: ``signal()`` from any thread (a change announced on the bus, a uevent, the
/// sample timer) ends the current or next ``wait()``. Signals that arrive while nobody waits are kept as one,
/// so a change is never missed, and a burst wakes once.
///
/// It has no clock of its own: the sample interval is a timer on the service's GLib thread, which sleeps in
/// `poll` anyway, calling ``signal()``. The loop prefers that thread as its executor, so an idle sample costs
/// that one thread's wake-up, and nothing between samples.
final class Wakeup: Sendable {
    private struct State {
        var pending = false
        var cancelled = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns at the first signal (or at once for one kept from before), or on cancellation; after a
    /// cancellation every wait returns at once. One waiter at a time. It resumes on the caller's isolation, so
    /// a loop on an actor wakes straight onto it.
    func wait(isolation: isolated (any Actor)? = #isolation) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if state.cancelled { return true }
                    if state.pending {
                        state.pending = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.cancelled = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
