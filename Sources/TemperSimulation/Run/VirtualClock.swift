import Synchronization
import TemperCore

/// Virtual time for the governor: it moves only when the simulator moves it, so an hour runs in milliseconds.
public final class VirtualClock: GovernorClock {
    private let seconds: Mutex<Double>

    public init(startingAt start: Double = 0) {
        self.seconds = Mutex(start)
    }

    public var now: Double { seconds.withLock { $0 } }

    /// Moves time to `time`; never backwards.
    public func set(_ time: Double) {
        seconds.withLock { $0 = max($0, time) }
    }

    /// Nothing waits in virtual time: the simulator steps the clock, and a sleeper past its deadline returns at once.
    /// A sleeper before its deadline yields and returns, so a run loop driven by this clock cannot hang.
    public func sleep(until deadline: Double) async throws {
        try Task.checkCancellation()
        if now < deadline { await Task.yield() }
    }
}
