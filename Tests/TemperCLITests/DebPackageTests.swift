import Foundation
import TemperTestSupport
import Testing

/// `scripts/package-deb.sh` builds a package that installs, runs and removes cleanly. It is installed with
/// `dpkg --root` into a temporary root whose package database is a copy of this machine's, so its dependencies
/// are checked for real and nothing touches the machine's own files; its maintainer scripts run outside a chroot
/// (the root has no shell) and work inside `DPKG_ROOT`. `scripts/test-deb.sh` installs it into a full scratch
/// Debian root (``DebScratchRootTests``).
@Suite struct DebPackageTests {
    static let hasDpkg =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-deb") && FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg")
    static let canInstall = hasDpkg && getuid() == 0

    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> TemperRunner.Result {
        try TemperRunner.run(
            arguments,
            currentDirectory: URL(fileURLWithPath: "/"),
            environment: environment,
            executable: URL(fileURLWithPath: executable)
        )
    }

    @Test(.enabled(if: canInstall, "dpkg -i, even into a temporary root, needs root (and Debian's dpkg)"))
    func thePackageInstallsRunsAndRemovesCleanly() throws {
        let folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("temper-deb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = PackagePaths.root.appendingPathComponent("scripts/package-deb.sh").path
        let built = try Self.run(
            "/bin/bash",
            [script, folder.appendingPathComponent("out").path],
            environment: [
                // The debug binary is large; gzip packs it in a fraction of xz's time.
                "TEMPER_BINARY": TemperRunner.executable.path, "TEMPER_DEB_COMPRESSION": "gzip",
            ]
        )
        #expect(built.status == 0, "\(built.stderr)")
        let package = built.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(package.hasSuffix(".deb") && FileManager.default.fileExists(atPath: package), "\(built.stdout)")
        let info = try Self.run("/usr/bin/dpkg-deb", ["--field", package, "Package", "Depends"])
        #expect(info.stdout.contains("Package: temper"))
        #expect(info.stdout.contains("libsensors5"), "the binary links libsensors: \(info.stdout)")

        // A root with this machine's package database, so Depends must be satisfied without forcing.
        let root = folder.appendingPathComponent("root")
        let admin = root.appendingPathComponent("var/lib/dpkg")
        for sub in ["info", "updates", "triggers"] {
            try FileManager.default.createDirectory(at: admin.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(atPath: "/var/lib/dpkg/status", toPath: admin.appendingPathComponent("status").path)
        _ = FileManager.default.createFile(atPath: admin.appendingPathComponent("available").path, contents: nil)
        // Every root has /etc, where systemd-sysusers takes its lock and writes the user.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("etc"), withIntermediateDirectories: true)

        let installed = try Self.run("/usr/bin/dpkg", ["--root=\(root.path)", "--force-script-chrootless", "-i", package])
        #expect(installed.status == 0, "\(installed.stdout)\(installed.stderr)")
        let users = (try? String(contentsOfFile: root.appendingPathComponent("etc/passwd").path, encoding: .utf8)) ?? ""
        #expect(users.contains("temper:"), "postinst made the temper user in the root")
        let wants = root.appendingPathComponent("etc/systemd/system/multi-user.target.wants/temper.service").path
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: wants))?.hasSuffix("/systemd/system/temper.service") == true)
        let binary = root.appendingPathComponent("usr/bin/temper").path
        #expect(FileManager.default.isExecutableFile(atPath: binary))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("usr/share/temper/policies/handheld.yaml").path))
        // The reviewed man pages of packaging/man, one per command, compressed as Debian ships them.
        let manuals = root.appendingPathComponent("usr/share/man/man1")
        let pages = Set((try? FileManager.default.contentsOfDirectory(atPath: manuals.path)) ?? [])
        let checkedIn = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.root.appendingPathComponent("packaging/man").path)
        #expect(pages == Set(checkedIn.map { $0 + ".gz" }), "\(pages.sorted())")
        let status = try Self.run(binary, ["status"], environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/system_bus_socket"])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains("Policy: default (built-in Policies/default.yaml)"))

        let removed = try Self.run("/usr/bin/dpkg", ["--root=\(root.path)", "--force-script-chrootless", "-r", "temper"])
        #expect(removed.status == 0, "\(removed.stdout)\(removed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: binary))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("usr").path), "removal leaves no folder behind")
        let query = try Self.run("/usr/bin/dpkg-query", ["--root=\(root.path)", "--show", "--showformat=${Status}", "temper"])
        #expect(!query.stdout.contains("installed") || query.stdout.contains("not-installed"), "\(query.stdout)")
    }
}
