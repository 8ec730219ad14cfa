/// Where a long-running part (the ``Governor``, a live host, the bus service) is in its life, as
/// swift-service-lifecycle's `ServiceGroup` keeps its own: it runs once, and after it finishes it takes no new work.
public enum LifecycleState: Sendable, Hashable {
    /// Made, not yet running; `run()` may start it.
    case initial
    /// `run()` is under way; a second `run()` throws ``TemperError/Code/alreadyRunning``.
    case running
    /// Shut down: new work and another `run()` are refused with ``TemperError/Code/alreadyFinished``.
    case finished
}

/// The one gate every Temper `Service` passes its `run()` through: it lets a part run once, and refuses work once
/// the part has finished. A lock held for a few instructions, never across a suspension, so no thread blocks on it
/// in async code.
public final class LifecycleGate: Sendable {
    private let current = Locked(LifecycleState.initial)
    /// Names the part in the errors, e.g. "the governor".
    public let name: String

    public init(name: String) {
        self.name = name
    }

    /// Where the part is in its life.
    public var state: LifecycleState { current.withLock { $0 } }

    /// Whether the part has finished and takes no new work.
    public var isFinished: Bool { state == .finished }

    /// Moves from ``LifecycleState/initial`` to ``LifecycleState/running``: the one way into `run()`.
    ///
    /// - Throws: ``TemperError/Code/alreadyRunning`` or ``TemperError/Code/alreadyFinished``.
    public func begin() throws(TemperError) {
        try current.withLock { state throws(TemperError) in
            switch state {
            case .initial: state = .running
            case .running: throw TemperError(code: .alreadyRunning, message: "\(name) is already running")
            case .finished: throw TemperError(code: .alreadyFinished, message: "\(name) has shut down and cannot run again")
            }
        }
    }

    /// Moves to ``LifecycleState/finished``; whether this call did (the first one), so shutdown work runs once.
    @discardableResult
    public func finish() -> Bool {
        current.withLock { state in
            defer { state = .finished }
            return state != .finished
        }
    }
}
