#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value guarded by a `pthread_mutex_t`: the package's one lock, used instead of `Synchronization.Mutex`.
///
/// Why not `Mutex`: on Linux its uncontended path is an atomic exchange inlined into our code, which
/// ThreadSanitizer sees, but its contended path waits and wakes on a raw futex inside the uninstrumented standard
/// library, which it does not. Once two threads meet on a `Mutex`, the hand-off between them is invisible and
/// `scripts/tsan.sh` reports the guarded state as a race (it did, on `VirtualClock` and the simulation's energy
/// cache). ThreadSanitizer intercepts `pthread_mutex_lock` and `pthread_mutex_unlock`, so every hand-off through
/// this lock is a happens-before edge it knows, contended or not. Uncontended, both cost an atomic exchange.
///
/// The interface follows `Mutex.withLock`, including `sending`, so a non-`Sendable` value can be guarded.
package final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    package init(_ initialValue: consuming sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
