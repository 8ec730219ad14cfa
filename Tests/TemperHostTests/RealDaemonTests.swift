import TemperTestSupport
import Testing

/// Tests against real components with fake hardware: a umockdev testbed, a private system bus, the real
/// upowerd and python-dbusmock's power-profiles-daemon (see `Support/HostTestbed.swift`). They share no
/// daemons, but run one at a time to keep the two-core machines responsive. Skipped when the tools are
/// missing, except on CI (`CI=true`), where a missing tool fails with the package to install.
@Suite(.serialized, .offThePool, .enabled(if: HarnessRequirements.shouldRun, "needs umockdev, dbus, upower, python3-dbusmock"))
enum RealDaemonTests {}

/// A laptop-like chip: coretemp with a package and a core sensor.
extension HostTestbed {
    static let package = FakeTemperature(index: 1, label: "Package id 0", celsius: 50, high: 80, critical: 100)
    static let core = FakeTemperature(index: 2, label: "Core 0", celsius: 48, high: 80, critical: 100)
}
