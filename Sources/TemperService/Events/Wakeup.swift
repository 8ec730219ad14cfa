import Synchronization

/// Wakes a waiting loop early: ``signal()`` from any thread ends the current (or next) ``wait(timeout:)``.
/// Signals that arrive while nobody waits are kept as one, so a change is never missed, and a burst wakes once.
final class Wakeup: Sendable {
    private struct State {
        var pending = false
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

    /// Returns after `timeout`, at the first signal, or on cancellation, whichever comes first; `true` when
    /// a signal ended it.
    @discardableResult
    func wait(timeout: Duration) async -> Bool {
        if state.withLock({ state in defer { state.pending = false }; return state.pending }) { return true }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            group.addTask { await self.nextSignal() }
            let first = await group.next() ?? false
            group.cancelAll()
            // The losing child must end: a cancelled sleep returns at once; a waiting signal is resumed.
            self.signal()
            _ = await group.next()
            state.withLock { $0.pending = false }
            return first
        }
    }

    private func nextSignal() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    if state.pending || Task.isCancelled {
                        state.pending = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
            return true
        } onCancel: {
            self.signal()
        }
    }
}
