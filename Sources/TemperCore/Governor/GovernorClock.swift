import Synchronization

/// The governor's sense of time, injected so the same code runs on the wall clock, in a test, or in the
/// simulator's virtual time.
///
/// Time is a `Double` of seconds since the clock's own origin; request target times and drain times use the
/// same scale. A conforming clock must be monotone: ``now`` never goes back.
///
/// - ``ContinuousGovernorClock`` adapts any `Clock` whose duration is `Duration` (e.g. `ContinuousClock`);
/// - ``VirtualClock`` moves only when told to (`advance(by:)`), for the simulator and for tests (TemperTestKit
///   calls it `ManualClock`).
public protocol GovernorClock: Sendable {
    /// Seconds since the clock's origin.
    var now: Double { get }
    /// Suspends until ``now`` reaches `deadline`. Throws `CancellationError` when the task is cancelled.
    func sleep(until deadline: Double) async throws
}

/// A ``GovernorClock`` over a standard library `Clock`, counting seconds from the instant it was made at.
///
/// ```swift
/// let clock = ContinuousGovernorClock(ContinuousClock())
/// ```
public struct ContinuousGovernorClock<Base: Clock>: GovernorClock where Base.Duration == Duration {
    public let base: Base
    public let origin: Base.Instant

    /// Counts from `origin`, by default the base clock's present instant.
    public init(_ base: Base, origin: Base.Instant? = nil) {
        self.base = base
        self.origin = origin ?? base.now
    }

    public var now: Double { origin.duration(to: base.now).seconds }

    public func sleep(until deadline: Double) async throws {
        guard deadline.isFinite else {
            // Nothing to wake for: wait until cancelled, with no timer armed. Even an hour's pending timer costs
            // a wake-up of Dispatch's timer thread about every second on Linux.
            try await CancellationWait().wait()
            return
        }
        try await base.sleep(until: origin.advanced(by: .seconds(deadline)), tolerance: nil)
    }
}

/// A suspension that only cancellation ends: a continuation, no timer.
private final class CancellationWait: Sendable {
    private let state = Mutex<(cancelled: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    /// Returns only by throwing `CancellationError`, once the task is cancelled.
    func wait() async throws {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let cancelled = state.withLock { state in
                    if !state.cancelled { state.waiter = continuation }
                    return state.cancelled
                }
                if cancelled { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.cancelled = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
        throw CancellationError()
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
