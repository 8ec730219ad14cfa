import Foundation
import TemperCore
import TemperSimulation
import TemperSimulationTestSupport
import TemperTestSupport
import Testing

@testable import TemperReports

/// Issue 38, item 2: a timeline you can read values off. The page carries what the hover readout needs (each
/// plot's scale, each strip's spans, each change's reason); threshold labels are listed under their plot, never on
/// the data; a line two channels both measured is drawn once; the tier strip's times are the tier table's.
struct TimelineReadingTests {
    /// The value of `attribute` in the first element of `svg` that has class `className`.
    static func attribute(_ attribute: String, of className: String, in svg: String) throws -> String {
        let element = try #require(svg.range(of: "class=\"\(className)\"")).upperBound
        let start = try #require(svg.range(of: "\(attribute)=\"", range: element..<svg.endIndex)).upperBound
        let end = try #require(svg[start...].firstIndex(of: "\""))
        return String(svg[start..<end])
    }

    @Test func eachPlotSaysItsScaleAndEachChangeItsTimeForTheHoverReadout() throws {
        let result = try VerdictTests.workstation()
        let svg = TraceTimeline.timeline(for: result).render()
        #expect(try Self.attribute("data-name", of: "tl-lane", in: svg) == "Temperatures")
        #expect(try Self.attribute("data-unit", of: "tl-lane", in: svg) == "°C")
        let low = try #require(Double(try Self.attribute("data-ylow", of: "tl-lane", in: svg)))
        let high = try #require(Double(try Self.attribute("data-yhigh", of: "tl-lane", in: svg)))
        #expect(low < 40 && high >= 99.9)
        #expect(try Self.attribute("data-name", of: "tl-strip", in: svg) == "tier")
        #expect(svg.components(separatedBy: "class=\"tl-mark\"").count - 1 == result.transitions.count)
        #expect(Timeline.script.contains("tl-hover"))
    }

    @Test func thresholdLabelsAreListedUnderThePlotNotOnTheData() throws {
        let svg = TraceTimeline.timeline(for: try VerdictTests.workstation()).render()
        let bottom = try #require(Double(try Self.attribute("data-bottom", of: "tl-lane", in: svg)))
        var labels = 0
        for piece in svg.components(separatedBy: "<text ").dropFirst()
        where piece.contains(">fair 70 °C") || piece.contains(">serious 80 °C") {
            let y = try #require(piece.range(of: "y=\"")).upperBound
            let value = try #require(Double(piece[y...].prefix { $0 != "\"" }))
            #expect(value > bottom, "a threshold label at y \(value) lies on the plot (bottom \(bottom))")
            labels += 1
        }
        #expect(labels >= 2)
    }

    @Test func twoChannelsWithTheSameReadingsAreOneLineNamedForBoth() throws {
        var result = try VerdictTests.workstation()
        for index in result.samples.indices {
            let package = try #require(result.samples[index].channels.first { $0.channel == "intel-rapl/package-0" })
            result.samples[index].channels.append(ChannelValue(quantity: .power, channel: "battery", value: package.value))
        }
        let power = try #require(TraceTimeline.timeline(for: result).lanes.first { $0.title == "Power" })
        #expect(power.series.map(\.name) == ["amdgpu-pci-0300/PPT", "intel-rapl/package-0 = battery"])
    }

    @Test func theTierStripStartsEachTierWhenTheTierTableSaysItChanged() throws {
        let result = try VerdictTests.workstation()
        let fair = try #require(result.transitions.first { $0.to == .fair })
        #expect(ClockText.format(fair.timeSeconds) == "2:00")
        let svg = TraceTimeline.timeline(for: result).render()
        #expect(svg.contains("tier: fair, 2:00–2:20"), "the strip's tooltip")
        let spans = TraceTimeline.tierSpans(result, time: TimeAxis(durationSeconds: result.durationSeconds))
        for tier in Tier.allCases {
            let seconds = spans.filter { $0.label == tier.rawValue }.map { ($0.to - $0.from) * 60 }.reduce(0, +)
            #expect(
                abs(seconds - result.tierSeconds[tier]) < 1e-6,
                "\(tier): the strip's \(seconds) s, the table's \(result.tierSeconds[tier]) s"
            )
        }
    }
}
