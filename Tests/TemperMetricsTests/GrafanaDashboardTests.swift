import Foundation
import ServiceLifecycle
import TemperCore
import TemperLifecycle
import TemperMetrics
import TemperTestKit
import Testing

/// Issue 22, item 8: packaging/grafana's dashboard queries only metrics Temper exports. The names come from a
/// real export after a governor sampled and decided, not from a list kept by hand.
@Suite struct GrafanaDashboardTests {
    static let dashboard = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("packaging/grafana/temper-dashboard.json")

    /// Every series name the export holds: each `# TYPE` name, and a histogram's `_bucket`, `_sum`, `_count`.
    static func exportedNames() async throws -> Set<String> {
        let export = PrometheusExport(version: "test")
        // A laptop: a sensor, a RAPL power reading, a discharging battery and a power profile, so every host series
        // the dashboard charts exists.
        var host = HostSnapshot.fake(celsius: 87, powerProfile: "balanced")
        host.powerReadings = [PowerReading(chip: "intel-rapl:0", chipName: "intel-rapl:0", label: "package-0", kind: .power, value: 6.5)]
        host.battery = BatteryState(present: true, onBattery: true, percentage: 64, state: "discharging", energyRateWatts: 9.8)
        let governor = MetricsTools.governor(export: export, host: host)
        // Critical and low power: a game request is dropped by a rule, so the rule counter exists too.
        await governor.setCondition(Condition(tier: .critical, lowPower: true))
        _ = await governor.submit(SensoryRequest(id: "tap", usage: .game, kind: .system(.impact(.heavy, intensity: 1))))
        let group = ServiceGroup(services: [governor], logger: MetricsTools.quietLogger)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            while await governor.condition.tier != .serious { try await Task.sleep(for: .milliseconds(20)) }
            _ = await governor.submit(SensoryRequest(id: "tap", usage: .game, kind: .system(.impact(.heavy, intensity: 1))))
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        var names: Set<String> = []
        for line in export.text().split(separator: "\n") where line.hasPrefix("# TYPE ") {
            let parts = line.split(separator: " ")
            let name = String(parts[2])
            names.insert(name)
            if parts[3] == "histogram" { names.formUnion(["_bucket", "_sum", "_count"].map { name + $0 }) }
        }
        return names
    }

    /// Each `expr` in the dashboard, panels and template variables alike.
    static func queries(in value: Any) -> [String] {
        switch value {
        case let object as [String: Any]:
            return object.flatMap { key, child in
                if key == "expr" || key == "definition", let text = child as? String { return [text] }
                return queries(in: child)
            }
        case let array as [Any]: return array.flatMap(queries(in:))
        default: return []
        }
    }

    @Test func everyQueryNamesAMetricTemperExports() async throws {
        let exported = try await Self.exportedNames()
        #expect(exported.contains("temper_tier") && exported.contains("temper_build_info"), "\(exported.sorted())")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.dashboard))
        let queries = Self.queries(in: json)
        #expect(queries.count >= 10, "\(queries)")
        let metric = /temper_[a-z_]+/
        var used: Set<String> = []
        for query in queries {
            let names = query.matches(of: metric).map { String($0.output) }
            #expect(!names.isEmpty, "a query without a Temper metric: \(query)")
            for name in names {
                #expect(exported.contains(name), "\(name) in '\(query)' is not exported; exported: \(exported.sorted())")
                used.insert(name)
            }
        }
        // Every metric the governor exports has a panel (a histogram through its buckets).
        for name in exported where !["_bucket", "_sum", "_count"].contains(where: name.hasSuffix) {
            let charted = exported.contains(name + "_bucket") ? name + "_bucket" : name
            #expect(used.contains(charted), "\(name) has no panel")
        }
    }

    @Test func theDashboardIsImportable() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.dashboard)) as? [String: Any])
        #expect(json["title"] as? String == "Temper")
        let panels = try #require(json["panels"] as? [[String: Any]])
        let ids = panels.compactMap { $0["id"] as? Int }
        #expect(Set(ids).count == panels.count, "panel ids are unique")
        #expect(panels.allSatisfy { ($0["gridPos"] as? [String: Any])?["w"] as? Int ?? 0 <= 24 }, "Grafana's grid is 24 wide")
    }
}
