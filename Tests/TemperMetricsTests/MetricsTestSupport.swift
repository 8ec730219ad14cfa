import Foundation
import Logging
import TemperCore
import TemperMetrics
import TemperTestKit

/// Tools the metrics tests run: promtool and prometheus (Debian's `prometheus`), and python3 as an HTTP client.
/// Without them the tests that need them skip, unless `CI=true`: then they run and fail naming the package.
enum MetricsTools {
    static let promtool = "/usr/bin/promtool"
    static let prometheus = "/usr/bin/prometheus"
    static let python = "/usr/bin/python3"

    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }
    static var hasPrometheus: Bool {
        isCI || (FileManager.default.isExecutableFile(atPath: promtool) && FileManager.default.isExecutableFile(atPath: prometheus))
    }
    static var hasPython: Bool { FileManager.default.isExecutableFile(atPath: python) }

    /// Throws, naming the package, when promtool or prometheus is missing (tests run anyway when `CI=true`).
    static func requirePrometheus() throws {
        for tool in [promtool, prometheus] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw MetricsTestError("\(tool) is missing: install Debian's prometheus package (scripts/setup.sh does)")
        }
    }

    static let quietLogger = Logger(label: "temper.metrics.test") { _ in SwiftLogNoOpLogHandler() }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs a program to its end, feeding it `stdin`.
    static func run(_ executable: String, _ arguments: [String], stdin: String = "") throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let (input, output, error) = (Pipe(), Pipe(), Pipe())
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        nonisolated(unsafe) var outData = Data()
        let reader = Thread { outData = output.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self)
        )
    }

    /// `promtool check metrics` on `text`: its lint problems, empty when clean.
    static func promtoolProblems(_ text: String) throws -> String? {
        try requirePrometheus()
        let result = try run(promtool, ["check", "metrics"], stdin: text)
        return result.status == 0 ? nil : "promtool exit \(result.status): \(result.stdout)\(result.stderr)"
    }

    /// One HTTP request through python3's urllib, bounded to 10 s: the status and body.
    static func http(_ method: String, _ url: String) throws -> (status: Int, body: String) {
        let script = """
            import sys, urllib.request, urllib.error
            request = urllib.request.Request(sys.argv[2], method=sys.argv[1])
            try:
                response = urllib.request.urlopen(request, timeout=10)
                status, body = response.status, response.read()
            except urllib.error.HTTPError as error:
                status, body = error.code, error.read()
            sys.stdout.write("%d\\n" % status)
            sys.stdout.write(body.decode("utf-8"))
            """
        let result = try run(python, ["-c", script, method, url])
        guard result.status == 0, let newline = result.stdout.firstIndex(of: "\n"), let status = Int(result.stdout[..<newline]) else {
            throw MetricsTestError("HTTP \(method) \(url) failed: \(result.stderr)")
        }
        return (status, String(result.stdout[result.stdout.index(after: newline)...]))
    }

    /// A TCP port free on loopback right now.
    static func freePort() throws -> Int {
        let result = try run(python, ["-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"])
        guard let port = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw MetricsTestError("no free port: \(result.stderr)")
        }
        return port
    }

    /// A new empty folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("temper-metrics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A governor on a fake host whose one sensor reads `celsius` (87 °C is serious), sampling every 50 ms; `host`
    /// replaces the whole snapshot.
    static func governor(export: PrometheusExport, celsius: Double = 87, host: HostSnapshot? = nil) -> Governor {
        Governor(
            policy: .default,
            energyModel: TestEnergyModel(),
            source: FakeHostSource(host ?? .fake(celsius: celsius)),
            clock: ContinuousGovernorClock(ContinuousClock()),
            logger: quietLogger,
            metricsFactory: export.factory,
            configuration: .init(sampleIntervalSeconds: 0.05)
        )
    }
}

struct MetricsTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
