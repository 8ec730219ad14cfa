import CUPowerGlib
import Foundation
public import Logging
import Synchronization

/// Watches UPower and power-profiles-daemon on a dedicated thread that owns a private GLib main context, and
/// publishes what they say as ``BusState`` values: the latest one on demand, and every change as an
/// `AsyncSequence`. Nothing here throws: no bus, no daemon or a daemon that dies all become an
/// `unavailable` battery and an unknown profile, and the monitor recovers by itself when they come back.
public final class BusMonitor: Sendable {
    private struct Shared {
        var state = BusState.initial
        var ready = false
        var subscribers: [UUID: AsyncStream<BusState>.Continuation] = [:]
        /// The bus thread's GMainContext and GMainLoop, as addresses (GLib pointers are not Sendable).
        var context: UInt?
        var mainLoop: UInt?
        var stopRequested = false
        var started = false
        var joined = false
        /// Set by the bus thread as its last act, once its GLib objects are released.
        var threadEnded = false
        /// ``shutDown()`` calls waiting for the thread to end.
        var endWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let shared = Mutex(Shared())
    private let finished = DispatchSemaphore(value: 0)
    let logger: Logger
    let settings: Settings

    /// Tuning for the bus thread.
    public struct Settings: Sendable, Hashable {
        /// Change signals arriving within this window are published as one state (daemon restarts emit
        /// bursts of ~34 "notify" signals).
        public var coalesceMilliseconds: UInt32
        /// How often to look again for a bus, daemon or display device that is missing.
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

    // No deinit: the bus thread holds the monitor until it ends, so a monitor only goes away once its thread has
    // (or never started). Whoever starts it stops it: ``LinuxHost/run()`` in a `ServiceGroup`, or ``stop()``.

    /// Starts the bus thread; later calls do nothing.
    public func start() {
        let alreadyStarted = shared.withLock { shared in
            defer { shared.started = true }
            return shared.started
        }
        if alreadyStarted { return }
        let thread = Thread { [self] in runLoop() }
        thread.name = "temper.bus"
        thread.start()
    }

    /// Stops the bus thread and waits (up to 2 s), blocking the calling thread, for it to release its GLib
    /// objects. From async code prefer ``shutDown()``, which waits without blocking a thread.
    public func stop() {
        if requestStop() { _ = finished.wait(timeout: .now() + 2) }
    }

    /// Stops the bus thread and waits for it to release its GLib objects, suspending rather than blocking.
    public func shutDown() async {
        guard requestStop() || shared.withLock({ $0.started }) else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ended = shared.withLock { shared -> Bool in
                if !shared.threadEnded { shared.endWaiters.append(continuation) }
                return shared.threadEnded
            }
            if ended { continuation.resume() }
        }
    }

    /// Asks the bus thread to quit and ends every update stream; whether there is a thread to wait for.
    private func requestStop() -> Bool {
        shared.withLock { shared -> Bool in
            shared.stopRequested = true
            for continuation in shared.subscribers.values { continuation.finish() }
            shared.subscribers.removeAll()
            if let context = shared.context.flatMap(OpaquePointer.init(bitPattern:)),
                let mainLoop = shared.mainLoop.flatMap(OpaquePointer.init(bitPattern:)) {
                Self.scheduleQuit(of: mainLoop, on: context)
            }
            defer { shared.joined = true }
            return shared.started && !shared.joined
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

    /// The bus thread's body: private context pushed as thread default BEFORE any GLib object exists, so
    /// their signals are delivered here and nowhere else.
    private func runLoop() {
        defer {
            let waiters = shared.withLock { shared in
                shared.threadEnded = true
                defer { shared.endWaiters.removeAll() }
                return shared.endWaiters
            }
            for waiter in waiters { waiter.resume() }
            finished.signal()
        }
        guard let main = GMainLoopReference() else { return }
        // Released only after the thread default is popped below, not at its last use.
        defer { withExtendedLifetime(main) {} }
        let context = main.context
        g_main_context_push_thread_default(context)
        let loop = BusLoop(monitor: self, context: context)
        let contextAddress = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(context)))
        let mainLoopAddress = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(main.loop)))
        let shouldRun = shared.withLock { shared -> Bool in
            shared.context = contextAddress
            shared.mainLoop = mainLoopAddress
            return !shared.stopRequested
        }
        if shouldRun {
            loop.begin()
            g_main_loop_run(main.loop)
        }
        loop.end()
        shared.withLock { shared in
            shared.context = nil
            shared.mainLoop = nil
        }
        g_main_context_pop_thread_default(context)
    }

    /// Quits through a source attached to the context: a `g_main_loop_quit` before `run` starts would be
    /// lost, and `g_main_context_invoke` runs the function at once on the caller when no one owns the context.
    private static func scheduleQuit(of mainLoop: OpaquePointer, on context: OpaquePointer) {
        let source = g_idle_source_new()
        g_source_set_callback(source, { data in
            g_main_loop_quit(OpaquePointer(data))
            return 0
        }, UnsafeMutableRawPointer(mainLoop), nil)
        g_source_attach(source, context)
        g_source_unref(source)
    }
}
