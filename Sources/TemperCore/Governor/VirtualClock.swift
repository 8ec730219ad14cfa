/// A ``GovernorClock`` that moves only when told to: for running the governor in virtual time (the simulator)
/// and for tests of services that embed Temper (TemperTestKit calls it `ManualClock`). It reads no real clock.
///
/// ```swift
/// let clock = VirtualClock()
/// let governor = Governor(policy: policy, energyModel: model, source: source, clock: clock, logger: logger)
/// clock.advance(by: 0.5)   // wakes every sleeper whose deadline has come
/// ```
public final class VirtualClock: GovernorClock {
    private struct Sleeper {
        var deadline: Double
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Double
        var nextID = 0
        var sleepers: [Int: Sleeper] = [:]
        var cancelled: Set<Int> = []
        var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// The waiters whose count of sleepers has been reached, removed from the list.
        mutating func satisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
            let count = sleepers.count
            let ready = sleeperWaiters.filter { $0.count <= count }.map(\.continuation)
            sleeperWaiters.removeAll { $0.count <= count }
            return ready
        }
    }

    private let state: Locked<State>

    /// A clock that reads `now` seconds until advanced.
    public init(now: Double = 0) {
        state = Locked(State(now: now))
    }

    public var now: Double { state.withLock { $0.now } }

    /// How many tasks are asleep on this clock; a test waits for the run loop to be asleep before advancing.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline anyone sleeps until.
    public var nextDeadline: Double? { state.withLock { $0.sleepers.values.map(\.deadline).min() } }

    /// Moves time forward by `seconds` (negative values are ignored) and wakes the sleepers whose time has come.
    public func advance(by seconds: Double) {
        advance(to: now + max(0, seconds))
    }

    /// Moves time forward to `time` (never back) and wakes the sleepers whose time has come.
    public func advance(to time: Double) {
        let woken: [CheckedContinuation<Void, any Error>] = state.withLock { state in
            state.now = max(state.now, time)
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers.removeValue(forKey: id) }
            return due.sorted { $0.value.deadline < $1.value.deadline }.map(\.value.continuation)
        }
        for continuation in woken { continuation.resume() }
    }

    public func sleep(until deadline: Double) async throws {
        try await sleep(until: deadline, alarm: nil)
    }

    /// Registers the sleep with the clock itself, so ringing `alarm` ends it without a task in between.
    nonisolated(nonsending) public func sleep(until deadline: Double, orUntil alarm: WakeAlarm) async throws {
        try await sleep(until: deadline, alarm: alarm)
    }

    nonisolated(nonsending) private func sleep(until deadline: Double, alarm: WakeAlarm?) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (outcome, waiters): (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) = state.withLock { state in
                    if state.cancelled.remove(id) != nil { return (.failure(CancellationError()), []) }
                    if deadline <= state.now { return (.success(()), []) }
                    // Armed under the clock's lock: a ring waits for the sleeper to be registered, and one that
                    // came before ends the sleep before it counts as a sleeper.
                    if let alarm, !alarm.onRing({ self.wakeEarly(id) }) { return (.success(()), []) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return (nil, state.satisfiedWaiters())
                }
                if let outcome { continuation.resume(with: outcome) }
                for waiter in waiters { waiter.resume() }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    // Not registered yet: leave a mark so registration fails at once.
                    state.cancelled.insert(id)
                    return nil
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Ends sleep `id` before its deadline, if it still sleeps: its alarm rang.
    private func wakeEarly(_ id: Int) {
        let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
        sleeper?.continuation.resume()
    }

    /// Suspends until at least `count` tasks sleep on this clock; no wall-clock time involved. Runs on the caller's
    /// actor, so a driver isolated to the governor waits without leaving it.
    nonisolated(nonsending) public func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready: Bool = state.withLock { state in
                guard state.sleepers.count < count else { return true }
                state.sleeperWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
