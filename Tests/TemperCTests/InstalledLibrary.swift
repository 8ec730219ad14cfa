import Foundation
import TemperTestSupport
import Testing

/// libtemper installed as a user installs it (`scripts/install.sh` into a temporary prefix: the library, temper.h
/// and temper.pc) with the C example built against it, and the figures the command line gives for the same
/// inputs, to compare the C API's with.
final class InstalledLibrary: Sendable {
    /// One installation for every test, made by the first that asks and removed when the tests end.
    static let shared: Result<InstalledLibrary, any Error> = {
        let made = Result { try InstalledLibrary() }
        atexit {
            if case .success(let library) = InstalledLibrary.shared { try? FileManager.default.removeItem(atPath: library.prefix.path) }
        }
        return made
    }()

    let prefix: TemporaryFolder
    /// Examples/c/temper-example.c, built.
    let example: String
    var libdir: String { prefix.path + "/lib" }
    /// What a program built against the prefix needs to find the library at run time.
    var environment: [String: String] { ["LD_LIBRARY_PATH": libdir, "PKG_CONFIG_PATH": libdir + "/pkgconfig"] }

    /// The debug build's library, beside the `temper` the tests run.
    static let built = TemperRunner.executable.deletingLastPathComponent().appendingPathComponent("libTemperC.so")

    init() throws {
        prefix = try TemporaryFolder(prefix: "temper-libtemper")
        let script = PackagePaths.root.appendingPathComponent("scripts/install.sh").path
        let installed = try Self.run(
            "/bin/bash",
            [script, "--prefix", prefix.path, "--binary", TemperRunner.executable.path, "--library", Self.built.path]
        )
        try #require(installed.status == 0, "\(installed.stderr)")
        example = try Self.compile("Examples/c/temper-example.c", in: prefix.path)
    }

    static func run(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String] = [:],
        in folder: URL = PackagePaths.root
    ) throws -> TemperRunner.Result {
        try TemperRunner.run(arguments, currentDirectory: folder, environment: environment, executable: URL(fileURLWithPath: executable))
    }

    /// Compiles `source` (a path in the project) as a user would: `cc … $(pkg-config --cflags --libs temper)`.
    static func compile(_ source: String, in prefix: String) throws -> String {
        let libdir = prefix + "/lib"
        let environment = ["PKG_CONFIG_PATH": libdir + "/pkgconfig"]
        let output = prefix + "/" + URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent
        let script = "cc -std=c11 -Wall -Wextra -Werror -pedantic \"$1\" -o \"$2\" $(pkg-config --cflags --libs temper)"
        let built = try Self.run(
            "/bin/sh",
            ["-c", script, "sh", PackagePaths.root.appendingPathComponent(source).path, output],
            environment: environment
        )
        try #require(built.status == 0, "\(built.stdout)\(built.stderr)")
        return output
    }

    /// Patterns in every format the examples hold, as paths in the project; the ones whose AHAP names a waveform
    /// file beside it are scored from the file, the rest from their bytes.
    static let patterns: (bytes: [String], files: [String]) = {
        let folders = ["Examples/patterns", "Examples/formats"]
        var bytes: [String] = []
        var files: [String] = []
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: PackagePaths.root.appendingPathComponent(folder).path)) ?? []
            for name in names.sorted() where !name.hasSuffix(".md") && !name.hasSuffix(".wav") {
                let path = folder + "/" + name
                let text = (try? String(contentsOf: PackagePaths.root.appendingPathComponent(path), encoding: .utf8)) ?? ""
                if text.contains("EventWaveformPath") { files.append(path) } else { bytes.append(path) }
            }
        }
        return (bytes, files)
    }()

    /// `temper score --format json`'s energy for each path, as printed (six significant digits).
    static func scoredByTheCommandLine(_ paths: [String]) throws -> [String: Double] {
        let result = try TemperRunner.run(["score", "--format", "json"] + paths)
        try #require(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let patterns = try #require(report["patterns"] as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: patterns.compactMap { pattern in
                guard let path = pattern["path"] as? String, let energy = pattern["energyMillijoules"] as? Double else { return nil }
                return (path, energy)
            }
        )
    }

    /// The example programs' output, `path<TAB>millijoules` a line.
    static func figures(_ output: String) -> [String: Double] {
        var figures: [String: Double] = [:]
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            if fields.count == 2, let value = Double(fields[1]) { figures[String(fields[0])] = value }
        }
        return figures
    }

    /// Checks the library's figures against the command line's: rounded as `temper score` prints (six
    /// significant digits) they agree within 1e-6 relative, and unrounded within the rounding itself.
    static func expectSameEnergy(_ library: [String: Double], _ commandLine: [String: Double], _ paths: [String]) {
        for path in paths {
            guard let mine = library[path], let printed = commandLine[path] else {
                Issue.record("\(path): no figure (library \(library[path] as Any), command line \(commandLine[path] as Any))")
                continue
            }
            let rounded = Double(String(format: "%.6g", mine)) ?? .nan
            #expect(abs(rounded - printed) <= 1e-6 * abs(printed), "\(path): \(mine) mJ from the library, \(printed) from temper score")
            #expect(abs(mine - printed) <= 5e-6 * abs(printed), "\(path): \(mine) mJ from the library, \(printed) from temper score")
        }
    }

    /// Requests and conditions whose decisions the examples must agree with `temper rewrite` on: every outcome.
    static let decisions: [(request: String, condition: String)] = [
        ("Examples/requests/ring-explosion-haptic.json", "serious"),
        ("Examples/requests/ring-explosion-haptic.json", "nominal"),
        ("Examples/requests/alarm-rumble.json", "serious,low-power"),
        ("Examples/requests/ring-explosion-audio.json", "serious"),
        ("Examples/requests/button-impact.json", "critical"),
        ("Examples/requests/picker-selection.json", "critical"),
    ]

    /// `temper rewrite --request FILE --condition C --json`'s outcome and energy that plays.
    static func decidedByTheCommandLine(_ request: String, _ condition: String) throws -> (outcome: String, energy: Double) {
        let result = try TemperRunner.run(["rewrite", "--request", request, "--condition", condition, "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        let decision = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return (try #require(decision["outcome"] as? String), try #require(decision["energyAfterMillijoules"] as? Double))
    }

    /// Checks an example's `outcome<TAB>millijoules` against the command line's decision.
    static func expectSameDecision(_ output: TemperRunner.Result, _ request: String, _ condition: String) throws {
        #expect(output.status == 0, "\(output.stderr)")
        let fields = output.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\t")
        let expected = try decidedByTheCommandLine(request, condition)
        #expect(fields.first.map(String.init) == expected.outcome, "\(request) under \(condition): \(output.stdout)")
        let energy = fields.count == 2 ? Double(fields[1]) ?? .nan : .nan
        #expect(
            abs(energy - expected.energy) <= 1e-9 * max(1, abs(expected.energy)),
            "\(request) under \(condition): \(energy) mJ, \(expected.energy) from temper rewrite"
        )
    }
}

/// The library's suites, one test at a time: each builds or runs programs and waits for them on a test thread, and
/// in parallel they held every thread of a 2-core machine's pool for minutes, starving the suite's other tests
/// (a real Prometheus's scrape went past its time limit in CI).
@Suite(.serialized) enum LibtemperTests {}
