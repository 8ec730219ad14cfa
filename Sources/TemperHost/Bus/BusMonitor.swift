import CUPowerGlib
import FoundationEssentials
public import Logging
import TemperCore
package import TemperGLib

/// Watches UPower and power-profiles-daemon on a dedicated thread that owns a private GLib main context, and
/// publishes what they say as ``BusState`` values: the latest one on demand, and every change as an
/// `AsyncSequence`. Nothing here throws: no bus, no daemon or a daemon that dies all become an
/// `unavailable` battery and an unknown profile, and the monitor recovers by itself when they come back.
public final class BusMonitor: Sendable {
    private struct Shared {
        var state = BusState.initial
        var ready = false
        var subscribers: [UUID: AsyncStream<BusState>.Continuation] = [:]
        var stopRequested = false
        var started = false
    }

    private let shared = Locked(Shared())
    /// The GLib thread the monitor lives on; `temper serve` runs the rest of its GLib work on it too, so a
    /// service has one such thread. The monitor starts it and stops it.
    package let thread = GLibThread(name: "temper.glib")
    /// The GLib side, made and ended on the bus thread only.
    private let loop = LoopBox()
    let logger: Logger
    let settings: Settings

    /// Tuning for the bus thread.
    public struct Settings: Sendable, Hashable {
        /// Change signals arriving within this window are published as one state (daemon restarts emit
        /// bursts of ~34 "notify" signals).
        public var coalesceMilliseconds: UInt32
        /// How often to look again for a bus, daemon or display device that is missing. The timer is armed
        /// only while something is missing: with everything present the thread wakes only for signals.
        public var retryMilliseconds: UInt32

        public init(coalesceMilliseconds: UInt32 = 25, retryMilliseconds: UInt32 = 500) {
            self.coalesceMilliseconds = coalesceMilliseconds
            self.retryMilliseconds = retryMilliseconds
        }
    }

    public init(settings: Settings = .init(), logger: Logger) {
        self.settings = settings
        self.logger = logger
    }

    // No deinit: the bus loop holds the monitor until it ends, so a monitor only goes away once its thread has
    // (or never started). Whoever starts it stops it: ``LinuxHost/run()`` in a `ServiceGroup`, or ``stop()``.

    /// Starts the bus thread; later calls, and calls after ``stop()``, do nothing.
    public func start() {
        let first = shared.withLock { shared in
            guard !shared.started, !shared.stopRequested else { return false }
            shared.started = true
            return true
        }
        guard first else { return }
        thread.start()
        thread.post { [self] in
            loop.value = BusLoop(monitor: self)
            loop.value?.begin()
        }
    }

    /// Stops the bus thread and waits for it to release its GLib objects, suspending rather than blocking.
    public func stop() async {
        endStreams()
        endLoop()
        await thread.shutDown()
    }

    /// Releases the loop's GLib objects on the thread, before it quits.
    private func endLoop() {
        thread.post { [loop] in
            loop.value?.end()
            loop.value = nil
        }
    }

    /// Ends every update stream.
    private func endStreams() {
        shared.withLock { shared in
            shared.stopRequested = true
            for continuation in shared.subscribers.values { continuation.finish() }
            shared.subscribers.removeAll()
        }
    }

    /// The latest state.
    public var current: BusState { shared.withLock { $0.state } }

    /// Whether ``start()`` has been called.
    var isStarted: Bool { shared.withLock { $0.started } }

    /// Whether the bus thread has published its first reading.
    public var isReady: Bool { shared.withLock { $0.ready } }

    /// Waits until the first reading is in, or `timeout` passes.
    public func waitUntilReady(timeout: Duration = .seconds(2)) async {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while !isReady, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Every published change, starting with the current state. Ends when the monitor stops.
    public func updates() -> AsyncStream<BusState> {
        let (stream, continuation) = AsyncStream<BusState>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        shared.withLock { shared in
            if shared.stopRequested {
                continuation.finish()
                return
            }
            continuation.yield(shared.state)
            shared.subscribers[id] = continuation
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.shared.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Called on the bus thread with each coalesced reading.
    func publish(_ state: BusState) {
        shared.withLock { shared in
            shared.ready = true
            guard shared.state != state else { return }
            shared.state = state
            for continuation in shared.subscribers.values { continuation.yield(state) }
        }
    }
}

/// Holds the ``BusLoop``, which only the bus thread touches: no lock is needed.
private final class LoopBox: @unchecked Sendable {
    var value: BusLoop?
}
