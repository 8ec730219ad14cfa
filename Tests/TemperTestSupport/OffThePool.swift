import Dispatch
public import Testing

/// Runs each test it marks on threads of its own instead of Swift concurrency's cooperative pool.
///
/// The pool has one thread a core: two on the build machines. A test that waits on a daemon or a child
/// (`Thread.sleep` polls, `Process.waitUntilExit`, a pipe's read) holds its thread for the whole wait, so while a
/// serialized suite of real-daemon tests waited, every other test of the run had one core, and a run on a loaded
/// machine starved the waits themselves. Marked tests wait on threads the pool does not count.
public struct OffThePoolTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(BlockingWaitExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OffThePoolTrait {
    /// Runs the tests on threads of their own, for tests that block while they wait (see ``OffThePoolTrait``).
    public static var offThePool: Self { Self() }
}

/// A task executor over a concurrent dispatch queue: each job gets a thread, and one that blocks holds only its
/// own (a custom queue targets dispatch's overcommitting pool, which starts threads as others block).
final class BlockingWaitExecutor: TaskExecutor {
    static let shared = BlockingWaitExecutor()

    private let queue = DispatchQueue(label: "temper.tests.blocking-waits", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
