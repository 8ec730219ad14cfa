import Foundation
import TemperTestSupport
import Testing

/// Issue 34: standard input and several file kinds were read whole before any check (`rewrite --request - <
/// /dev/zero` aborted at 2.1 GB; a 1 GB trace, ACF or measurements file cost 2–7 s and 2 GB before its error).
/// Each kind now stops at its limit (`InputKind`) with one line. The inputs are 8 GB sparse files and
/// `/dev/zero`, under a 1 GB address-space limit, so a reader that reads them whole dies instead of answering.
@Suite struct InputLimitTests {
    /// Runs temper under a 10 s kill and a 1 GB address-space limit, `stdin` from `input` when given.
    static func bounded(_ arguments: [String], stdin input: String? = nil) throws -> TemperRunner.Result {
        let redirect = input.map { " < '\($0)'" } ?? ""
        let script = #"ulimit -v 1048576; exec "$0" "$@""# + redirect
        return try TemperRunner.run(
            ["-s", "KILL", "10", "/bin/sh", "-c", script, TemperRunner.executable.path] + arguments,
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/temper-no-bus"],
            executable: URL(fileURLWithPath: "/usr/bin/timeout")
        )
    }

    /// An 8 GB file of nothing, named `name`, without using the disk.
    static func sparse(_ name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("temper-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 8 << 30)
        try handle.close()
        return url
    }

    static func expectRefused(_ result: TemperRunner.Result, naming file: String, _ what: String) {
        #expect(result.status == 2, "\(what): exit \(result.status): \(result.stderr.suffix(300))")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(what): \(result.stderr.prefix(500))")
        #expect(result.stderr.contains(file), "\(what): \(result.stderr.prefix(300))")
        #expect(result.stderr.contains("more than the limit of"), "\(what): \(result.stderr.prefix(300))")
    }

    @Test(arguments: [
        ("request", "big.json", ["rewrite", "--condition", "fair", "--request"]),
        ("trace", "big.trace", ["report"]),
        ("scenario", "big.yaml", ["simulate"]),
        ("measurements", "big.csv", ["calibrate", "energy"]),
        ("ACF", "big.acf", ["profile", "import"]),
        ("pattern", "big.ahap", ["score"]),
        ("pattern", "big.json", ["convert", "--to", "rumble"]),
    ])
    func aHugeFileIsRefusedBeforeItIsRead(kind: String, name: String, command: [String]) throws {
        let file = try Self.sparse(name)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        Self.expectRefused(try Self.bounded(command + [file.path]), naming: file.path, kind)
    }

    @Test func endlessStandardInputIsRefusedAtTheRequestLimit() throws {
        let result = try Self.bounded(["rewrite", "--condition", "fair", "--request", "-"], stdin: "/dev/zero")
        #expect(result.status == 2, "exit \(result.status): \(result.stderr.suffix(300))")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr.prefix(300))")
        #expect(
            result.stderr.contains("<stdin>: cannot read the request file: more than the limit of 16777216 bytes"),
            "\(result.stderr.prefix(300))"
        )
    }

    /// A FIFO named as a trace, scenario or request is "not a regular file", not "permission denied" or a hang.
    @Test(arguments: [["report"], ["simulate"], ["rewrite", "--condition", "fair", "--request"]])
    func aFIFOIsNotARegularFile(command: [String]) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("temper-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("input")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let result = try Self.bounded(command + [fifo.path])
        #expect(result.status == 2, "\(command): exit \(result.status): \(result.stderr.suffix(300))")
        #expect(result.stderr.contains("not a regular file"), "\(command): \(result.stderr.prefix(300))")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(command): \(result.stderr.prefix(300))")
    }
}
