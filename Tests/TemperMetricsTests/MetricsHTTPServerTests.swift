import Foundation
import ServiceLifecycle
import TemperCore
import TemperLifecycle
import TemperMetrics
import TemperTestKit
import TemperTestSupport
import Testing

@Suite(.offThePool, .enabled(if: MetricsTools.hasPython, "needs python3 as the HTTP client"))
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

extension MetricsHTTPServerTests {
    /// A device's Prometheus in agent mode scrapes the listener and remote-writes to a second, central Prometheus
    /// that only receives; the tier is queried there by the `device` and `sku` labels the export adds to every
    /// metric (`--metrics-label`). Each wait is the query's own deadline.
    @Test(.enabled(if: MetricsTools.hasPrometheus, "needs prometheus (Debian package prometheus)"))
    func anAgentRemoteWritesTheTierWithItsDeviceAndSKUToAReceiver() async throws {
        try MetricsTools.requirePrometheus()
        let labels = try MetricsOptions.labels(parsing: ["device=unit-7", "sku=pixel-7"])
        let export = PrometheusExport(labels: labels)
        let governor = MetricsTools.governor(export: export)
        await governor.update(with: .fake(celsius: 87, batteryPercentage: 80, onBattery: true, powerProfile: "balanced"))
        await governor.setCondition(Condition(tier: .serious))
        let folder = try MetricsTools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withServer(export) { server in
            #expect(
                try MetricsTools.http("GET", "http://127.0.0.1:\(server.address.port)/metrics").body.contains(
                    #"temper_tier{device="unit-7",sku="pixel-7"} 2"#
                )
            )
            let receiver = try PrometheusServer.receiver(folder: folder)
            defer { receiver.stop() }
            let agent = try PrometheusServer.agent(
                folder: folder,
                target: "127.0.0.1:\(server.address.port)",
                remoteWrite: receiver.remoteWriteURL
            )
            defer { agent.stop() }
            let value = try await receiver.query(#"temper_tier{device="unit-7",sku="pixel-7"}"#, until: .seconds(120))
            #expect(value == "2", "agent: \(agent.log())\nreceiver: \(receiver.log())")
            // Beside the tier, what explains it, from the same remote write.
            #expect(try await receiver.query(#"temper_temperature_celsius{sku="pixel-7"}"#, until: .seconds(30)) == "87")
            #expect(try await receiver.query(#"temper_battery_charge_ratio{device="unit-7"}"#, until: .seconds(30)) == "0.8")
        }
    }

    @Test(arguments: [
        ("sku", "has no '='"), ("9lives=x", "is not a label name"), ("__name__=x", "Prometheus' own"),
        ("outcome=x", "Temper's metrics use"), ("sku=", "1 to 256 characters"), ("sku=a\u{7}b", "control character"),
    ])
    func aBadLabelIsRefusedSayingWhy(_ text: String, _ why: String) {
        #expect(throws: MetricsError.self) { try MetricsLabel(parsing: text) }
        do { _ = try MetricsLabel(parsing: text) } catch { #expect(error.code == .invalidLabel && error.message.contains(why), "\(error)") }
    }

    @Test func aLabelGivenTwiceIsRefused() {
        #expect(throws: MetricsError.self) { try MetricsOptions.labels(parsing: ["sku=a", "sku=b"]) }
        #expect((try? MetricsOptions.labels(parsing: ["device=x", "sku=y=z"]))?.map(\.description) == ["device=x", "sku=y=z"])
    }
}
