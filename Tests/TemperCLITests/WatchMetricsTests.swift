import Foundation
import TemperTestSupport
import Testing

/// `temper watch --metrics-listen --metrics-textfile`, run as a user runs it: the metrics are served and kept in
/// the file while it watches, and Ctrl-C ends it cleanly with the file's last values written.
@Suite(.offThePool, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3 as the HTTP client"))
struct WatchMetricsTests {
    /// Never the machine's own system bus.
    static let environment = ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/system_bus_socket"]

    static func python(_ code: String, _ arguments: [String] = []) throws -> TemperRunner.Result {
        try TemperRunner.run(["-c", code] + arguments, executable: URL(fileURLWithPath: "/usr/bin/python3"))
    }

    static func freePort() throws -> Int {
        let result = try python("import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
        return try #require(Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// The body of GET `url`, or `nil` when nothing answers yet.
    static func get(_ url: String) throws -> String? {
        let result = try python(
            "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1], timeout=5).read().decode())",
            [url]
        )
        return result.status == 0 ? result.stdout : nil
    }

    /// Every wait has a deadline tied to what it waits for (a sampled body, the process's exit), not a global time
    /// limit, which a busy machine's scheduler could spend before the test ran at all.
    @Test func watchServesAndWritesTheMetricsUntilInterrupted() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("temper-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let textfile = folder.appendingPathComponent("temper.prom").path
        let port = try Self.freePort()
        let process = Process()
        process.executableURL = TemperRunner.executable
        process.arguments = ["watch", "--interval", "0.2", "--metrics-listen", "127.0.0.1:\(port)", "--metrics-textfile", textfile]
        process.environment = ProcessInfo.processInfo.environment.merging(Self.environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // The listener may answer before the first sample has set any gauge: wait for a sampled body, for as long
        // as watch runs, up to 90 s and at least 30 tries (on a starved machine one try can take seconds).
        var body: String?
        var tries = 0
        let served = ContinuousClock.now + .seconds(90)
        while !(body?.contains("temper_tier") ?? false), ContinuousClock.now < served || tries < 30, process.isRunning {
            tries += 1
            body = try Self.get("http://127.0.0.1:\(port)/metrics")
            if !(body?.contains("temper_tier") ?? false) { try await Task.sleep(for: .milliseconds(100)) }
        }
        if body == nil, !process.isRunning {
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            Issue.record("watch exited \(process.terminationStatus) before serving on port \(port): \(stderr)")
        }
        let metrics = try #require(body, "nothing served on port \(port) after \(tries) tries; watch running: \(process.isRunning)")
        #expect(metrics.contains("# TYPE temper_tier gauge"))
        #expect(metrics.contains("\ntemper_tier "))
        #expect(metrics.contains("\ntemper_low_power "))
        #expect(metrics.contains("\ntemper_build_info{version=\""), "\(metrics)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/promtool") {
            let lint = try TemperRunner.run(
                ["check", "metrics"],
                stdin: Data(metrics.utf8),
                executable: URL(fileURLWithPath: "/usr/bin/promtool")
            )
            #expect(lint.status == 0, "\(lint.stderr)")
        }

        process.interrupt()
        let exited = ContinuousClock.now + .seconds(60)
        while process.isRunning, ContinuousClock.now < exited { try await Task.sleep(for: .milliseconds(50)) }
        try #require(!process.isRunning, "watch did not exit within 60 s of SIGINT")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
        #expect(try String(contentsOfFile: textfile, encoding: .utf8).contains("\ntemper_tier "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["temper.prom"], "no temporary file left")
        #expect(try Self.get("http://127.0.0.1:\(port)/metrics") == nil, "the listener closed")
    }

    @Test func badMetricsOptionsAreOneLineErrors() throws {
        let address = try TemperRunner.run(["watch", "--metrics-listen", "localhost"], environment: Self.environment)
        #expect(address.status == 2)
        #expect(address.stderr.contains("--metrics-listen: expected HOST:PORT such as 127.0.0.1:9464"))
        #expect(address.stderr.split(separator: "\n").count == 1)
        let file = try TemperRunner.run(["watch", "--metrics-textfile", "/nonexistent/folder/t.prom"], environment: Self.environment)
        #expect(file.status == 2)
        #expect(file.stderr.contains("cannot write metrics to /nonexistent/folder/t.prom"), "\(file.stderr)")
    }
}
