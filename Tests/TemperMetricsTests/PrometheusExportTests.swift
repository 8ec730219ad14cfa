import Foundation
import ServiceLifecycle
import TemperCore
import TemperLifecycle
import TemperMetrics
import TemperTestKit
import TemperTestSupport
import Testing

@Suite(.offThePool) struct PrometheusExportTests {
    @Test func theGovernorsMetricsAreRenderedWithHelpAndTypes() async throws {
        let export = PrometheusExport()
        let governor = MetricsTools.governor(export: export)
        await governor.setCondition(Condition(tier: .serious, lowPower: true))
        _ = await governor.submit(SensoryRequest(id: "tap", usage: .game, kind: .system(.impact(.heavy, intensity: 1))))
        let text = export.text()
        #expect(text.contains("# TYPE temper_tier gauge\n"))
        #expect(text.contains("\ntemper_tier 2.0\n") || text.contains("\ntemper_tier 2\n"), "\(text)")
        #expect(text.contains("\ntemper_low_power 1"))
        #expect(text.contains("# HELP temper_tier The host's thermal tier"))
        #expect(text.contains("# TYPE temper_decisions_total counter"))
        #expect(text.contains("temper_decisions_total{outcome=\""))
        #expect(text.contains("# TYPE temper_energy_requested_joules_total counter"))
        for line in text.split(separator: "\n") where line.hasPrefix("# TYPE ") {
            let name = line.split(separator: " ")[2]
            #expect(text.contains("# HELP \(name) "), "\(name) has no help")
        }
    }

    @Test(.enabled(if: MetricsTools.hasPrometheus, "needs promtool (Debian package prometheus)"))
    func promtoolAcceptsTheExportAfterARunningGovernorSampled() async throws {
        let export = PrometheusExport()
        let host = HostSnapshot.fake(celsius: 87, batteryPercentage: 80, onBattery: true, powerProfile: "balanced")
        let governor = MetricsTools.governor(export: export, host: host)
        let group = ServiceGroup(services: [governor], logger: MetricsTools.quietLogger)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            while await governor.condition.tier != .serious { try await Task.sleep(for: .milliseconds(20)) }
            _ = await governor.submit(SensoryRequest(id: "tap", usage: .ui, kind: .system(.selection)))
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        let text = export.text()
        #expect(text.contains("temper_sample_duration_seconds_bucket{le="), "\(text)")
        #expect(text.contains("temper_sample_duration_seconds_count "))
        // What a dashboard shows beside the tier: each sensor, the battery, the power profile.
        #expect(text.contains(#"temper_temperature_celsius{sensor="fake-isa-0000/Package id 0"} 87"#), "\(text)")
        #expect(text.contains("temper_battery_charge_ratio 0.8"), "\(text)")
        #expect(text.contains(#"temper_power_profile{profile="balanced"} 1"#), "\(text)")
        #expect(!text.contains("temper_battery_energy_rate_watts"), "no rate was read, so no series")
        #expect(try MetricsTools.promtoolProblems(text) == nil)
    }

    /// Issue 38, item 6: where the policy sets no budget, "budget left" is absent, not 0 J.
    @Test func theBudgetLeftIsAbsentUnderAConditionWithoutABudget() async throws {
        let export = PrometheusExport()
        let governor = MetricsTools.governor(export: export)
        let tap = SensoryRequest(id: "tap", usage: .game, kind: .system(.impact(.heavy, intensity: 1)))
        await governor.setCondition(Condition(tier: .nominal, lowPower: false))
        _ = await governor.submit(tap)
        #expect(!export.text().contains("\ntemper_budget_remaining_joules "), "\(export.text())")
        await governor.setCondition(Condition(tier: .serious, lowPower: false))
        _ = await governor.submit(tap)
        let serious = export.text()
        let line = try #require(serious.split(separator: "\n").first { $0.hasPrefix("temper_budget_remaining_joules ") }, "\(serious)")
        let left = try #require(Double(line.split(separator: " ")[1]))
        #expect(left > 0 && left < 2, "the default policy's 2 J at serious, less the tap: \(line)")
        await governor.setCondition(Condition(tier: .nominal, lowPower: false))
        _ = await governor.submit(tap)
        #expect(!export.text().contains("\ntemper_budget_remaining_joules "), "\(export.text())")
    }

    @Test func listenAddressesAreReadStrictly() throws {
        #expect(try MetricsListenAddress(parsing: "127.0.0.1:9464") == .loopback)
        #expect(try MetricsListenAddress(parsing: "[::1]:0") == MetricsListenAddress(host: "::1", port: 0))
        #expect(try MetricsListenAddress(parsing: "localhost:80").description == "localhost:80")
        for bad in ["127.0.0.1", ":9464", "host:65536", "host:-1", "::1:9464", "[::1]9464", "host:99999999999999999999", "host:"] {
            let error = #expect(throws: MetricsError.self, "\(bad)") { try MetricsListenAddress(parsing: bad) }
            #expect(error?.code == .invalidAddress)
            #expect(error?.description.hasPrefix("--metrics-listen: expected HOST:PORT") == true)
        }
    }
}
