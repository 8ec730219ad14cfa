import CUPowerGlib
import Foundation
import Synchronization

/// A thread that owns a private GLib main context and runs its loop: every GLib object the service makes is
/// created here (through ``perform(_:)``), so its signals and method calls are delivered to this thread and
/// nowhere else. Idle, the thread sleeps in `poll` with no timer of its own.
final class GLibThread: Sendable {
    private struct Shared {
        /// The context and loop, as addresses (GLib pointers are not Sendable).
        var context: UInt = 0
        var mainLoop: UInt = 0
        var stopped = false
    }

    private let shared = Mutex(Shared())
    private let started = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    let name: String

    init(name: String) {
        self.name = name
    }

    /// Starts the thread and waits until its loop can take work.
    func start() {
        let thread = Thread { [self] in body() }
        thread.name = name
        thread.start()
        started.wait()
    }

    /// Quits the loop and waits (up to 2 s) for the thread to end. Work not yet run is dropped.
    func stop() {
        let (context, mainLoop) = shared.withLock { shared in
            defer { shared.stopped = true }
            return shared.stopped ? (UInt(0), UInt(0)) : (shared.context, shared.mainLoop)
        }
        guard let context = OpaquePointer(bitPattern: context), let mainLoop = OpaquePointer(bitPattern: mainLoop) else { return }
        Self.attach(to: context) { g_main_loop_quit(mainLoop) }
        _ = finished.wait(timeout: .now() + 2)
    }

    /// Runs `work` on the thread and returns its result.
    func perform<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let context = shared.withLock { $0.stopped ? 0 : $0.context }
            guard let pointer = OpaquePointer(bitPattern: context) else {
                // Stopped: run here, so nothing waits forever (the callers only release objects then).
                continuation.resume(returning: work())
                return
            }
            Self.attach(to: pointer) { continuation.resume(returning: work()) }
        }
    }

    private func body() {
        let context = g_main_context_new()!
        g_main_context_push_thread_default(context)
        let mainLoop = g_main_loop_new(context, 0)!
        shared.withLock { shared in
            shared.context = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(context)))
            shared.mainLoop = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(mainLoop)))
        }
        started.signal()
        g_main_loop_run(mainLoop)
        // Let work queued before the quit (releasing objects) run before the context goes.
        while g_main_context_iteration(context, 0) != 0 {}
        shared.withLock { shared in
            shared.context = 0
            shared.mainLoop = 0
        }
        g_main_context_pop_thread_default(context)
        g_main_loop_unref(mainLoop)
        g_main_context_unref(context)
        finished.signal()
    }

    /// Attaches a one-shot idle source running `work` to `context`.
    private static func attach(to context: OpaquePointer, _ work: @escaping () -> Void) {
        let source = g_idle_source_new()
        let box = Unmanaged.passRetained(Work(work)).toOpaque()
        g_source_set_callback(source, { data in
            Unmanaged<Work>.fromOpaque(data!).takeUnretainedValue().run()
            return 0
        }, box, { data in Unmanaged<Work>.fromOpaque(data!).release() })
        g_source_attach(source, context)
        g_source_unref(source)
    }
}

private final class Work {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
