import Foundation
import Glibc

/// The tools the real-daemon tests need, and the Debian package each comes from. When one is missing the
/// tests skip, unless `CI=true`: then they run and fail with a message naming the package to install
/// (`scripts/setup.sh` installs them all).
enum HarnessRequirements {
    static let python = "/usr/bin/python3"

    /// Whether this process, and so the `temper` built beside it, has ThreadSanitizer's runtime (`scripts/tsan.sh`):
    /// its serve installs no system call filter, and its shadow memory outgrows any memory bound a test sets.
    static let threadSanitizer = dlsym(nil, "__tsan_init") != nil

    /// (what is checked, the package that provides it)
    static let missingPackages: [String] = {
        let fileManager = FileManager.default
        var missing: [String] = []
        func needExecutable(_ path: String, _ package: String) {
            if !fileManager.isExecutableFile(atPath: path) { missing.append(package) }
        }
        needExecutable(findOnPath("umockdev-wrapper") ?? "/usr/bin/umockdev-wrapper", "umockdev")
        needExecutable(findOnPath("dbus-daemon") ?? "/usr/bin/dbus-daemon", "dbus")
        needExecutable(findOnPath("gdbus") ?? "/usr/bin/gdbus", "libglib2.0-bin")
        needExecutable("/usr/libexec/upowerd", "upower")
        needExecutable("/usr/libexec/feedbackd", "feedbackd")
        needExecutable("/usr/libexec/power-profiles-daemon", "power-profiles-daemon")
        needExecutable(findOnPath("sensors") ?? "/usr/bin/sensors", "lm-sensors")
        if fileManager.isExecutableFile(atPath: python) {
            if !pythonImports("import gi") {
                missing.append("python3-gi")
            } else if !pythonImports("import gi; gi.require_version('UMockdev', '1.0'); from gi.repository import UMockdev") {
                missing.append("gir1.2-umockdev-1.0")
            }
            if !pythonImports("import dbusmock") { missing.append("python3-dbusmock") }
        } else {
            missing.append("python3-gi")
        }
        return missing
    }()

    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Run the real-daemon tests when the tools are there, and always on CI (where missing tools fail).
    static var shouldRun: Bool { missingPackages.isEmpty || isCI }

    /// Throws on CI when something is missing, naming the packages.
    static func check() throws {
        guard missingPackages.isEmpty else {
            throw HarnessError(
                "missing Debian packages for the real-daemon tests: \(missingPackages.joined(separator: " ")) (run scripts/setup.sh)"
            )
        }
    }

    static func findOnPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func pythonImports(_ code: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", code]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        } catch {
            return false
        }
    }
}

/// A harness failure, with what went wrong in words.
struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
