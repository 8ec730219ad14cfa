import Foundation
import TemperCore
import TemperTestSupport
import Testing

/// `.offThePool` is what lets the real-daemon tests block while they wait without taking a core from the rest.
@Suite(.offThePool) struct OffThePoolTests {
    /// More cases than the cooperative pool has threads, each blocking its thread until all have arrived: on the
    /// pool (one thread a core) the later cases could not start while the first ones blocked, and the wait would
    /// run out.
    static let arrivals = Locked(0)
    static let blockingCases = max(6, ProcessInfo.processInfo.activeProcessorCount * 3)

    @Test("tests marked off the pool can all block at once", arguments: 0..<blockingCases)
    func everyCaseBlocksAtOnce(index: Int) {
        Self.arrivals.withLock { $0 += 1 }
        let deadline = Date().addingTimeInterval(60)
        while Self.arrivals.withLock({ $0 }) < Self.blockingCases, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(Self.arrivals.withLock { $0 } >= Self.blockingCases, "case \(index) waited 60 s for the others")
    }
}
