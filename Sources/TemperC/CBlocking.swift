import Dispatch
import TemperCore

/// Blocks the calling C thread until `body` ends on the Swift runtime's threads. The task is awaited here, so it
/// never outlives the call; C threads are not the runtime's, so blocking one starves no task.
func waitFor<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) -> Value {
    let result = Locked<Value?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let value = await body()
        result.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return result.withLock { $0! }
}

/// Runs `body` on `governor`'s actor in one turn, so what it reads and what the governor publishes meanwhile
/// belong to this call alone.
func onGovernor<Value: Sendable>(
    _ governor: Governor,
    _ body: @escaping @Sendable (isolated Governor) -> Value
) -> Value {
    waitFor { await isolatedCall(governor, body) }
}

private func isolatedCall<Value: Sendable>(_ governor: isolated Governor, _ body: (isolated Governor) -> Value) -> Value {
    body(governor)
}
