/// The governor's sense of time, injected so the same code runs on the wall clock, in a test, or in the
/// simulator's virtual time.
///
/// Time is a `Double` of seconds since the clock's own origin; request target times and drain times use the
/// same scale. A conforming clock must be monotone: ``now`` never goes back.
///
/// - ``ContinuousGovernorClock`` adapts any `Clock` whose duration is `Duration` (e.g. `ContinuousClock`);
/// - ``VirtualClock`` moves only when told to (`advance(by:)`), for the simulator and for tests (TemperTestKit
///   calls it `ManualClock`).
///
/// ### Suspend
///
/// A scheduled request's delay, the sample interval, the classifier's slopes and the budget's refill all count the
/// clock's seconds, so the clock decides what a suspended machine's time is worth. Temper's live clocks count only
/// the time the machine is awake: `ContinuousGovernorClock(SuspendingClock())` (`CLOCK_MONOTONIC` on Linux), the
/// default of TemperHost's `LinuxHost` and the clock of `temper serve`, whose D-Bus `Schedule` takes
/// `CLOCK_MONOTONIC` target times. A request scheduled half a second ahead plays half a second of awake time later,
/// with the frames it belongs to, rather than at resume with every other request that came due during the sleep.
/// `ContinuousClock` (`CLOCK_BOOTTIME` on Linux) would count the sleep.
public protocol GovernorClock: Sendable {
    /// Seconds since the clock's origin.
    var now: Double { get }
    /// Suspends until ``now`` reaches `deadline`. Throws `CancellationError` when the task is cancelled.
    func sleep(until deadline: Double) async throws
    /// Suspends until ``now`` reaches `deadline` or `alarm` rings, whichever comes first, and returns normally
    /// either way; on the caller's actor, so the Governor's run loop sleeps without leaving its own. Throws
    /// `CancellationError` when the task is cancelled.
    ///
    /// The default sleeps in a task that the alarm cancels; a clock that can end its own sleeps early
    /// (``VirtualClock``) does without that task, which is what makes the simulator's many wakes cheap.
    nonisolated(nonsending) func sleep(until deadline: Double, orUntil alarm: WakeAlarm) async throws
    /// The executor whose thread this clock's timers wake, if it has one; `nil` (the default) for none. The
    /// Governor's run loop prefers it, so a wake-up runs on the thread the timer woke and no other thread wakes.
    var preferredExecutor: (any TaskExecutor)? { get }
}

extension GovernorClock {
    public var preferredExecutor: (any TaskExecutor)? { nil }

    nonisolated(nonsending) public func sleep(until deadline: Double, orUntil alarm: WakeAlarm) async throws {
        let sleeper = Task { try await sleep(until: deadline) }
        if !alarm.onRing({ sleeper.cancel() }) { sleeper.cancel() }
        await withTaskCancellationHandler {
            _ = try? await sleeper.value
        } onCancel: {
            sleeper.cancel()
        }
        try Task.checkCancellation()
    }
}

/// A ``GovernorClock`` over a standard library `Clock`, counting seconds from the instant it was made at.
///
/// ```swift
/// let clock = ContinuousGovernorClock(SuspendingClock())   // CLOCK_MONOTONIC: suspended time does not count
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
    private let state = Locked<(cancelled: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

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

/// Cuts one ``GovernorClock`` sleep short: the Governor's run loop sleeps with one, and a request scheduled for
/// before the loop's planned wake-up rings it, so the request is still released on time.
///
/// An alarm rung before the sleep begins ends that sleep at once. Each sleep takes a new alarm.
public final class WakeAlarm: Sendable {
    private enum State {
        case armed((@Sendable () -> Void)?)
        case rung
    }

    private let state = Locked(State.armed(nil))

    public init() {}

    /// Whether the alarm has rung.
    public var hasRung: Bool {
        state.withLock { if case .rung = $0 { true } else { false } }
    }

    /// Wakes the sleep that waits on this alarm; later calls do nothing.
    public func ring() {
        let wake: (@Sendable () -> Void)? = state.withLock { state in
            guard case .armed(let wake) = state else { return nil }
            state = .rung
            return wake
        }
        wake?()
    }

    /// What a clock's sleep does to end itself early: `wake` runs when the alarm rings. Returns `false`, and
    /// keeps nothing, when it has already rung (the sleep should then not begin).
    public func onRing(_ wake: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            guard case .armed = state else { return false }
            state = .armed(wake)
            return true
        }
    }
}
