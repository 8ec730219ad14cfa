import Foundation
import TemperCore
import TemperPerfetto
import TemperSimulation
import TemperSimulationTestSupport
import TemperTestSupport
import Testing

/// The files Temper writes, decoded with Perfetto's own trace proto: tracks, units and counts (issue 22, item 4).
@Suite(.needsPerfettoPython)
struct PerfettoDecodeTests {
    /// The heat-soak scenario with every decision logged, as `temper simulate --perfetto` runs it.
    static let heatSoak = Task {
        let setup = try SimulationFixtures.setup("heat-soak")
        let policy = SimulationFixtures.policy
        return await Simulator.run(setup, policyName: policy.name, logsDecisions: true) { policyOn in
            GovernorDriver(policy: policyOn ? policy : GovernorDriver.passThrough(policy), energy: SimulationFixtures.energy)
        }
    }

    @Test func aSimulationHasACounterTrackWithItsUnitForEachTemperatureBatteryAndPowerComponent() async throws {
        let result = try await Self.heatSoak.value
        let decoded = try PerfettoDecoder.decode(try PerfettoTrace.simulation(result).bytes)
        #expect(!decoded.unknownFields)
        #expect(decoded.timesInOrder)
        #expect(decoded.sequences == [1])
        #expect(decoded.firstSequenceFlags == 1)
        let expected = [
            "hotspot": "°C", "skin": "°C", "internal": "°C", "ambient": "°C", "battery": "%", "workload power": "W",
            "charging power": "W", "charger loss": "W", "feedback power": "mW",
        ]
        for (group, run) in [
            ("heat-soak: with \(result.withPolicy.policy)", result.withPolicy), ("heat-soak: policy off (baseline)", result.baseline),
        ] {
            let counters = decoded.children(of: group).filter { $0.unit != nil && !$0.name.hasSuffix(" threshold") }
            #expect(Dictionary(uniqueKeysWithValues: counters.map { ($0.name, $0.unit!) }) == expected, "\(group)")
            for track in counters {
                #expect(decoded.events(on: track).count == run.timeline.count, "\(group) \(track.name)")
                #expect(decoded.events(on: track).allSatisfy { $0.type == "TYPE_COUNTER" })
            }
            let hotspot = try #require(counters.first { $0.name == "hotspot" })
            let peak = decoded.events(on: hotspot).compactMap(\.value).max() ?? 0
            #expect(abs(peak - run.timeline.map(\.hotspotCelsius).max()!) < 1e-9)
        }
    }

    @Test func aSimulationHasTierSlicesForBothRunsWithTheirReasons() async throws {
        let result = try await Self.heatSoak.value
        let decoded = try PerfettoDecoder.decode(try PerfettoTrace.simulation(result).bytes)
        for (group, run) in [
            ("heat-soak: with \(result.withPolicy.policy)", result.withPolicy), ("heat-soak: policy off (baseline)", result.baseline),
        ] {
            let tier = try #require(decoded.children(of: group).first { $0.name == "tier" })
            let events = decoded.events(on: tier)
            let begins = events.filter { $0.type == "TYPE_SLICE_BEGIN" }
            // One slice per condition: the nominal start, then one per change (none at time 0 in heat-soak).
            #expect(begins.count == run.transitions.count + 1)
            #expect(events.filter { $0.type == "TYPE_SLICE_END" }.count == begins.count)
            #expect(begins.map(\.name).contains(run.highestTier.rawValue))
            let entered = try #require(begins.dropFirst().first)
            #expect(entered.args?["reasons"] == .list(run.transitions[0].reasons))
            #expect(Double(events.last!.time) / 1e9 == result.durationSeconds)
        }
        // The baseline reaches a hotter tier than the policy's run: the two rows a reader compares.
        #expect(result.baseline.highestTier > .nominal)
    }

