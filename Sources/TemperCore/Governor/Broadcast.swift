/// Hands every value to every current subscriber's AsyncStream. Subscribers come and go from any task.
final class Broadcast<Value: Sendable>: Sendable {
    private struct State {
        var nextID = 0
        var continuations: [Int: AsyncStream<Value>.Continuation] = [:]
        var finished = false
    }

    private let state = Locked(State())

    /// A new stream that receives every value yielded from now on; `initial` first when given.
    func subscribe(initial: Value? = nil, bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: bufferingPolicy)
        let id: Int? = state.withLock { state in
            guard !state.finished else { return nil }
            let id = state.nextID
            state.nextID += 1
            // Inside the lock, so no value yielded meanwhile can overtake the initial one.
            if let initial { continuation.yield(initial) }
            state.continuations[id] = continuation
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    func yield(_ value: Value) {
        yield { value }
    }

    /// Builds the value only when someone is listening: a sample's per-sensor view costs strings that a loop
    /// without subscribers (the simulator's) should not pay for.
    func yield(_ makeValue: () -> Value) {
        let continuations = state.withLock { Array($0.continuations.values) }
        guard !continuations.isEmpty else { return }
        let value = makeValue()
        for continuation in continuations { continuation.yield(value) }
    }

    /// Ends every stream; later subscribers get a finished stream.
    func finish() {
        let continuations = state.withLock { state in
            state.finished = true
            defer { state.continuations.removeAll() }
            return Array(state.continuations.values)
        }
        for continuation in continuations { continuation.finish() }
    }
}
