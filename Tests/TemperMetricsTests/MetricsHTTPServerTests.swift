import Foundation
import ServiceLifecycle
import TemperCore
import TemperLifecycle
import TemperMetrics
import Testing

@Suite(.enabled(if: MetricsTools.hasPython, "needs python3 as the HTTP client"))
struct MetricsHTTPServerTests {
    /// Runs `body` with a server on a free loopback port, inside a ServiceGroup that is shut down afterwards.
    func withServer(_ export: PrometheusExport, _ body: (MetricsHTTPServer) async throws -> Void) async throws {
        let server = try await MetricsHTTPServer.bind(
            to: MetricsListenAddress(host: "127.0.0.1", port: 0),
            export: export,
            logger: MetricsTools.quietLogger
        )
        let group = ServiceGroup(services: [server], logger: MetricsTools.quietLogger)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            do {
                try await body(server)
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    @Test func servesTheExportAtMetricsAndNothingElse() async throws {
        let export = PrometheusExport()
        let governor = MetricsTools.governor(export: export)
        await governor.setCondition(Condition(tier: .critical))
        try await withServer(export) { server in
            #expect(server.address.port > 0)
            let base = "http://127.0.0.1:\(server.address.port)"
            let metrics = try MetricsTools.http("GET", base + "/metrics")
            #expect(metrics.status == 200)
            #expect(metrics.body.contains("temper_tier 3"), "\(metrics.body)")
            #expect(try MetricsTools.http("GET", base + "/metrics?x=1").status == 200)
            #expect(try MetricsTools.http("GET", base + "/").status == 404)
            #expect(try MetricsTools.http("POST", base + "/metrics").status == 405)
            // The values are read at each scrape, not when the server started.
            await governor.setCondition(Condition(tier: .fair))
            #expect(try MetricsTools.http("GET", base + "/metrics").body.contains("temper_tier 1"))
        }
    }

    @Test func afterShutdownThePortIsClosedAndTheServerCannotRunAgain() async throws {
        var port = 0
        var finished: MetricsHTTPServer?
        try await withServer(PrometheusExport()) { server in
            port = server.address.port
            finished = server
        }
        #expect(throws: MetricsTestError.self) { try MetricsTools.http("GET", "http://127.0.0.1:\(port)/metrics") }
        let error = await #expect(throws: MetricsError.self) { try await finished?.run() }
        #expect(error?.code == .alreadyRun)
    }

    @Test func aBusyPortFailsAtBindWithItsAddress() async throws {
        try await withServer(PrometheusExport()) { server in
            let error = await #expect(throws: MetricsError.self) {
                _ = try await MetricsHTTPServer.bind(to: server.address, export: PrometheusExport(), logger: MetricsTools.quietLogger)
            }
            #expect(error?.code == .cannotListen)
            #expect(error?.description.contains("127.0.0.1:\(server.address.port)") == true)
        }
    }

    /// A real Prometheus server scrapes the listener once and answers a query for the tier through its HTTP API.
    /// The wait is the query's own deadline, not a global time limit a busy machine could spend before it ran.
    @Test(.enabled(if: MetricsTools.hasPrometheus, "needs prometheus (Debian package prometheus)"))
    func aRealPrometheusScrapesTheTier() async throws {
        try MetricsTools.requirePrometheus()
        let export = PrometheusExport()
        let governor = MetricsTools.governor(export: export)
        await governor.setCondition(Condition(tier: .serious))
        let folder = try MetricsTools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withServer(export) { server in
            let prometheus = try PrometheusServer(folder: folder, target: "127.0.0.1:\(server.address.port)")
            defer { prometheus.stop() }
            let value = try await prometheus.query("temper_tier", until: .seconds(120))
            #expect(value == "2", "\(prometheus.log())")
        }
    }
}
