import Foundation
import TemperCore
import TemperSimulation
import TemperSimulationTestSupport
import TemperTestSupport
import Testing

@testable import TemperReports

/// Issue 22, findings 1–3: a report opens with what happened, why and what to do, the largest difference first;
/// a trace report names the sensor behind each tier; thresholds are drawn once per group of sensors that share
/// them; the trace's power, fans, voltages and currents get lanes.
@Suite struct VerdictTests {
    /// The phone of issue 22: without the policy it reached critical for 0:48; with it, serious at most.
    static func phone() -> SimulationResult {
        var baseline = HeadlineFigureTests.heatSoak.baseline
        baseline.transitions = [
            .init(timeSeconds: 600, from: .nominal, to: .serious, lowPower: false, reasons: []),
            .init(timeSeconds: 900, from: .serious, to: .critical, lowPower: false, reasons: []),
        ]
        baseline.tierSeconds.critical = 48
        var policy = HeadlineFigureTests.heatSoak.withPolicy
        policy.transitions = [.init(timeSeconds: 640, from: .nominal, to: .serious, lowPower: false, reasons: [])]
        return HeadlineFigureTests.result(policy: policy, baseline: baseline)
    }

    @Test func theSimulationHeadlineLeadsWithTheTierTheBaselineReachedNotTheDegrees() throws {
        let sentence = SimulationHeadline(result: Self.phone()).sentence
        #expect(sentence.hasPrefix("Without the policy the phone reached critical for 0:48; with it, never"), "\(sentence)")
        // "0.7 °C cooler" and the battery come after the tiers, and the sentence ends with what to do.
        let tiers = try #require(sentence.range(of: "reached critical"))
        let degrees = try #require(sentence.range(of: "0.7 °C cooler"))
        #expect(tiers.lowerBound < degrees.lowerBound)
        #expect(sentence.contains("What to do: keep the policy on"), "\(sentence)")
        let table = SimulationHeadline(result: Self.phone()).table
        #expect(table.rows.first == ["highest tier", "serious", "critical", ""], "the table's first row is the tier")
    }

    @Test func whenNeitherRunLeftNominalTheHeadlineSaysTheGainIsEnergy() {
        let sentence = SimulationHeadline(result: HeadlineFigureTests.heatSoak).sentence
        #expect(sentence.hasPrefix("Neither run left nominal"), "\(sentence)")
        #expect(sentence.hasSuffix("Nothing to do: neither run got hot enough for the policy to matter."), "\(sentence)")
    }

    static func workstation() throws -> TraceResult {
        let url = PackagePaths.root.appendingPathComponent("Examples/traces/workstation-16.jsonl")
        return TraceReplay.replay(
            try TraceFile.read(contentsOf: url).snapshots,
            settings: Policy.default.classifier,
            name: "workstation-16.jsonl"
        )
    }

    @Test func theTraceVerdictNamesTheSensorTheTierAndHowLong() throws {
        let result = try Self.workstation()
        #expect(result.highestTier == .critical)
        let verdict = TraceVerdict(result)
        let driver = try #require(verdict.driver(of: .critical))
        #expect(driver.sensor == "coretemp-isa-0000/Package id 0")
        #expect(
            verdict.sentence.hasPrefix("The host reached critical for \(ClockText.format(result.tierSeconds.critical))"),
            "\(verdict.sentence)"
        )
        #expect(verdict.sentence.contains("driven by coretemp-isa-0000/Package id 0 (peak "), "\(verdict.sentence)")
        #expect(verdict.sentence.contains("What to do:"))
        #expect(verdict.sentence.contains("nct6798-isa-0290/AUXTIN3"), "the ignored sensor is named")
        let markdown = TraceReport.document(for: result).markdown()
        #expect(markdown.contains("| critical | \(ClockText.format(result.tierSeconds.critical)) | coretemp-isa-0000/Package id 0 ("))
    }

    @Test func fiveSensorsSharingTheirLimitsGetOneSetOfThresholdLines() throws {
        let result = try Self.workstation()
        let svg = try #require(TraceReport.document(for: result).charts.first { $0.file == "timeline.svg" }?.svg)
        // Issue 22 counted about 20 labels for five coretemp sensors; one group, one label per tier.
        let labels = svg.components(separatedBy: ">serious 80 °C").count - 1
        #expect(labels == 1, "\(labels) serious labels")
        #expect(svg.contains("for coretemp-isa-0000/Package id 0, coretemp-isa-0000/Core 0"))
        #expect(svg.contains(">nct6798-isa-0290/AUXTIN3 (ignored)</text>"), "the ignored sensor is labelled")
        #expect(svg.contains("stroke=\"#bdbdbd\""), "and greyed")
    }

    @Test func aTracesPowerFansVoltagesAndCurrentsGetLanes() throws {
        let url = PackagePaths.root.appendingPathComponent("Examples/traces/desktop-fans.jsonl")
        let result = TraceReplay.replay(
            try TraceFile.read(contentsOf: url).snapshots,
            settings: Policy.default.classifier,
            name: "desktop-fans.jsonl"
        )
        let svg = try #require(TraceReport.document(for: result).charts.first?.svg)
        for lane in ["Power (W)", "Fans (rpm)", "Voltages (V)", "Currents (A)"] { #expect(svg.contains(">\(lane)</text>"), "\(lane)") }
        #expect(svg.contains(">nct6775-virtual-0/CPU fan</text>"))
    }

    @Test func aChangeOfLowPowerAloneIsNotNominalToNominal() {
        let transition = TierTransition(timeSeconds: 0, from: .nominal, to: .nominal, lowPower: true, reasons: [])
        #expect(TraceReport.change(transition) == "low power on (nominal)")
    }
}
