import Foundation
import TemperCore
import TemperSimulation
import TemperSimulationTestSupport
import Testing

@testable import TemperReports

/// What a reader of a report should take away without doing the arithmetic: the headline, the thresholds, the
/// battery, the patterns drawn at their own scale, and text that stays legible on a phone.
@Suite struct ReportStoryTests {
    static func shortRun(_ name: String, minutes: Double = 20) async throws -> SimulationResult {
        var scenario = try Scenario.load(contentsOf: SimulationFixtures.scenarios.appendingPathComponent("\(name).yaml"))
        scenario.durationSeconds = minutes * 60
        return await SimulationFixtures.run(try SimulationFixtures.setup(scenario))
    }

    static func svgs(_ document: ReportDocument) -> [String: String] {
        Dictionary(uniqueKeysWithValues: document.charts.map { ($0.file, $0.svg) })
    }

    @Test func theHeadlineComesFirstAndNamesWhatThePolicySaved() async throws {
        let result = try await SimulationFixtures.heatSoak.value
        let document = SimulationReport.document(for: result)
        guard case .headline(let sentence) = document.blocks.first else {
            Issue.record("the report does not open with a headline")
            return
        }
        let headline = SimulationHeadline(result: result)
        #expect(headline.savedMillijoules > 0)
        #expect(sentence.contains(ReportNumber.energy(millijoules: headline.savedMillijoules)))
        #expect(sentence.contains("\(ReportNumber.fixed(headline.savedFraction * 100, 0)) %"))
        #expect(sentence.contains("peak hotspot"))
        #expect(sentence.contains("serious and critical"))
        #expect(sentence.contains(ReportNumber.percent(result.withPolicy.batteryEndPercentage)))
        // Whichever side of 5 % of the heat feedback falls, the sentence says so.
        let small = headline.feedbackShare < SimulationHeadline.smallShare
        #expect(sentence.contains("feedback is a small share of the heat") == small)
        #expect(sentence.contains("Feedback was") == !small)
        // The change in peak is the difference of the unrounded peaks, rounded once.
        #expect(sentence.contains("\(SimulationHeadline.temperatureChange(headline.hotspotChange, signed: false)) °C"))
    }

