import Foundation
import TemperTestSupport
import Testing

@Suite struct ReportCommandTests {
    @Test func rendersTheShippedTrace() throws {
        let directory = TemporaryFolder.uniquePath(prefix: "temper-trace")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try TemperRunner.run(["report", "Examples/traces/heat-soak.jsonl", "--report", directory.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("The host reached critical for "), "\(result.stdout)")
        for file in ["index.html", "report.md", "data.json", "timeline.svg"] {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path), "\(file)")
        }
    }

    /// Without --report it was a usage error; now it prints the replay's summary and writes nothing.
    @Test func withoutAReportFolderItPrintsTheSummary() throws {
        let result = try TemperRunner.run(["report", "Examples/traces/heat-soak.jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("heat-soak.jsonl ("), "\(result.stdout)")
        #expect(result.stdout.contains("): The host reached critical for "), "the verdict comes first")
        #expect(!result.stdout.contains("report: "))
    }

    @Test func malformedTraceNamesTheLine() throws {
        let directory = TemporaryFolder.uniquePath(prefix: "temper-trace")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("broken.jsonl")
        let good = try String(contentsOf: PackagePaths.root.appendingPathComponent("Examples/traces/version-1.jsonl"), encoding: .utf8)
            .split(separator: "\n").prefix(5)
        try Data((good.prefix(2).joined(separator: "\n") + "\n{not json\n" + good.dropFirst(2).joined(separator: "\n") + "\n").utf8)
            .write(to: trace)
        let result = try TemperRunner.run(["report", trace.path, "--report", directory.appendingPathComponent("out").path])
        #expect(result.status == 2)
        #expect(result.stderr == "temper: \(trace.path):3: not a host snapshot: not valid JSON (--lenient skips such lines)\n")
        let lenient = try TemperRunner.run(["report", trace.path, "--lenient", "--report", directory.appendingPathComponent("out").path])
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(lenient.stderr == "temper: warning: \(trace.path):3: skipped (not a host snapshot: not valid JSON)\n")
        #expect(lenient.stdout.contains("5 snapshots"), "\(lenient.stdout)")
    }

    /// Snapshots 1e19 s apart used to trap formatting the trace's length (found by fuzzing the trace reader).
    @Test func aTraceSpanningAbsurdTimesIsReportedNotTrapped() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("temper-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("absurd.jsonl")
        let first = try String(contentsOf: PackagePaths.root.appendingPathComponent("Examples/traces/version-1.jsonl"), encoding: .utf8)
            .split(separator: "\n")[0]
        let lines = ["0", "1e19", "2e19"].map { first.replacingOccurrences(of: "\"timestamp\":1767225600", with: "\"timestamp\":\($0)") }
        try Data(lines.joined(separator: "\n").utf8).write(to: trace)
        let result = try TemperRunner.run(["report", trace.path, "--report", directory.appendingPathComponent("out").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("(3 snapshots): The host stayed nominal over 2e+19 s"), "\(result.stdout)")
    }

    /// What an interrupted recording leaves: the trace still reads, with a warning for the torn line.
    @Test func aTornLastLineIsAWarningNotAnError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("temper-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("torn.jsonl")
        let lines = try String(contentsOf: PackagePaths.root.appendingPathComponent("Examples/traces/version-1.jsonl"), encoding: .utf8)
            .split(separator: "\n").prefix(3)
        try Data((lines.joined(separator: "\n") + "\n" + lines[0].prefix(30)).utf8).write(to: trace)
        let result = try TemperRunner.run(["report", trace.path, "--report", directory.appendingPathComponent("out").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "temper: warning: \(trace.path):4: skipped a torn last line (not a host snapshot: not valid JSON)\n")
        #expect(result.stdout.contains("3 snapshots"))
    }

}

/// The one documented command reproduces the checked-in example reports byte for byte.
@Suite struct ReportReproductionTests {
    @Test func makeReportsReproducesReportsExamples() throws {
        let root = PackagePaths.root
        let expected = root.appendingPathComponent("Reports/examples")
        let output = TemporaryFolder.uniquePath(prefix: "temper-reports")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", root.appendingPathComponent("scripts/make-reports.sh").path, output.path]
        process.currentDirectoryURL = root
        process.environment = ProcessInfo.processInfo.environment.merging(["TEMPER": TemperRunner.executable.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let files = try Self.files(under: expected)
        #expect(!files.isEmpty)
        #expect(try Self.files(under: output) == files)
        for file in files {
            let want = try Data(contentsOf: expected.appendingPathComponent(file))
            let got = try Data(contentsOf: output.appendingPathComponent(file))
            #expect(want == got, "Reports/examples/\(file) differs; run scripts/make-reports.sh")
        }
    }

    static func files(under directory: URL) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files.append(path)
            }
        }
        return files.sorted()
    }
}
