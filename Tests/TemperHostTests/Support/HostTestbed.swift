import Foundation

/// The real-daemon test environment: a umockdev testbed with fake hwmon, thermal-zone and power_supply
/// devices, a private dbus-daemon system bus, the real upowerd, and the real power-profiles-daemon (Debian's 0.12)
/// or python-dbusmock's (which also serves the name only ppd ≥ 0.20 owns), all owned by `Harness/testbed_driver.py`. The process under test (the `temper` binary) runs under the
/// testbed through ``runTemper(_:bus:)`` and ``startTemper(_:)``.
///
/// Use ``with(_:)``: it always tears everything down, even when the body throws or an expectation fails.
/// Should the test process itself die, the driver sees its stdin close and tears down on its own, and every
/// daemon it started has PR_SET_PDEATHSIG.
final class HostTestbed: @unchecked Sendable {
    // @unchecked: every member is used only by the one test that owns this testbed, under `lock`.
    private let lock = NSLock()
    private let driver: Process
    private let requests: FileHandle
    private let replies: LineCollector
    private let logURL: URL
    private(set) var environment: [String: String] = [:]
    private(set) var workDirectory = ""
    private var children: [TemperProcess] = []

    static let harnessDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Harness")

    private init() throws {
        try HarnessRequirements.check()
        logURL = FileManager.default.temporaryDirectory.appendingPathComponent("temper-driver-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        driver = Process()
        driver.executableURL = URL(fileURLWithPath: HarnessRequirements.findOnPath("umockdev-wrapper") ?? "/usr/bin/umockdev-wrapper")
        driver.arguments = [HarnessRequirements.python, Self.harnessDirectory.appendingPathComponent("testbed_driver.py").path]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = nil
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        driver.environment = environment
        let input = Pipe()
        let output = Pipe()
        driver.standardInput = input
        driver.standardOutput = output
        driver.standardError = try FileHandle(forWritingTo: logURL)
        try driver.run()
        requests = input.fileHandleForWriting
        replies = LineCollector(reading: output.fileHandleForReading)
        guard replies.nextLine(timeout: .seconds(20))?.contains("\"ready\"") == true else {
            throw HarnessError("the testbed driver did not start; see \(logURL.path)")
        }
    }

    /// Runs `body` with a fresh testbed and private bus, then tears everything down.
    static func with<T>(_ body: (HostTestbed) async throws -> T) async throws -> T {
        let testbed = try HostTestbed()
        defer { testbed.tearDown() }
        try testbed.call("start_bus")
        try testbed.refreshEnvironment()
        return try await body(testbed)
    }

    private func tearDown() {
        for child in lock.withLock({ children }) { child.terminate() }
        try? requests.write(contentsOf: Data("{\"op\":\"quit\"}\n".utf8))
        try? requests.close()
        replies.waitUntilClosed(timeout: .seconds(10))
        if driver.isRunning { driver.terminate() }
        driver.waitUntilExit()
        try? FileManager.default.removeItem(at: logURL)
    }

    /// Sends one command to the driver and returns its reply; throws the driver's error.
    @discardableResult
    func call(_ operation: String, _ arguments: [String: Any] = [:], timeout: Duration = .seconds(30)) throws -> [String: Any] {
        try lock.withLock {
            var request = arguments
            request["op"] = operation
            var line = try JSONSerialization.data(withJSONObject: request)
            line.append(UInt8(ascii: "\n"))
            try requests.write(contentsOf: line)
            guard let reply = replies.nextLine(timeout: timeout) else {
                throw HarnessError("no reply from the testbed driver to \(operation); see \(logURL.path)")
            }
            guard let object = try JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any] else {
                throw HarnessError("unreadable reply to \(operation): \(reply)")
            }
            guard object["ok"] as? Bool == true else {
                throw HarnessError("\(operation) failed: \(object["error"] ?? reply)")
            }
            return object
        }
    }

    /// Without the private bus's address a child would inherit the test process's, which may be the machine's
    /// real system bus: refuse to go on.
    private func refreshEnvironment() throws {
        let reply = try call("environment")
        environment = reply["env"] as? [String: String] ?? [:]
        workDirectory = reply["workdir"] as? String ?? ""
        guard environment["DBUS_SYSTEM_BUS_ADDRESS"]?.hasPrefix("unix:path=") == true, !workDirectory.isEmpty else {
            throw HarnessError("the testbed driver gave no private bus address: \(reply)")
        }
    }

    // MARK: - Daemons

