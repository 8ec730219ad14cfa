import CoreMetrics
import Foundation
import Glibc
import Logging
import TemperCore
import TemperHost
import TemperLifecycle
import TemperTestKit
import Testing

@testable import TemperService

/// Issue 20, item 7: a scheduled request's delay counts only the time the machine is awake. Serve's clock is the
/// host's, `CLOCK_MONOTONIC` (which stops while suspended), not `CLOCK_BOOTTIME` (which counts the sleep).
@Suite struct ServeSuspendTests {
    static let quiet = Logger(label: "temper.suspend.test") { _ in SwiftLogNoOpLogHandler() }

    static func seconds(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    @Test func theHostsClockAndSoServesIsClockMonotonic() throws {
        let host = LinuxHost(configuration: .init(sysfsRoot: "/nonexistent", watchesBus: false), logger: Self.quiet)
        let clock = try #require(host.clock as? ContinuousGovernorClock<SuspendingClock>, "\(type(of: host.clock))")
        // The base clock's absolute reading lies between two CLOCK_MONOTONIC readings taken around it.
        let before = Self.seconds(CLOCK_MONOTONIC)
        let instant = clock.base.now
        let after = Self.seconds(CLOCK_MONOTONIC)
        let reading = unsafeBitCast(instant, to: Duration.self)
        let readingSeconds = Double(reading.components.seconds) + Double(reading.components.attoseconds) * 1e-18
        #expect(before - 1e-6 <= readingSeconds && readingSeconds <= after + 1e-6, "\(before) ≤ \(readingSeconds) ≤ \(after)")
        // On a machine that has been suspended since boot the two kernel clocks differ; the host's is not the other.
        let slept = Self.seconds(CLOCK_BOOTTIME) - Self.seconds(CLOCK_MONOTONIC)
        if slept > 0.01 { #expect(abs(readingSeconds + slept - Self.seconds(CLOCK_BOOTTIME)) < 0.01) }
    }

    /// Through the clock seam: a suspend is wall time that passes while the governor's clock stands still. A request
    /// scheduled 10 s ahead, with an hour's sleep after 2 s, is released after 10 s of awake time, not at resume.
    @Test func aSuspendDoesNotCountTowardsAScheduledRequestsDelay() async throws {
        let clock = ManualClock()
        let wallStart = Date(timeIntervalSince1970: 1_800_000_000)
        let source = FakeHostSource(Self.snapshot(at: 0, wall: wallStart))
        let governor = GovernorBusService.makeGovernor(
            policy: .default,
            energyModel: TestEnergyModel(),
            source: source,
            clock: clock,
            configuration: .init(sampleIntervalSeconds: 1),
            logger: Self.quiet,
            metricsFactory: NOOPMetricsHandler.instance
        )
        let decisions = governor.decisions()
        let running = Task { try? await governor.run() }
        await clock.waitForSleepers(1)
        let request = SensoryRequest(id: "later", usage: .game, kind: .system(.impact(.heavy, intensity: 1)))
        _ = try await governor.schedule(request, at: 10)
        await clock.waitForSleepers(1)
        for second in 1...2 {
            source.set(Self.snapshot(at: Double(second), wall: wallStart + Double(second)))
            clock.advance(to: Double(second))
            await clock.waitForSleepers(1)
        }
        // Suspended for an hour: the wall clock and CLOCK_BOOTTIME move, CLOCK_MONOTONIC does not. At resume UPower
        // announces the battery that drained meanwhile.
        source.set(Self.snapshot(at: 2, wall: wallStart + 3602))
        governor.sampleSoon()
        await clock.waitForSleepers(1)
        #expect(await governor.pendingCount == 1, "not released at resume")
        #expect(clock.nextDeadline == 3)
        for second in 3...9 {
            source.set(Self.snapshot(at: Double(second), wall: wallStart + 3600 + Double(second)))
            clock.advance(to: Double(second))
            await clock.waitForSleepers(1)
        }
        #expect(await governor.pendingCount == 1, "9 s awake of 10")
        clock.advance(to: 10)
        var iterator = decisions.makeAsyncIterator()
        let released = await iterator.next()
        #expect(released?.requestID == "later")
        #expect(await governor.pendingCount == 0)
        running.cancel()
        await running.value
    }

    static func snapshot(at seconds: Double, wall: Date) -> HostSnapshot {
        var snapshot = HostSnapshot.fake(celsius: 45, at: seconds)
        snapshot.timestamp = wall
        return snapshot
    }
}
