import CUPowerGlib
import TemperCore

/// A thread that owns a private GLib main context and runs its loop: the one home of that pattern, for the
/// host's bus watch (TemperHost's `BusMonitor`) and everything `temper serve` does with GLib (its D-Bus endpoint,
/// uevents, thermal events, the governor's timers), which share one such thread. Every GLib object that should deliver
/// its signals here is created here, through ``perform(_:)`` or ``post(_:)``, because GLib delivers them to
/// the context that was the thread default at creation. Idle, the thread sleeps in `poll` and wakes only for
/// the sources its owner attached.
package final class GLibThread: Sendable {
    /// What an attached source runs, kept here under `shared`'s lock rather than in the source's user data: the
    /// lock is a hand-off ThreadSanitizer sees, GLib's own (a futex) is not, so code that reached the thread
    /// through GLib alone would read what the posting thread wrote with no edge between them. GLib carries only the
    /// source, which names its entry.
    private enum Attached {
        /// Posted work and ``perform(_:)``: run at the end, on the thread, if the loop never reached it.
        case work(@Sendable () -> Void)
        /// Jobs of tasks that prefer this executor: never dropped, so at the end the global executor gets them.
        case jobs([UnownedJob])
        /// A timer's body: dropped with the thread, as a timer is.
        case timer(@Sendable () -> Void)
    }

    private struct Shared {
        var started = false
        var quitRequested = false
        /// Set by the thread as its last act, once its loop has stopped; nothing is attached after it.
        var ended = false
        /// ``shutDown()`` calls waiting for the thread to end.
        var endWaiters: [CheckedContinuation<Void, Never>] = []
        /// Set while the thread runs one of its own callbacks: jobs enqueued meanwhile wait in `pendingJobs` and
        /// run as soon as it returns, in the same turn of the loop.
        var inCallback = false
        var pendingJobs: [UnownedJob] = []
        /// Each attached source not yet run, by its address.
        var attached: [UInt: Attached] = [:]
    }

    /// At most this many jobs run after one callback; the rest wait for the loop's next turn, so a task that
    /// keeps yielding cannot keep the bus from being served.
    private static let jobsPerCallback = 64

    /// Made on the caller's thread, so work can be attached before the thread runs; the thread pushes the
    /// context as its default before running any of it.
    private let main: SendableMainLoop?
    private let shared = Locked(Shared())
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

    /// Runs `work` on the thread, later; dropped when the thread is stopping.
    package func post(_ work: @escaping @Sendable () -> Void) {
        _ = attach(g_idle_source_new(), .work(work))
    }

    /// Runs `work` on the thread and returns its result. Once the thread is stopping, runs it on the caller
    /// instead, so nothing waits forever (the callers only release objects then).
    package func perform<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let attached = isStarted && attach(g_idle_source_new(), .work { continuation.resume(returning: work()) })
            if !attached { continuation.resume(returning: work()) }
        }
    }

    /// Calls `body` once on the thread after `milliseconds`, unless the returned timer is dropped first or the
    /// thread stops: a timer the thread's `poll` sleeps towards, so it costs one wake-up of this thread and no
    /// other. `nil` once the thread is stopping.
    package func after(milliseconds: UInt32, _ body: @escaping @Sendable () -> Void) -> GLibTimer? {
        guard let source = g_timeout_source_new(milliseconds) else { return nil }
        let reference = GSourceReference(adopting: source)
        guard attach(source, .timer(body), keepingReference: true) else { return nil }
        return GLibTimer(source: reference, thread: self)
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
        guard first, started, let main, let source = g_idle_source_new() else { return false }
        // Through a source, not `g_main_loop_quit` directly: a quit before `run` starts would be lost. The
        // source carries only GLib's loop, so it needs no entry in `attached`.
        g_source_set_callback(
            source,
            { loop in
                g_main_loop_quit(OpaquePointer(loop))
                return 0
            },
            UnsafeMutableRawPointer(main.owner.loop),
            nil
        )
        g_source_attach(source, main.owner.context)
        g_source_unref(source)
        return true
    }

    private func body() {
        if let main = main?.owner {
            g_main_context_push_thread_default(main.context)
            g_main_loop_run(main.loop)
            // Work posted before the quit (releasing objects) runs before the context goes.
            while g_main_context_iteration(main.context, 0) != 0 {}
            g_main_context_pop_thread_default(main.context)
        }
        // What was attached after that last turn, between its check and its `g_source_attach`, would wait
        // forever on a loop that no longer runs: it is taken here, under the lock that refuses any more.
        let (leftovers, waiters) = shared.withLock { shared in
            shared.ended = true
            defer {
                shared.attached.removeAll()
                shared.endWaiters.removeAll()
            }
            return (Array(shared.attached.values), shared.endWaiters)
        }
        for leftover in leftovers {
            switch leftover {
            case .work(let work): work()
            case .jobs(let jobs): for job in jobs { globalConcurrentExecutor.enqueue(job) }
            case .timer: break
            }
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Attaches `source` to the thread's context, to run `entry` once as one of the thread's callbacks; `false`,
    /// attaching nothing, once the thread is stopping. The context holds the source until it has run, and
    /// unless `keepingReference`, the caller's reference is released here.
    private func attach(_ source: UnsafeMutablePointer<GSource>?, _ entry: Attached, keepingReference: Bool = false) -> Bool {
        guard let main, let source else { return false }
        defer { if !keepingReference { g_source_unref(source) } }
        let registered = shared.withLock { shared in
            guard !shared.quitRequested else { return false }
            shared.attached[UInt(bitPattern: source)] = entry
            return true
        }
        guard registered else { return false }
        // Unretained: only the thread's own loop dispatches the source, and it runs inside `body`, which holds
        // the owner.
        g_source_set_callback(
            source,
            { owner in
                Unmanaged<GLibThread>.fromOpaque(owner!).takeUnretainedValue().runCurrentSource()
                return 0
            },
            Unmanaged.passUnretained(self).toOpaque(),
            nil
        )
        g_source_attach(source, main.owner.context)
        return true
    }

    /// Runs the entry of the source GLib is dispatching, as one of the thread's callbacks.
    private func runCurrentSource() {
        let key = UInt(bitPattern: g_main_current_source())
        guard let entry = shared.withLock({ $0.attached.removeValue(forKey: key) }) else { return }
        let executor = asUnownedTaskExecutor()
        runAsCallback {
            switch entry {
            case .work(let work), .timer(let work): work()
            case .jobs(let jobs): for job in jobs { job.runSynchronously(on: executor) }
            }
        }
    }

    /// Forgets a timer's entry, so a dropped timer leaves nothing behind.
    fileprivate func forget(_ source: UnsafeMutablePointer<GSource>) {
        _ = shared.withLock { $0.attached.removeValue(forKey: UInt(bitPattern: source)) }
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
        let pending = shared.withLock { shared -> Bool in
            guard shared.inCallback, !shared.quitRequested else { return false }
            shared.pendingJobs.append(job)
            return true
        }
        guard !pending, !attach(g_idle_source_new(), .jobs([job])) else { return }
        globalConcurrentExecutor.enqueue(job)
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
                if !rest.isEmpty, !attach(g_idle_source_new(), .jobs(rest)) {
                    for job in rest { globalConcurrentExecutor.enqueue(job) }
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
    private let thread: GLibThread

    fileprivate init(source: GSourceReference, thread: GLibThread) {
        self.source = source
        self.thread = thread
    }

    deinit { thread.forget(source.pointer) }
}

/// The context and loop, shared with the thread: GLib makes attaching a source and quitting a loop safe
/// from any thread, and the thread is the only one that runs them.
private struct SendableMainLoop: @unchecked Sendable {
    let owner: GMainLoopReference
}
