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

    /// Heat-soak as issue 32 found it: both runs at serious for about 1:50, and a run without any feedback that
    /// reaches `alone` at a peak of `peak`.
    static func bothSerious(alone: Tier?, peak: Double = 50.2) -> SimulationResult {
        var result = HeadlineFigureTests.heatSoak
        for run in [\SimulationResult.withPolicy, \SimulationResult.baseline] {
            result[keyPath: run].transitions = [
                .init(timeSeconds: 535, from: .nominal, to: .fair, lowPower: false, reasons: []),
                .init(timeSeconds: 1150, from: .fair, to: .serious, lowPower: false, reasons: []),
            ]
        }
        result.baseline.tierSeconds.serious = 111
        result.withPolicy.tierSeconds.serious = 109
        result.withoutFeedback = alone.map {
            FeedbackFreeRun(highestTier: $0, peakHotspotCelsius: peak, peakInternalCelsius: 55, endSeconds: 1200)
        }
        return result
    }

    @Test("the workload alone is said to take the device there only when the run without feedback gets there")
    func theWorkloadAloneIsComputedFromTheRunWithoutFeedback() {
        let alone = SimulationHeadline(result: Self.bothSerious(alone: .serious, peak: 51.4)).sentence
        #expect(
            alone.contains("the workload alone takes the device to serious: run without any feedback, it reaches serious too"),
            "\(alone)"
        )
        #expect(!alone.contains("tips"))
        let tipped = SimulationHeadline(result: Self.bothSerious(alone: .fair)).sentence
        #expect(
            tipped.contains("feedback tips the device over: run without any, it peaks at 50.2 °C and goes no further than fair"),
            "\(tipped)"
        )
        #expect(!tipped.contains("workload alone"))
        // The feedback's effect on the peak is the baseline's peak less the run without feedback's: 53.05 − 50.2.
        #expect(
            tipped.contains("run without any feedback, the device peaks at 50.2 °C, 2.9 °C below the baseline's peak hotspot"),
            "\(tipped)"
        )
        let unknown = SimulationHeadline(result: Self.bothSerious(alone: nil)).sentence
        #expect(!unknown.contains("workload alone") && !unknown.contains("tips"))
        #expect(unknown.contains("no run without feedback was made, so what takes the device to serious is not known"), "\(unknown)")
    }

    @Test("a difference smaller than what the assumed figures move is said to be inside them")
    func aDifferenceInsideTheSensitivityRangeIsSaidInWords() throws {
        var result = Self.bothSerious(alone: .fair)
        let outcome = { (hot: Double, peak: Double) in
            var copy = SensitivityOutcome(result)
            copy.hotSeconds = hot
            copy.peakHotspotCelsius = peak
            return copy
        }
        let row = { (lower: SensitivityOutcome, upper: SensitivityOutcome) in
            SensitivityRow(figure: .hotspotWeight, value: 0.5, lowerValue: 0.35, upperValue: 0.65, lower: lower, upper: upper)
        }
        result.sensitivity = Sensitivity(step: 0.3, nominal: SensitivityOutcome(result), rows: [row(outcome(0, 50.1), outcome(225, 52.8))])
        let sentence = SimulationHeadline(result: result).sentence
        #expect(
            sentence.contains(
                "The policy's difference is inside the model's uncertainty: moving each assumed thermal figure ±30 % moves the time in serious "
                    + "and critical with the policy from 0:00 to 3:45, against the policy's −0:02; and the peak hotspot with the policy "
                    + "from 50.1 °C to 52.8 °C, against the policy's −0.7 °C."
            ),
            "\(sentence)"
        )
        // Figures that barely move leave the difference standing: nothing is said.
        result.sensitivity = Sensitivity(
            step: 0.3,
            nominal: SensitivityOutcome(result),
            rows: [row(outcome(109, 52.3), outcome(110, 52.33))]
        )
        #expect(!SimulationHeadline(result: result).sentence.contains("uncertainty"))
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
