import Foundation
import TemperCore
import TemperSimulation
import TemperTestSupport
import Testing

@testable import TemperReports

/// Issue 32: every figure of the checked-in heat-soak report agrees with its `data.json` and its headline. The
/// report is rebuilt from `data.json` alone, so no number in `report.md`, `index.html` or a chart comes from
/// anywhere else; then the headline's numbers and the per-pattern table are read back and checked against it.
@Suite struct ExampleReportFiguresTests {
    static let folder = PackagePaths.root.appendingPathComponent("Reports/examples/heat-soak")

    static func data() throws -> SimulationResult {
        try TemperJSON.decoder().decode(SimulationResult.self, from: Data(contentsOf: folder.appendingPathComponent("data.json")))
    }

    static func markdown() throws -> String {
        try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
    }

    /// The numbers in `text`, in order, as written (a minus sign read as one).
    static func numbers(in text: String) -> [Double] {
        let normalised = text.replacingOccurrences(of: "−", with: "-")
        let pattern = try! NSRegularExpression(pattern: #"-?\d+(\.\d+)?"#)
        return pattern.matches(in: normalised, range: NSRange(normalised.startIndex..., in: normalised)).compactMap {
            Range($0.range, in: normalised).flatMap { Double(normalised[$0]) }
        }
    }

    /// The first number after `label` in `text`.
    static func number(after label: String, in text: String) throws -> Double {
        let range = try #require(text.range(of: label), "'\(label)' in \(text)")
        return try #require(numbers(in: String(text[range.upperBound...])).first)
    }

    @Test func theReportIsRebuiltByteForByteFromItsDataAlone() throws {
        let result = try Self.data()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("temper-report-figures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        try SimulationReport.write(result, to: output)
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        #expect(files == (try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()))
        for file in files {
            let shipped = try Data(contentsOf: Self.folder.appendingPathComponent(file))
            let rebuilt = try Data(contentsOf: output.appendingPathComponent(file))
            #expect(shipped == rebuilt, "\(file) holds something data.json does not")
        }
    }

    @Test func theHeadlinesNumbersAreTheRunsAndItsCausesTheRunWithoutFeedbacks() throws {
        let result = try Self.data()
        let markdown = try Self.markdown()
        let headline = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("**") }).trimmingCharacters(
            in: .init(charactersIn: "*")
        )
        #expect(headline == SimulationHeadline(result: result).sentence)
        let (policy, baseline) = (result.withPolicy, result.baseline)
        let saved = (baseline.playedEnergy.totalMillijoules - policy.playedEnergy.totalMillijoules) / 1000
        #expect(abs(try Self.number(after: "The policy saved ", in: headline) - saved) < 0.005 * max(1, saved))
        // "kept the peak hotspot 0.7 °C cooler", or, when feedback is a small share of the heat, "moved by only −0.1 °C".
        let moved =
            headline.contains("kept the peak hotspot ")
            ? try Self.number(after: "kept the peak hotspot ", in: headline)
            : abs(try Self.number(after: "the peak hotspot moved by only ", in: headline))
        #expect(abs(moved - abs(policy.peakHotspotCelsius - baseline.peakHotspotCelsius)) < 0.051)
        #expect(abs(try Self.number(after: "the battery ended at ", in: headline) - policy.batteryEndPercentage) < 0.051)
        // Each cause is the run without feedback's: where it went decides which sentence is said.
        let alone = try #require(result.withoutFeedback)
        #expect(
            abs(try Self.number(after: "run without any feedback, the device peaks at ", in: headline) - alone.peakHotspotCelsius) < 0.051
        )
        if policy.highestTier >= .serious {
            #expect(headline.contains("the workload alone takes the device to") == (alone.highestTier >= policy.highestTier))
            #expect(headline.contains("feedback tips the device over") == (alone.highestTier < policy.highestTier))
        }
        // A difference inside what the assumed figures move is said so, as the sensitivity table has it.
        let sensitivity = try #require(result.sensitivity)
        let peaks = sensitivity.range(\.peakHotspotCelsius)
        let hot = sensitivity.range(\.hotSeconds)
        let change = policy.peakHotspotCelsius - baseline.peakHotspotCelsius
        let hotChange = sensitivity.nominal.hotSeconds - sensitivity.nominal.baselineHotSeconds
        let inside =
            (abs(change) >= 0.005 && abs(change) < peaks.upperBound - peaks.lowerBound)
            || (abs(hotChange) >= 0.5 && abs(hotChange) < hot.upperBound - hot.lowerBound)
        #expect(headline.contains("The policy's difference is inside the model's uncertainty") == inside)
    }

    @Test("the energy-per-pattern table is the chart's numbers, and its savings add up to the headline's")
    func thePerPatternTableAgreesWithTheDataAndTheHeadline() throws {
        let result = try Self.data()
        let markdown = try Self.markdown()
        let lines = markdown.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("| pattern | requests | own price (J)") })
        let rows = lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(rows.count == result.withPolicy.energyByItem.count)
        let baseline = Dictionary(uniqueKeysWithValues: result.baseline.energyByItem.map { ($0.name, $0) })
        var savedSum = 0.0
        for (row, item) in zip(rows, result.withPolicy.energyByItem) {
            let cells = row.dropFirst().map { Double($0.replacingOccurrences(of: "−", with: "-")) }
            #expect(row[0] == item.name)
            let other = try #require(baseline[item.name])
            let expected = [
                Double(item.requests), item.requestedMillijoules / 1000, other.playedMillijoules / 1000, item.playedMillijoules / 1000,
                (other.playedMillijoules - item.playedMillijoules) / 1000, (item.requestedMillijoules - other.playedMillijoules) / 1000,
            ]
            for (cell, value) in zip(cells, expected) {
                #expect(abs((cell ?? .nan) - value) <= 0.005 + 1e-9, "\(item.name): \(String(describing: cell)) against \(value)")
            }
            savedSum += (other.playedMillijoules - item.playedMillijoules) / 1000
        }
        let headlineSaved = (result.baseline.playedEnergy.totalMillijoules - result.withPolicy.playedEnergy.totalMillijoules) / 1000
        #expect(abs(savedSum - headlineSaved) < 0.001)
        #expect(
            abs(try Self.number(after: "Over all patterns the policy saved ", in: markdown) - headlineSaved) < 0.005 * max(1, headlineSaved)
        )
        // The chart names what it shows as the table does: nothing "saved" that the baseline never played either.
        let chart = try String(contentsOf: Self.folder.appendingPathComponent("energy-by-pattern.svg"), encoding: .utf8)
        #expect(chart.contains("saved by the policy") && chart.contains("not paid in either run"))
    }

    @Test func theHTMLShowsTheSameNumbersAsTheMarkdown() throws {
        let markdown = try Self.markdown()
        let html = try String(contentsOf: Self.folder.appendingPathComponent("index.html"), encoding: .utf8)
        // Every table cell and the headline of report.md appear in the page's text, in the same order.
        var cursor = html.startIndex
        for line in markdown.split(separator: "\n") where line.hasPrefix("|") && !line.hasPrefix("| ---") {
            for cell in line.split(separator: "|").map({ $0.trimmingCharacters(in: .whitespaces) }) where !cell.isEmpty {
                let found = try #require(
                    html.range(of: Markup.escape(cell), range: cursor..<html.endIndex),
                    "'\(cell)' missing from index.html"
                )
                cursor = found.upperBound
            }
        }
        let headline = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("**") }).trimmingCharacters(
            in: .init(charactersIn: "*")
        )
        #expect(html.contains(Markup.escape(headline)))
    }

}
