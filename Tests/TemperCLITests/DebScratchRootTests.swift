import Foundation
import TemperTestSupport
import Testing

/// The package in a full scratch Debian root (`scripts/test-deb.sh`): installed with dpkg inside a chroot, its
/// maintainer scripts make the temper user and enable the unit; remove and purge leave the root as it was.
/// Opt-in (`TEMPER_TEST_DEB=1`): the first run makes the root with debootstrap (about 3 minutes, cached after).
@Suite struct DebScratchRootTests {
    static let cache = (ProcessInfo.processInfo.environment["XDG_CACHE_HOME"] ?? NSHomeDirectory() + "/.cache") + "/temper"
    static let canRun: Bool = {
        guard ProcessInfo.processInfo.environment["TEMPER_TEST_DEB"] == "1", getuid() == 0 else { return false }
        let cached = (try? FileManager.default.contentsOfDirectory(atPath: cache))?.contains { $0.hasPrefix("bookworm-minbase-") } ?? false
        return cached || FileManager.default.isExecutableFile(atPath: "/usr/sbin/debootstrap")
    }()

    @Test(.enabled(if: canRun, "opt-in with TEMPER_TEST_DEB=1; needs root, and debootstrap or a cached scratch root"))
    func installsRemovesAndPurgesInAScratchRoot() throws {
        let folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("temper-deb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let built = try DebPackageTests.run(
            "/bin/bash",
            [PackagePaths.root.appendingPathComponent("scripts/package-deb.sh").path, folder.path],
            environment: ["TEMPER_BINARY": TemperRunner.executable.path, "TEMPER_DEB_COMPRESSION": "gzip"]
        )
        #expect(built.status == 0, "\(built.stderr)")
        let package = built.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let tested = try DebPackageTests.run("/bin/bash", [PackagePaths.root.appendingPathComponent("scripts/test-deb.sh").path, package])
        #expect(tested.status == 0, "\(tested.stdout)\(tested.stderr)")
        for check in [
            "the temper user exists", "temper.service is enabled (multi-user.target.wants)", "its D-Bus alias is enabled",
            "purge leaves the root as before the installation",
        ] {
            #expect(tested.stdout.contains("ok: \(check)"), "\(tested.stdout)")
        }
    }
}
