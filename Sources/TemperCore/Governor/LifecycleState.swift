/// Where a long-running part (the ``Governor``, a live host) is in its life, as swift-service-lifecycle's
/// `ServiceGroup` keeps its own: it runs once, and after it finishes it takes no new work.
public enum LifecycleState: Sendable, Hashable {
    /// Made, not yet running; `run()` may start it.
    case initial
    /// `run()` is under way; a second `run()` throws ``TemperError/Code/alreadyRunning``.
    case running
    /// Shut down: new work and another `run()` are refused with ``TemperError/Code/alreadyFinished``.
    case finished
}
