import Foundation
import TemperCore
import TemperSimulation
import TemperSimulationTestSupport
import TemperTestSupport
import Testing

@testable import TemperReports

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Collects the first parse error, if any.
final class StrictXMLCheck: NSObject, XMLParserDelegate {
    var error: (any Error)?
    var elements: [String] = []

    static func check(_ data: Data) -> StrictXMLCheck {
        let check = StrictXMLCheck()
        let parser = XMLParser(data: data)
        parser.delegate = check
        if !parser.parse() { check.error = check.error ?? parser.parserError ?? CocoaError(.coderReadCorrupt) }
        return check
    }

    func parser(
        _ parser: XMLParser,
        didStartElement name: String,
        namespaceURI: String?,
        qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append(name)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) { error = error ?? parseError }
}

@Suite struct ReportTests {
    static func shortScenario() throws -> SimulationSetup {
        var scenario = try SimulationFixtures.setup("heat-soak").scenario
        scenario.durationSeconds = 20 * 60
        scenario.timeStepSeconds = 0.5
        return try SimulationFixtures.setup(scenario)
    }

    /// Every report folder: index.html parses as XHTML, each SVG (inline and on disk) as XML, nothing reaches out.
    static func checkFolder(_ directory: URL, charts: Bool = true) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(files.contains("index.html"))
        #expect(files.contains("report.md"))
        #expect(files.contains("data.json"))
        let html = try Data(contentsOf: directory.appendingPathComponent("index.html"))
        let page = StrictXMLCheck.check(html)
        #expect(page.error == nil, "index.html: \(String(describing: page.error))")
        #expect(page.elements.first == "html")
        #expect(page.elements.contains("svg") == charts)
        let text = String(decoding: html, as: UTF8.self)
        // The one script is the timeline's, inline, on a page with a timeline; it fetches nothing.
        let scripts = text.components(separatedBy: "<script").count - 1
        #expect(scripts == (text.contains("class=\"timeline\"") ? 1 : 0))
        for call in ["fetch(", "XMLHttpRequest", "import(", "src="] {
            #expect(!text.contains("<script>") || !Timeline.script.contains(call), "\(call)")
        }
        let external = text.components(separatedBy: "http").dropFirst().filter {
            !$0.hasPrefix("://www.w3.org/2000/svg") && !$0.hasPrefix("://www.w3.org/1999/xhtml")
        }
        #expect(external.isEmpty, "index.html must not reference the network")
        for file in files where file.hasSuffix(".svg") {
            let svg = StrictXMLCheck.check(try Data(contentsOf: directory.appendingPathComponent(file)))
            #expect(svg.error == nil, "\(file): \(String(describing: svg.error))")
            #expect(svg.elements.first == "svg")
        }
        let markdown = try String(contentsOf: directory.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdown.hasPrefix("# "))
        for file in files where file.hasSuffix(".svg") { #expect(markdown.contains("(\(file))"), "report.md links \(file)") }
    }

    @Test func simulationReportIsSelfContainedAndParses() async throws {
        let result = await SimulationFixtures.run(try Self.shortScenario())
        let directory = TemporaryFolder.uniquePath()
        defer { try? FileManager.default.removeItem(at: directory) }
        try SimulationReport.write(result, to: directory)
        try Self.checkFolder(directory)
        let data = try Data(contentsOf: directory.appendingPathComponent("data.json"))
        #expect(try JSONDecoder().decode(SimulationResult.self, from: data) == result)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.contains("timeline.svg"))
        #expect(files.contains("energy-by-kind.svg"))
        #expect(files.contains("energy-by-pattern.svg"))
        #expect(files.contains { $0.hasPrefix("power-") })
        // What the policy played instead is drawn over the pattern it replaced: one power chart per pattern.
        #expect(!result.withPolicy.playedVariants.isEmpty)
        #expect(files.filter { $0.hasPrefix("power-") }.count == result.items.count)
        let html = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
        for variant in result.withPolicy.playedVariants {
            let form = variant.name.components(separatedBy: ", ").dropFirst().joined(separator: ", ")
            #expect(html.contains(Markup.escape(form)), "\(form) is drawn and tabled")
        }
    }

    @Test func writingTwiceGivesTheSameBytes() async throws {
        let result = await SimulationFixtures.run(try Self.shortScenario())
        let first = TemporaryFolder.uniquePath()
        let second = TemporaryFolder.uniquePath()
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        try SimulationReport.write(result, to: first)
        try SimulationReport.write(result, to: second)
        for file in try FileManager.default.contentsOfDirectory(atPath: first.path) {
            #expect(
                try Data(contentsOf: first.appendingPathComponent(file)) == Data(contentsOf: second.appendingPathComponent(file)),
                "\(file)"
            )
        }
    }

    @Test func patternEnergyReportIsSelfContainedAndParses() throws {
        let estimator = SimulationFixtures.energy.estimator
        let directory = TemporaryFolder.uniquePath()
        defer { try? FileManager.default.removeItem(at: directory) }
        let entries: [PatternScore] = [
            PatternScore(
                path: "Examples/patterns/ring-explosion.ahap",
                estimate: estimator.estimate(SimulationFixtures.pattern(named: "ring-explosion.ahap"))
            ),
            PatternScore(
                path: "Examples/patterns/heavy-decay.ahap",
                estimate: estimator.estimate(SimulationFixtures.pattern(named: "heavy-decay.ahap")),
                warnings: ["Pattern[2]: a <warning> & more"],
                budgetMillijoules: 1
            ),
            PatternScore(path: "broken.ahap", error: "broken.ahap: not JSON"),
        ]
        try PatternEnergyReport.write(results: entries, device: "phone", budgetMillijoules: 1, to: directory)
        try Self.checkFolder(directory)
        let html = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("a &lt;warning&gt; &amp; more"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("power-") }.count == 2)
    }

    @Test func traceReportIsSelfContainedAndParses() throws {
        let snapshots = try TraceFile.read(contentsOf: SimulationFixtures.shippedTrace).snapshots
        let result = TraceReplay.replay(snapshots, settings: SimulationFixtures.policy.classifier, name: "heat-soak.jsonl")
        let directory = TemporaryFolder.uniquePath()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TraceReport.write(result, to: directory)
        try Self.checkFolder(directory)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.contains("timeline.svg"))
    }
}
