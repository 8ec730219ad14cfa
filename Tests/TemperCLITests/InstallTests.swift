import Foundation
import TemperTestSupport
import Testing

/// `scripts/install.sh` into a temporary prefix, then every default run from `/` as a normal user: nothing may
/// depend on the build folder, the project folder or the working directory.
@Suite(.serialized) struct InstallTests {
    /// Runs commands as a normal user: `nobody` through runuser when the tests run as root, else as they are.
    static let normalUser: [String]? = {
        guard getuid() == 0 else { return [] }
        guard let result = try? run("/usr/sbin/runuser", ["-u", "nobody", "--", "/bin/true"]), result.status == 0 else { return nil }
        return ["/usr/sbin/runuser", "-u", "nobody", "--"]
    }()

    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> TemperRunner.Result {
        try TemperRunner.run(
            arguments,
            currentDirectory: URL(fileURLWithPath: "/"),
            environment: environment ?? [:],
            executable: URL(fileURLWithPath: executable)
        )
    }

    /// A folder everyone can read, as an installed prefix is.
    final class Prefix {
        let folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("temper-install-\(UUID().uuidString)")
        init() throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        }
        deinit { try? FileManager.default.removeItem(at: folder) }
        func path(_ relative: String) -> String { folder.appendingPathComponent(relative).path }
    }

    /// Packaging files as the D-Bus engineer writes them, naming the binary through @bindir@.
    static func fakePackaging(in folder: URL) throws -> URL {
        let packaging = folder.appendingPathComponent("packaging-source")
        for (file, text) in [
            "dbus/org.temper.Temper1.conf": "<busconfig/>\n",
            "dbus/org.temper.Temper1.service": "[D-BUS Service]\nName=org.temper.Temper1\nExec=@bindir@/temper serve\n",
            "dbus/org.temper.Temper1.xml": "<node/>\n",
            "systemd/temper.service": "[Service]\nExecStart=/usr/bin/temper serve\n",
        ] {
            let url = packaging.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return packaging
    }

    static func install(into prefix: Prefix, packaging: URL) throws -> TemperRunner.Result {
        let script = PackagePaths.root.appendingPathComponent("scripts/install.sh").path
        return try run(
            "/bin/bash",
            [script, "--prefix", prefix.folder.path, "--binary", TemperRunner.executable.path],
            environment: ["TEMPER_PACKAGING_DIR": packaging.path]
        )
    }

    @Test func installPutsEveryFileInItsPlace() throws {
        let prefix = try Prefix()
        let result = try Self.install(into: prefix, packaging: try Self.fakePackaging(in: prefix.folder))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.isExecutableFile(atPath: prefix.path("bin/temper")))
        for file in [
            "share/temper/policies/default.yaml", "share/temper/policies/handheld.yaml", "share/temper/devices/phone.yaml",
            "share/dbus-1/system.d/org.temper.Temper1.conf", "share/dbus-1/interfaces/org.temper.Temper1.xml",
        ] {
            #expect(FileManager.default.fileExists(atPath: prefix.path(file)), "\(file)")
        }
        let activation = try String(contentsOfFile: prefix.path("share/dbus-1/system-services/org.temper.Temper1.service"), encoding: .utf8)
        #expect(activation.contains("Exec=\(prefix.folder.path)/bin/temper serve"))
        let unit = try String(contentsOfFile: prefix.path("lib/systemd/system/temper.service"), encoding: .utf8)
        #expect(unit.contains("ExecStart=\(prefix.folder.path)/bin/temper serve"))
        let relative = try Self.run("/bin/bash", [PackagePaths.root.appendingPathComponent("scripts/install.sh").path, "--prefix", "here"])
        #expect(relative.status == 2)
        #expect(relative.stderr.contains("--prefix must be an absolute path"))
    }

    @Test(.enabled(if: normalUser != nil, "running as root and runuser cannot switch to nobody"))
    func everyDefaultRunsFromTheRootFolderAsANormalUser() throws {
        let prefix = try Prefix()
        #expect(try Self.install(into: prefix, packaging: try Self.fakePackaging(in: prefix.folder)).status == 0)
        let pattern = prefix.folder.appendingPathComponent("x.ahap")
        try #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": []}}]}"#
            .write(to: pattern, atomically: true, encoding: .utf8)
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "LANG": "C.UTF-8", "TMPDIR": "/tmp",
            // Never the machine's own system bus: the battery then reads "unavailable", which status reports.
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/system_bus_socket",
        ]
        func temper(_ arguments: [String], _ extra: [String: String] = [:]) throws -> TemperRunner.Result {
            let user = Self.normalUser ?? []
            let command =
                user + ["/usr/bin/env", "-i"] + environment.merging(extra) { $1 }.map { "\($0)=\($1)" }
                + [prefix.path("bin/temper")] + arguments
            return try Self.run(command[0], Array(command.dropFirst()))
        }

        let score = try temper(["score"])
        #expect(score.status == 0, "\(score.stderr)")
        #expect(score.stdout.contains("\"path\" : \"Examples/patterns/shockwave-audio.ahap\""), "\(score.stdout.prefix(400))")
        let one = try temper(["score", pattern.path, "--format", "csv"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.contains("x.ahap"))

        let phone = try temper(["policy", "show", "phone"])
        #expect(phone.status == 0, "\(phone.stderr)")
        #expect(phone.stdout.contains("name: \"phone\""))
        #expect(phone.stdout.contains("# Read from: built-in Policies/phone.yaml"))
        #expect(try temper(["policy", "show"]).stdout.contains("# Read from: built-in Policies/default.yaml"))
        #expect(try temper(["policy", "check", "handheld"]).status == 0)

        let simulate = try temper(["simulate"])
        #expect(simulate.status == 0, "\(simulate.stderr)")
        #expect(simulate.stdout.contains("heat-soak"))

        let status = try temper(["status"])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains("Policy: default (built-in Policies/default.yaml)"))

        let rewrite = try temper([
            "rewrite", pattern.path, "--condition", "serious", "--policy", "handheld", "--device", "gamepad", "--explain",
        ])
        #expect(rewrite.status == 0, "\(rewrite.stderr)")

        // A file in XDG_CONFIG_HOME overrides the built-in policy of its name, and status says so.
        let config = prefix.folder.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("temper/policies"), withIntermediateDirectories: true)
        let mine = config.appendingPathComponent("temper/policies/handheld.yaml")
        try "version: 1\nname: mine\n".write(to: mine, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: mine.path)
        let overridden = try temper(["status", "--json", "--policy", "handheld"], ["XDG_CONFIG_HOME": config.path])
        #expect(overridden.status == 0, "\(overridden.stderr)")
        #expect(overridden.stdout.contains("\"source\" : \"\(mine.path)\""), "\(overridden.stdout.suffix(300))")
    }
}
