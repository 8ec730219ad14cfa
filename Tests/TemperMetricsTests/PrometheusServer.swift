import Foundation

/// A real Prometheus server on a free loopback port, with its own config and data folder, scraping one target
/// every second; stopped (SIGTERM, then SIGKILL) by ``stop()``.
final class PrometheusServer {
    let port: Int
    private let process = Process()
    private let logFile: URL

    init(folder: URL, target: String) throws {
        port = try MetricsTools.freePort()
        let config = folder.appendingPathComponent("prometheus.yml")
        try """
        global:
          scrape_interval: 1s
          scrape_timeout: 1s
          evaluation_interval: 1s
        scrape_configs:
          - job_name: temper
            static_configs:
              - targets: ['\(target)']

        """.write(to: config, atomically: true, encoding: .utf8)
        logFile = folder.appendingPathComponent("prometheus.log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let log = try FileHandle(forWritingTo: logFile)
        process.executableURL = URL(fileURLWithPath: MetricsTools.prometheus)
        process.arguments = [
            "--config.file=\(config.path)", "--storage.tsdb.path=\(folder.appendingPathComponent("data").path)",
            "--web.listen-address=127.0.0.1:\(port)", "--log.level=warn",
        ]
        process.standardOutput = log
        process.standardError = log
        try process.run()
    }

    /// Polls the HTTP API's instant query until it returns a sample, and gives its value.
    func query(_ expression: String, until limit: Duration) async throws -> String {
        let deadline = ContinuousClock.now + limit
        let url = "http://127.0.0.1:\(port)/api/v1/query?query=\(expression)"
        while ContinuousClock.now < deadline {
            guard process.isRunning else { throw MetricsTestError("prometheus exited: \(log())") }
            if let answer = try? MetricsTools.http("GET", url), answer.status == 200,
                let json = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any],
                let data = json["data"] as? [String: Any], let results = data["result"] as? [[String: Any]],
                let value = results.first?["value"] as? [Any], value.count == 2, let text = value[1] as? String
            {
                return text
            }
            try await Task.sleep(for: .milliseconds(250))
        }
        throw MetricsTestError("no sample of \(expression) within \(limit): \(log())")
    }

    func log() -> String {
        (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        for _ in 0..<100 where process.isRunning { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