    func startUPower() throws { try call("start_upowerd") }
    func stopBus() throws { try call("stop_bus") }
    /// Starts the private bus again on the same socket (after ``stopBus()``); the daemons must be started again.
    func restartBus() throws { try call("start_bus") }
    func stopUPower() throws { try call("stop_upowerd") }
    /// python-dbusmock's power-profiles-daemon under `name`: `legacy` (net.hadess.PowerProfiles) or `upower`
    /// (org.freedesktop.UPower.PowerProfiles, ppd ≥ 0.20 and tuned-ppd). `degraded` is its PerformanceDegraded
    /// reason (`lap-detected`, `high-operating-temperature`), empty when not degraded.
    func startPowerProfiles(_ profile: String = "balanced", name: String = "legacy", degraded: String = "") throws {
        try call("start_power_profiles", ["profile": profile, "name": name, "degraded": degraded])
    }

    /// Starts the real feedbackd on the private session bus (started if needed); returns that bus's address.
    func startFeedbackd() throws -> String {
        guard let address = try call("start_feedbackd")["address"] as? String else {
            throw HarnessError("start_feedbackd gave no address")
        }
        return address
    }

    /// Starts the real polkitd on the private system bus, seeing only `actions` and `rules` (file name → text) in
    /// its own mount namespace. Needs root (`unshare --mount`).
    func startPolkit(actions: [String: String], rules: [String: String]) throws {
        try call("start_polkitd", ["actions": actions, "rules": rules])
    }

    /// Starts a private session bus and returns its address.
    func startSessionBus() throws -> String {
        guard let address = try call("start_session_bus")["address"] as? String else {
            throw HarnessError("start_session_bus gave no address")
        }
        return address
    }
    /// The real power-profiles-daemon (net.hadess.PowerProfiles, Debian's 0.12) with its platform_profile driver on
    /// fake ACPI profile files, starting at `balanced`; `lapDetected` adds a ThinkPad lap sensor that degrades
    /// the performance profile.
    func startRealPowerProfiles(lapDetected: Bool = false) throws {
        try call("start_real_power_profiles", ["lap_detected": lapDetected])
    }

    func setPowerProfile(_ profile: String) throws { try call("set_profile", ["profile": profile]) }

    // MARK: - Fake hardware

    /// Adds a device with sysfs `attributes` and udev `properties`; `uevent` announces it with an `add` uevent, as
    /// the kernel does for a device that comes later.
    @discardableResult
    func addDevice(
        _ subsystem: String,
        _ name: String,
        parent: String? = nil,
        attributes: [String: String],
        properties: [String: String] = [:],
        uevent: Bool = false
    ) throws -> String {
        var arguments: [String: Any] = [
            "subsystem": subsystem, "name": name, "attributes": attributes, "properties": properties, "uevent": uevent,
        ]
        if let parent { arguments["parent"] = parent }
        guard let path = try call("add_device", arguments)["path"] as? String else {
            throw HarnessError("add_device \(name) returned no path")
        }
        return path
    }

    func setAttributes(_ path: String, _ attributes: [String: String], uevent: Bool = true) throws {
        try call("set_attributes", ["path": path, "attributes": attributes, "uevent": uevent])
    }

    func removeAttribute(_ path: String, _ name: String) throws {
        try call("remove_attribute", ["path": path, "name": name])
    }

    func removeDevice(_ path: String) throws {
        try call("remove_device", ["path": path])
    }

    // MARK: - The process under test

    /// The environment for a process under the testbed; `bus: false` points it at a bus that does not exist.
    func childEnvironment(bus: Bool = true) -> [String: String] {
        var result = ProcessInfo.processInfo.environment
        result["DBUS_SESSION_BUS_ADDRESS"] = nil
        result.merge(environment) { $1 }
        if !bus { result["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=\(workDirectory)/no-bus-here" }
        return result
    }

    /// Runs `temper ARGUMENTS` under the testbed to completion.
    func runTemper(_ arguments: [String], bus: Bool = true, environment extra: [String: String] = [:]) throws -> TemperProcess.Result {
        let process = try TemperProcess(arguments: arguments, environment: childEnvironment(bus: bus).merging(extra) { $1 })
        return process.waitForExit(timeout: .seconds(30))
    }

    /// Starts `temper ARGUMENTS` under the testbed; it is terminated at teardown if still running.
    func startTemper(_ arguments: [String], bus: Bool = true, environment extra: [String: String] = [:]) throws -> TemperProcess {
        let process = try TemperProcess(arguments: arguments, environment: childEnvironment(bus: bus).merging(extra) { $1 })
        lock.withLock { children.append(process) }
        return process
    }
}
