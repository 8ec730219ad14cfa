import Foundation
import TemperTestSupport
import Testing

/// The files under `packaging/` that the install script puts in place: the bus policy, loaded by a real
/// dbus-daemon; the introspection XML, equal to what the service exports; the unit, checked by systemd-analyze.
@Suite struct ServePackagingTests {
    static let packaging = PackagePaths.root.appendingPathComponent("packaging")

    @Test("packaging/dbus/org.temper.Temper1.xml is the interface the service exports")
    func introspectionFile() throws {
        let file = try String(contentsOf: Self.packaging.appendingPathComponent("dbus/org.temper.Temper1.xml"), encoding: .utf8)
        let process = try TemperProcess(arguments: ["serve", "--print-introspection"], environment: ProcessInfo.processInfo.environment)
        let result = process.waitForExit(timeout: .seconds(20))
        #expect(result.status == 0)
        #expect(
            result.stdout == file.trimmingCharacters(in: .newlines),
            "regenerate with: temper serve --print-introspection > packaging/dbus/org.temper.Temper1.xml"
        )
    }

    @Test(
        "systemd-analyze accepts the unit",
        .enabled(if: HarnessRequirements.findOnPath("systemd-analyze") != nil, "needs systemd-analyze")
    )
    func unitVerifies() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("temper-unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = try #require(TemperProcess.executable).path
        let unit = try String(contentsOf: Self.packaging.appendingPathComponent("systemd/temper.service"), encoding: .utf8)
            .replacingOccurrences(of: "/usr/bin/temper", with: binary)
        let path = folder.appendingPathComponent("temper.service").path
        try unit.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try BusClient.run("/usr/bin/env", ["systemd-analyze", "verify", "--man=no", path])
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        for setting in [
            "Type=dbus", "BusName=org.temper.Temper1", "NoNewPrivileges=yes", "ProtectSystem=strict", "ProtectHome=yes", "PrivateTmp=yes",
            "ReadOnlyPaths=/sys",
        ] {
            #expect(unit.contains(setting + "\n"), "the unit sets \(setting)")
        }
    }

    @Test(
        "on a system bus that loads the policy: the service owns its name; clients read, decide and score; nothing else",
        .enabled(if: HarnessRequirements.shouldRun, "needs dbus, gdbus, python3-gi")
    )
    func policyOnRealDaemon() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("temper-policy-\(UUID().uuidString)")
        let include = work.appendingPathComponent("system.d")
        try FileManager.default.createDirectory(at: include, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        // The policy names the `temper` user; this test runs as whoever runs it.
        let user =
            ProcessInfo.processInfo.environment["USER"].flatMap { $0.isEmpty ? nil : $0 }
            ?? String(cString: getpwuid(getuid()).pointee.pw_name)
        let policy = try String(contentsOf: Self.packaging.appendingPathComponent("dbus/org.temper.Temper1.conf"), encoding: .utf8)
            .replacingOccurrences(of: "user=\"temper\"", with: "user=\"\(user)\"")
        try policy.write(to: include.appendingPathComponent("org.temper.Temper1.conf"), atomically: true, encoding: .utf8)
        let socket = work.appendingPathComponent("bus").path
        let config = try String(contentsOf: HostTestbed.harnessDirectory.appendingPathComponent("policy-bus.conf.in"), encoding: .utf8)
            .replacingOccurrences(of: "@SOCKET_PATH@", with: socket).replacingOccurrences(of: "@INCLUDE_DIR@", with: include.path)
        let configPath = work.appendingPathComponent("bus.conf").path
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)

        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: HarnessRequirements.findOnPath("dbus-daemon") ?? "/usr/bin/dbus-daemon")
        daemon.arguments = ["--config-file=\(configPath)", "--nofork", "--print-address=1"]
        let output = Pipe()
        daemon.standardOutput = output
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        // SIGKILL: a test runner may start children with SIGTERM blocked.
        defer {
            kill(daemon.processIdentifier, SIGKILL)
            daemon.waitUntilExit()
        }
        let address = try #require(LineCollector(reading: output.fileHandleForReading).nextLine(timeout: .seconds(10)))

        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = address
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        let serve = try TemperProcess(arguments: ["serve"], environment: environment)
        defer { serve.terminate() }
        try BusClient.waitForService(address)

        let target = ["org.temper.Temper1", "/org/temper/Temper1"]
        let tier = try BusClient.busctl(address, ["get-property"] + target + ["org.temper.Temper1.Governor", "Tier"])
        #expect(tier.status == 0 && tier.stdout.hasPrefix("s \""), "properties are readable: \(tier.stderr)")
        let decide = try BusClient.busctl(address, ["call"] + target + ["org.temper.Temper1.Governor", "Decide", "s", "{}"])
        #expect(
            decide.stderr.contains("missing key") || decide.stderr.contains("InvalidRequest") || decide.stderr.contains("request_json"),
            "Decide reaches the service (and answers InvalidRequest): \(decide.stderr)"
        )
        let cancel = try BusClient.busctl(address, ["call"] + target + ["org.temper.Temper1.Governor", "Cancel", "t", "7"])
        #expect(cancel.stdout == "b false", "\(cancel.stderr)")
        let stop = try BusClient.busctl(address, ["call"] + target + ["org.temper.Temper1.Governor", "StopPlayer", "t", "7"])
        #expect(stop.stdout == "b false", "the player methods pass the bus policy: \(stop.stderr)")
        let introspect = try BusClient.gdbus(address, ["introspect", "--dest", target[0], "--object-path", target[1]])
        #expect(introspect.stdout.contains("Decide("))

        let set = try BusClient.busctl(address, ["set-property"] + target + ["org.temper.Temper1.Governor", "Tier", "s", "nominal"])
        #expect(set.status != 0 && set.stderr.contains("denied"), "setting a property is refused by the bus: \(set.stderr)")
        let ping = try BusClient.busctl(address, ["call"] + target + ["org.freedesktop.DBus.Peer", "Ping"])
        #expect(ping.status != 0 && ping.stderr.contains("denied"), "other interfaces are refused: \(ping.stderr)")
        let squat = try BusClient.run(
            HarnessRequirements.python,
            [
                "-c",
                """
                import sys
                from gi.repository import Gio
                c = Gio.DBusConnection.new_for_address_sync(sys.argv[1], Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
                try:
                    c.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus', 'RequestName', __import__('gi').repository.GLib.Variant('(su)', ('org.temper.Temper2', 4)), None, 0, 5000, None)
                    print('owned')
                except Exception as error:
                    print('refused', error)
                """, address,
            ]
        )
        #expect(squat.stdout.hasPrefix("refused"), "names beyond org.temper.Temper1 stay denied: \(squat.stdout)")
    }
}
