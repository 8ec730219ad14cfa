import Foundation
import Glibc
import Logging
import TemperCore
import Testing

@testable import TemperHost

extension RealDaemonTests {
    /// ``BusMonitor`` in this process, against the real upowerd on the harness's private bus (never the
    /// machine's): its AsyncSequence, and the coalescing of a daemon restart's burst of signals.
    @Suite struct BusMonitorTests {
        @Test("updates() publishes changes as an AsyncSequence, and a daemon restart as a few coalesced states")
        func publishesCoalescedUpdates() async throws {
            try await HostTestbed.with { testbed in
                let supplies = try testbed.addPowerSupplies(percent: 70, onAC: false)
                try testbed.startUPower()
                try testbed.startPowerProfiles("balanced")
                // libupower-glib takes no bus address: UpClient always opens GLib's shared system bus, whose
                // address GLib reads from the environment on connecting. So this one in-process test sets it.
                // That is safe with other suites running: nothing else in the test process opens a system bus
                // (the only LinuxHost built in-process has watchesBus off; CLI tests spawn processes, and those
                // that read the host get an explicit address), glibc's setenv never frees a value another thread may still be reading,
                // and afterwards the address stays on a bus that does not exist, never the machine's.
                let address = try #require(testbed.environment["DBUS_SYSTEM_BUS_ADDRESS"])
                setenv("DBUS_SYSTEM_BUS_ADDRESS", address, 1)
                defer { setenv("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=\(testbed.workDirectory)/no-bus-here", 1) }

                let monitor = BusMonitor(logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
                monitor.start()
                await monitor.waitUntilReady(timeout: .seconds(5))
                #expect(monitor.current.battery.status == .available)
                #expect(monitor.current.battery.percentage.map { abs($0 - 70) < 0.5 } == true, "the testbed's battery, on the private bus")
                #expect(monitor.current.powerProfile.activeProfile == "balanced")

                let collected = Task {
                    var states: [BusState] = []
                    for await state in monitor.updates() {
                        states.append(state)
                        if state.battery.status == .available, state.battery.percentage.map({ abs($0 - 40) < 0.5 }) == true {
                            break
                        }
                    }
                    return states
                }
                try await Task.sleep(for: .milliseconds(100))
                try testbed.stopUPower()
                try await Task.sleep(for: .milliseconds(300))
                try testbed.startUPower()
                try await Task.sleep(for: .milliseconds(300))
                try testbed.setBattery(supplies.battery, percent: 40)
                let states = try await Self.value(of: collected, timeout: .seconds(10))
                #expect(states.contains { $0.battery.status == .unavailable }, "the daemon's loss was published")
                #expect(states.last.map { abs(($0.battery.percentage ?? 0) - 40) < 0.5 } == true)
                // A restart fires dozens of "notify" signals; coalescing turns them into a handful of states.
                #expect(states.count <= 10, "\(states.count) states published")
                await monitor.stop()
            }
        }

        /// Awaits `task`, cancelling it after `timeout`.
        static func value<T: Sendable>(of task: Task<T, Never>, timeout: Duration) async throws -> T {
            let timer = Task {
                try await Task.sleep(for: timeout)
                task.cancel()
            }
            defer { timer.cancel() }
            return await task.value
        }
    }
}
