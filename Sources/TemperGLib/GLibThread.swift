import CUPowerGlib
import Synchronization

/// A thread that owns a private GLib main context and runs its loop: the one home of that pattern, for the
/// host's bus watch (TemperHost's `BusMonitor`) and everything `temper serve` does with GLib (its D-Bus endpoint,
/// uevents, thermal events, the governor's timers), which share one such thread. Every GLib object that should deliver
/// its signals here is created here, through ``perform(_:)`` or ``post(_:)``, because GLib delivers them to
/// the context that was the thread default at creation. Idle, the thread sleeps in `poll` and wakes only for
/// the sources its owner attached.
package final class GLibThread: Sendable {
    private struct Shared {
        var started = false
        var quitRequested = false
        /// Set by the thread as its last act, once its context is released.
        var ended = false
        /// ``shutDown()`` calls waiting for the thread to end.
        var endWaiters: [CheckedContinuation<Void, Never>] = []
        /// Set while the thread runs one of its own callbacks: jobs enqueued meanwhile wait in `pendingJobs` and
        /// run as soon as it returns, in the same turn of the loop.
        var inCallback = false
        var pendingJobs: [UnownedJob] = []
    }

    /// At most this many jobs run after one callback; the rest wait for the loop's next turn, so a task that
    /// keeps yielding cannot keep the bus from being served.
    private static let jobsPerCallback = 64

    /// Made on the caller's thread, so work can be attached before the thread runs; the thread pushes the
    /// context as its default before running any of it.
    private let main: SendableMainLoop?
    private let shared = Mutex(Shared())
    package let name: String

    package init(name: String) {
        self.name = name
        self.main = GMainLoopReference().map(SendableMainLoop.init)
    }

    /// Whether ``start()`` has been called.
    package var isStarted: Bool { shared.withLock { $0.started } }

    /// Starts the thread; later calls, and calls after a stop, do nothing. Work posted before it is kept and
    /// runs first. Whether this call started the thread.
    @discardableResult
    package func start() -> Bool {
        let starts = shared.withLock { shared in
            guard !shared.started, !shared.quitRequested else { return false }
            shared.started = true
            return true
        }
        guard starts else { return false }
        // A GThread, not a Foundation `Thread`: GLib gives the kernel its name, so /proc and `top -H` show it.
        let retained = Unmanaged.passRetained(self).toOpaque()
        let thread = g_thread_new(
            name,
            { data in
                let owner = Unmanaged<GLibThread>.fromOpaque(data!).takeRetainedValue()
                owner.body()
                return nil
            },
            retained
        )
        g_thread_unref(thread)
        return true
    }

    /// Runs `work` on the thread, later; dropped when the thread has stopped.
    package func post(_ work: @escaping @Sendable () -> Void) {
        guard let main, !shared.withLock({ $0.quitRequested }) else { return }
        attach(to: main.owner.context, work)
    }

    /// Runs `work` on the thread and returns its result. Once the thread is stopping, runs it on the caller
    /// instead, so nothing waits forever (the callers only release objects then).
    package func perform<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            guard let main, shared.withLock({ $0.started && !$0.quitRequested }) else {
                continuation.resume(returning: work())
                return
            }
            attach(to: main.owner.context) { continuation.resume(returning: work()) }
        }
    }

    /// Calls `body` once on the thread after `milliseconds`, unless the returned timer is dropped first or the
    /// thread stops: a timer the thread's `poll` sleeps towards, so it costs one wake-up of this thread and no
    /// other. `nil` once the thread is stopping.
    package func after(milliseconds: UInt32, _ body: @escaping @Sendable () -> Void) -> GLibTimer? {
        guard let main, !shared.withLock({ $0.quitRequested }), let source = g_timeout_source_new(milliseconds) else { return nil }
        attachOnce(source, to: main.owner.context, body)
        return GLibTimer(source: GSourceReference(adopting: source))
    }

    /// Quits the loop (after the work already posted) and waits for the thread to end, suspending rather
    /// than blocking.
    package func shutDown() async {
        guard requestQuit() else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ended = shared.withLock { shared -> Bool in
                if !shared.ended { shared.endWaiters.append(continuation) }
                return shared.ended
            }
            if ended { continuation.resume() }
        }
    }

    /// Asks the loop to quit once; whether there is a running thread to wait for.
    private func requestQuit() -> Bool {
        let (first, started) = shared.withLock { shared in
            defer { shared.quitRequested = true }
            return (!shared.quitRequested, shared.started)
        }
        guard first, started, let main else { return false }
        // Through a source, not `g_main_loop_quit` directly: a quit before `run` starts would be lost.
        let loop = main.owner.loop
        attach(to: main.owner.context) { g_main_loop_quit(loop) }
        return true
    }

    private func body() {
        defer {
            let waiters = shared.withLock { shared in
                shared.ended = true
                defer { shared.endWaiters.removeAll() }
                return shared.endWaiters
            }
            for waiter in waiters { waiter.resume() }
        }
        guard let main = main?.owner else { return }
        g_main_context_push_thread_default(main.context)
        g_main_loop_run(main.loop)
        // Work posted before the quit (releasing objects) runs before the context goes.
        while g_main_context_iteration(main.context, 0) != 0 {}
        g_main_context_pop_thread_default(main.context)
    }

    /// Attaches a one-shot idle source running `work` to `context`.
    private func attach(to context: OpaquePointer, _ work: @escaping () -> Void) {
        let source = g_idle_source_new()!
        attachOnce(source, to: context, work)
        // The context holds the source (and the source the thread) until it has run or the context is gone.
        g_source_unref(source)
    }

    /// Attaches `source` to `context` with `work` as its callback, run once as one of the thread's callbacks.
    private func attachOnce(_ source: UnsafeMutablePointer<GSource>, to context: OpaquePointer, _ work: @escaping () -> Void) {
        let box = Unmanaged.passRetained(Work { [self] in runAsCallback(work) }).toOpaque()
        g_source_set_callback(
            source,
            { data in
                Unmanaged<Work>.fromOpaque(data!).takeUnretainedValue().run()
                return 0
            },
            box,
            { data in Unmanaged<Work>.fromOpaque(data!).release() }
        )
        g_source_attach(source, context)
    }
}