    @Test func aSimulationHasEachDecisionWithItsRulesAsArguments() async throws {
        let result = try await Self.heatSoak.value
        let log = try #require(result.withPolicy.decisionLog)
        #expect(log.count == result.withPolicy.decisions.total)
        let decoded = try PerfettoDecoder.decode(try PerfettoTrace.simulation(result).bytes)
        let track = try #require(decoded.children(of: "heat-soak: with \(result.withPolicy.policy)").first { $0.name == "decisions" })
        let events = decoded.events(on: track)
        #expect(events.count == log.count)
        #expect(events.allSatisfy { $0.type == "TYPE_INSTANT" })
        let changed = try #require(events.first { $0.args?["outcome"] != .string("pass") })
        guard case .list(let rules) = changed.args?["rules"] else {
            Issue.record("a changed decision has no list of rules: \(String(describing: changed.args))")
            return
        }
        #expect(!rules.isEmpty)
        #expect(Set(changed.args?.keys.map { $0 } ?? []) == ["outcome", "item", "rules", "requested mJ", "played mJ"])
        // Rules counted from the trace agree with the run's own counts.
        var byRule: [String: Int] = [:]
        for event in events { if case .list(let fired) = event.args?["rules"] { for rule in fired { byRule[rule, default: 0] += 1 } } }
        #expect(byRule == result.withPolicy.decisions.byRule)
        // The baseline passes everything and logs nothing.
        #expect(decoded.children(of: "heat-soak: policy off (baseline)").allSatisfy { $0.name != "decisions" })
    }

    @Test func aRecordedTraceHasACounterForEverySensorFanVoltageCurrentAndPowerReading() throws {
        let url = SimulationFixtures.scenarios.deletingLastPathComponent().appendingPathComponent("traces/desktop-fans.jsonl")
        let snapshots = try TraceFile.read(contentsOf: url, lenient: false).snapshots
        let result = TraceReplay.replay(snapshots, settings: SimulationFixtures.policy.classifier, name: "desktop-fans.jsonl")
        let decoded = try PerfettoDecoder.decode(try PerfettoTrace.replay(result, snapshots: snapshots).bytes)
        #expect(!decoded.unknownFields)
        let tracks = decoded.children(of: "desktop-fans.jsonl")
        let units = Dictionary(grouping: tracks.compactMap(\.unit), by: { $0 }).mapValues(\.count)
        // Temperatures sit in a group per chip, beside that chip's thresholds.
        let temperatures = Set(snapshots.flatMap(\.temperatures).filter { $0.health.isOK && $0.celsius != nil }.map(\.displayName))
        let sensors = Set(snapshots.flatMap(\.temperatures).map(\.chipName)).flatMap { chip in
            decoded.children(of: chip).filter { $0.unit == "°C" && !$0.name.hasSuffix(" threshold") }.map { "\(chip)/\($0.name)" }
        }
        #expect(Set(sensors.map { $0.replacingOccurrences(of: " (ignored)", with: "") }) == temperatures)
        #expect(units["°C"] == nil)
        #expect(units["rpm"] == Set(snapshots.flatMap(\.measurements).filter { $0.kind == .fan }.map(\.label)).count)
        #expect(units["A"] == 1)
        #expect(units["W"] == 1)
        let fan = try #require(tracks.first { $0.name == "nct6775-virtual-0/CPU fan" })
        #expect(fan.unit == "rpm")
        #expect(decoded.events(on: fan).count == snapshots.count)
        #expect(decoded.events(on: fan).first?.value == 1200)
        let tier = try #require(tracks.first { $0.name == "tier" })
        #expect(decoded.events(on: tier).filter { $0.type == "TYPE_SLICE_BEGIN" }.map(\.name).contains(result.highestTier.rawValue))
    }

    @Test func aSensorTheClassifierIgnoresIsNamedSo() throws {
        let url = SimulationFixtures.shippedTrace
        let snapshots = try TraceFile.read(contentsOf: url, lenient: false).snapshots
        let result = TraceReplay.replay(snapshots, settings: SimulationFixtures.policy.classifier, name: "heat-soak.jsonl")
        let decoded = try PerfettoDecoder.decode(try PerfettoTrace.replay(result, snapshots: snapshots).bytes)
        let names = decoded.children(of: "simulated").filter { $0.unit == "°C" && !$0.name.hasSuffix(" threshold") }.map {
            "simulated/\($0.name)"
        }
        let counted = Set(result.sensorThresholds.map(\.label))
        #expect(!counted.isEmpty && !names.isEmpty)
        for name in names {
            #expect(counted.contains(name) != name.hasSuffix(" (ignored)"), "\(name)")
        }
        let battery = try #require(decoded.children(of: "heat-soak.jsonl").first { $0.name == "battery" })
        #expect(battery.unit == "%")
        #expect(decoded.events(on: battery).count == result.samples.compactMap(\.batteryPercentage).count)
    }
}