    @Test func whenFeedbackIsASmallShareOfTheHeatTheHeadlineSaysWhatAllOfItDidToThePeak() async throws {
        // The whole 40 minutes: the policy only acts once the cabin has heated.
        let result = try await Self.shortRun("summer-car", minutes: 40)
        let headline = SimulationHeadline(result: result)
        let heat = result.headline.heat
        // Every heat source counts, the charger's loss included.
        #expect(heat.chargerLossJoules > 1000)
        let all = heat.workloadJoules + heat.chargerLossJoules + heat.feedbackJoules
        #expect(abs(headline.feedbackShare - heat.feedbackJoules / all) < 1e-12)
        #expect(headline.feedbackShare < SimulationHeadline.smallShare)
        #expect(headline.sentence.contains("feedback is a small share of the heat"))
        // What all of it did to the peak is the run without any feedback's, not a guess from the share.
        let alone = try #require(result.withoutFeedback)
        let added = result.baseline.peakHotspotCelsius - alone.peakHotspotCelsius
        #expect(
            headline.sentence.contains(
                "run without any feedback, the device peaks at \(ReportNumber.celsius(alone.peakHotspotCelsius)), "
                    + "\(SimulationHeadline.temperatureChange(added, signed: false)) °C \(added >= 0 ? "below" : "above")"
            ),
            "\(headline.sentence)"
        )
        #expect(headline.sentence.contains(SimulationHeadline.share(headline.feedbackShare)))
        #expect(headline.sentence.contains("the charger's loss \(ReportNumber.energy(millijoules: heat.chargerLossJoules * 1000))"))
    }

    @Test func theTimelineDrawsTheThresholdsAndBothRuns() async throws {
        let result = try await SimulationFixtures.heatSoak.value
        let skin = try #require(result.thresholds?.sensor("skin"))
        let svg = try #require(Self.svgs(SimulationReport.document(for: result))["timeline.svg"])
        for tier in [Tier.fair, .serious, .critical] {
            #expect(svg.contains(">\(tier) \(ReportNumber.coordinate(skin.entry.entry(of: tier)!)) °C</text>"), "\(tier) entry")
            #expect(svg.contains("is left only below \(ReportNumber.celsius(skin.exit.entry(of: tier)!))"), "\(tier) exit")
        }
        #expect(svg.contains(">internal, baseline</text>"))
        #expect(svg.contains(">with policy</text>") && svg.contains(">baseline</text>"), "a tier strip for each run")
        // Feedback's power by component: the audio lane adds up to the audio energy that played.
        #expect(svg.contains(">haptics</text>") && svg.contains(">audio</text>"))
        let run = result.withPolicy
        let audioJoules = run.timeline.map { $0.audioMilliwatts * run.sampleIntervalSeconds / 1000 }.reduce(0, +)
        #expect(abs(audioJoules - run.playedEnergy.audioMillijoules / 1000) < 0.01 * run.playedEnergy.audioMillijoules / 1000 + 0.01)
        // Each moment the policy changed requests is a mark whose tooltip gives the outcome and the rules.
        let marks = svg.components(separatedBy: "<title>").dropFirst().map { $0.prefix { $0 != "<" } }.filter {
            $0.contains(" at serious: ") || $0.contains(" at fair: ")
        }
        let rules = Set(result.withPolicy.decisions.byRule.keys)
        #expect(!marks.isEmpty)
        #expect(marks.contains { mark in rules.contains { mark.contains("(\($0)") } }, "\(marks.prefix(3))")
        // Thresholds are dotted; data lines are solid or dashed, never dotted.
        #expect(svg.contains("stroke-dasharray=\"2 3\""))
    }

    @Test func theTraceReportDrawsTheThresholdsOfTheSensorsItComesNear() throws {
        let snapshots = try TraceFile.read(contentsOf: SimulationFixtures.shippedTrace).snapshots
        let result = TraceReplay.replay(snapshots, settings: SimulationFixtures.policy.classifier, name: "heat-soak.jsonl")
        let skin = try #require(result.sensorThresholds.first { $0.label == "simulated/skin" }?.thresholds)
        let svg = try #require(Self.svgs(TraceReport.document(for: result))["timeline.svg"])
        #expect(svg.contains(">critical \(ReportNumber.coordinate(skin.entry.critical)) °C</text>"))
        #expect(svg.contains("fair is left only below \(ReportNumber.celsius(skin.exit.fair))"))
        // The internal sensor stays far below its own thresholds: drawing them would squash the chart.
        let internalSensor = try #require(result.sensorThresholds.first { $0.label == "simulated/internal" }?.thresholds)
        #expect(!svg.contains(">critical \(ReportNumber.coordinate(internalSensor.entry.critical)) °C"))
    }

    @Test func theBatteryLaneShowsLowPowerAndItsThreshold() async throws {
        let commute = try await Self.shortRun("commute-battery")
        #expect(commute.withPolicy.tierSeconds.lowPower > 0)
        let svg = try #require(Self.svgs(SimulationReport.document(for: commute))["timeline.svg"])
        #expect(svg.contains("<title>low power with the policy</title>"))
        #expect(svg.contains(">low 20 %</text>"))
    }

    @Test func aShortTapIsDrawnOnItsOwnTimeScaleWithTheIdleTailNamed() {
        let tap = (0...400).map { PowerSample(timeSeconds: Double($0) * 0.005, milliwatts: $0 < 10 ? 180 : 2.4) }
        let chart = PowerChart(title: "Power of tap", curves: [.init(name: "tap", series: tap, durationSeconds: 0.048)]).chart()
        #expect(chart.xLabel == "milliseconds")
        #expect(chart.xDomain.map { $0.high <= 60 } == true)
        let svg = chart.render()
        #expect(svg.contains("until 2.00 s"))
        #expect(!svg.contains(">as written</text>"), "one curve needs no legend")
    }

    @Test func clippedSpansAreShadedAndNamed() {
        let series = (0...100).map { PowerSample(timeSeconds: Double($0) * 0.01, milliwatts: 500) }
        var power = PowerChart(title: "Power of rumble", curves: [.init(name: "rumble", series: series, durationSeconds: 1)])
        power.clipped = [.init(from: 0.2, to: 0.4)]
        let svg = power.chart().render()
        #expect(svg.contains("fill=\"\(PowerChart.clippedColor)\""))
        #expect(svg.contains(">clipped</text>"))
    }

    @Test func theScoreChartDrawsTheBudget() {
        var chart = BarChart(
            title: "t",
            unit: "mJ",
            segmentNames: ["a", "b"],
            segmentColors: ["#000", "#111"],
            bars: [.init(label: "p", values: [100, 50])]
        )
        chart.limit = .init(value: 400, label: "budget 400 mJ")
        let svg = chart.render()
        #expect(svg.contains(">budget 400 mJ</text>"))
        #expect(svg.contains(">400</text>"), "the axis reaches the budget")
    }

    @Test func everyChartIsLaidOutForPhonesWithLegibleText() async throws {
        let result = try await SimulationFixtures.heatSoak.value
        let html = SimulationReport.document(for: result).html()
        let wide = html.components(separatedBy: "<div class=\"wide\">").count - 1
        let narrow = html.components(separatedBy: "<div class=\"narrow\">").count - 1
        #expect(wide > 0 && wide == narrow)
        #expect(html.contains("viewBox=\"0 0 \(ReportNumber.coordinate(ReportDocument.narrowChartWidth)) "))
        let sizes = html.components(separatedBy: "font-size=\"").dropFirst().compactMap { Double($0.prefix { $0 != "\"" }) }
        #expect(!sizes.isEmpty)
        #expect(sizes.allSatisfy { $0 >= ChartText.small })
        #expect(html.contains("<div class=\"scroll\"><table>"))
    }

    @Test func theReportDefinesTheOutcomesAndTheRulesItNames() async throws {
        let result = try await SimulationFixtures.heatSoak.value
        let markdown = SimulationReport.document(for: result).markdown()
        for outcome in ["pass", "rewritten", "fallback", "dropped"] { #expect(markdown.contains("- **\(outcome)**: "), "\(outcome)") }
        for rule in result.withPolicy.decisions.byRule.keys {
            #expect(Glossary.rules.contains { $0.term == rule }, "the glossary knows \(rule)")
            #expect(markdown.contains("- **\(rule)**: "), "\(rule)")
        }
    }

    @Test func summedTotalsPrintAsPeopleReadThem() async throws {
        let result = try await Self.shortRun("summer-car")
        let encoder = JSONEncoder()
        let json = String(decoding: try encoder.encode(result), as: UTF8.self)
        // Shortest representation of values rounded to the millisecond or 1/1000 %: no 406.99999999998545.
        let long = json.split(whereSeparator: { !"0123456789.".contains($0) }).filter { token in
            token.firstIndex(of: ".").map { token[$0...].count > 7 } ?? false
        }
        let suspicious = long.filter { $0.contains("0000000") || $0.contains("9999999") }
        #expect(suspicious.isEmpty, "\(suspicious)")
    }
}
