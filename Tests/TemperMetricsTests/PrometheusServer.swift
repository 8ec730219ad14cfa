import Foundation

/// A real Prometheus server on a free loopback port, with its own config and data folder, scraping one target
/// every second; stopped (SIGTERM, then SIGKILL) by ``stop()``.
final class PrometheusServer {
    let port: Int
    private let process = Process()
    private let logFile: URL

    /// A server scraping `target` every second into its own TSDB.
    convenience init(folder: URL, target: String) throws {
        try self.init(folder: folder, name: "prometheus", config: Self.scraping(target), mode: ["--storage.tsdb.path"])
    }

    /// An agent (`--enable-feature=agent`): scrapes `target` every second and keeps nothing to query, only
    /// remote-writing each sample to `remoteWrite` (a receiver's `/api/v1/write`), as a device in a fleet would.
    static func agent(folder: URL, target: String, remoteWrite: String) throws -> PrometheusServer {
        let config = scraping(target) + "remote_write:\n  - url: '\(remoteWrite)'\n    queue_config: {batch_send_deadline: 1s}\n"
        return try PrometheusServer(
            folder: folder,
            name: "agent",
            config: config,
            mode: ["--enable-feature=agent", "--storage.agent.path"]
        )
    }

    /// A server that scrapes nothing and takes remote writes (`--web.enable-remote-write-receiver`), as a fleet's
    /// central Prometheus (or Thanos Receive, Mimir) does.
    static func receiver(folder: URL) throws -> PrometheusServer {
        let config = "global:\n  evaluation_interval: 1s\n"
        return try PrometheusServer(
            folder: folder,
            name: "receiver",
            config: config,
            mode: ["--web.enable-remote-write-receiver", "--storage.tsdb.path"]
        )
    }

    var remoteWriteURL: String { "http://127.0.0.1:\(port)/api/v1/write" }

    private static func scraping(_ target: String) -> String {
        """
        global:
          scrape_interval: 1s
          scrape_timeout: 1s
          evaluation_interval: 1s
        scrape_configs:
          - job_name: temper
            static_configs:
              - targets: ['\(target)']

        """
    }

    /// `mode`: flags before the storage path's flag, which comes last and gets `folder/name-data`.
    private init(folder: URL, name: String, config text: String, mode: [String]) throws {
        port = try MetricsTools.freePort()
        let config = folder.appendingPathComponent("\(name).yml")
        try text.write(to: config, atomically: true, encoding: .utf8)
        logFile = folder.appendingPathComponent("\(name).log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let log = try FileHandle(forWritingTo: logFile)
        process.executableURL = URL(fileURLWithPath: MetricsTools.prometheus)
        let storage = mode.last.map { "\($0)=\(folder.appendingPathComponent("\(name)-data").path)" }
        process.arguments =
            ["--config.file=\(config.path)"] + mode.dropLast() + [storage].compactMap { $0 } + [
                "--web.listen-address=127.0.0.1:\(port)", "--log.level=warn",
            ]
        process.standardOutput = log
        process.standardError = log
        try process.run()
    }

    /// Polls the HTTP API's instant query until it returns a sample, and gives its value.
    func query(_ expression: String, until limit: Duration) async throws -> String {
        let deadline = ContinuousClock.now + limit
        let encoded = expression.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? expression
        let url = "http://127.0.0.1:\(port)/api/v1/query?query=\(encoded)"
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