/// Jobs run on the thread: a task that prefers this executor (`withTaskExecutorPreference`,
/// `addTask(executorPreference:)`) runs its code here, and so does the code of any default actor it calls, so a
/// loop woken by one of the thread's own sources runs without waking another thread. A job enqueued while the
/// thread runs one of its own callbacks (a timer, posted work, another job) runs right after it, in the same turn
/// of the loop; any other job gets an idle source of its own. A job that comes once the thread is stopping runs on
/// the global executor instead: never dropped, so no task waits forever.
extension GLibThread: TaskExecutor {
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        enum Route { case pending, idleSource, global }
        let route = shared.withLock { shared -> Route in
            if shared.quitRequested || main == nil { return .global }
            guard shared.inCallback else { return .idleSource }
            shared.pendingJobs.append(job)
            return .pending
        }
        switch route {
        case .pending: return
        case .global: globalConcurrentExecutor.enqueue(job)
        case .idleSource:
            guard let main else { return }
            let executor = asUnownedTaskExecutor()
            attach(to: main.owner.context) { job.runSynchronously(on: executor) }
        }
    }
}

extension GLibThread {
    /// Runs `body` as one of the thread's callbacks, then the jobs it (or anyone meanwhile) enqueued: a loop the
    /// timer resumes runs in the timer's own turn of the main loop, not in another turn through an idle source.
    private func runAsCallback(_ body: () -> Void) {
        let nested = shared.withLock { shared in
            defer { shared.inCallback = true }
            return shared.inCallback
        }
        body()
        guard !nested else { return }
        var budget = Self.jobsPerCallback
        let executor = asUnownedTaskExecutor()
        while true {
            let (jobs, rest) = shared.withLock { shared -> ([UnownedJob], [UnownedJob]) in
                defer { shared.pendingJobs.removeAll() }
                guard !shared.pendingJobs.isEmpty, budget > 0 else {
                    shared.inCallback = false
                    return ([], shared.pendingJobs)
                }
                return (shared.pendingJobs, [])
            }
            guard !jobs.isEmpty else {
                if !rest.isEmpty, let main {
                    attach(to: main.owner.context) { for job in rest { job.runSynchronously(on: executor) } }
                }
                return
            }
            for job in jobs { job.runSynchronously(on: executor) }
            budget -= jobs.count
        }
    }
}

/// A timer on a ``GLibThread``, stopped when dropped (`g_source_destroy` may be called from any
/// thread).
package final class GLibTimer: @unchecked Sendable {
    private let source: GSourceReference

    fileprivate init(source: GSourceReference) {
        self.source = source
    }
}

/// The context and loop, shared with the thread: GLib makes attaching a source and quitting a loop safe
/// from any thread, and the thread is the only one that runs them.
private struct SendableMainLoop: @unchecked Sendable {
    let owner: GMainLoopReference
}

private final class Work {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
