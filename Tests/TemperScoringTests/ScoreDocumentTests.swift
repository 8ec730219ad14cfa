import Foundation
import TemperCore
import TemperScoring
import TemperTestSupport
import Testing

/// `temper score --format json` streams its document a pattern at a time; what it streams is the library's
/// encoding of the whole report, byte for byte (issue 20: the stream wrote the score schema a second time by hand).
@Suite struct ScoreDocumentTests {
    static func streamed(_ report: ScoreReport, device: DeviceProfile) throws -> Data {
        var stream = try ScoreDocumentStream(device: device, budgetMillijoules: report.budgetMillijoules)
        var data = stream.header
        for score in report.patterns { data.append(try stream.element(score)) }
        data.append(try stream.end(report.summary))
        return data
    }

    static func scored(budget: Double?, powerSeries: Bool) -> ScoreReport {
        let folder = PackagePaths.root.appendingPathComponent("Examples/patterns").path
        let paths =
            PatternFiles.collect([folder]) + [
                PackagePaths.root.appendingPathComponent("Examples/formats").path + "/door-knock.haptic", folder + "/no-such-pattern.ahap",
            ]
        let scorer = PatternScorer(
            estimator: EnergyEstimator(profile: .referencePhone, options: .init(maxSeriesPoints: powerSeries ? 50 : 0)),
            budgetMillijoules: budget
        )
        return scorer.report(paths, device: .referencePhone)
    }

    @Test(arguments: [(nil, false), (10.0, true)] as [(Double?, Bool)])
    func theStreamIsTheWholeDocumentByteForByte(budget: Double?, powerSeries: Bool) throws {
        let report = Self.scored(budget: budget, powerSeries: powerSeries)
        #expect(report.summary.errors == 1 && report.summary.ok + report.summary.overBudget >= 8)
        if budget != nil { #expect(report.summary.overBudget > 0) }
        let whole = try ScoreDocument.encoded(report)
        let streamed = try Self.streamed(report, device: .referencePhone)
        #expect(streamed == whole, "\(String(decoding: streamed.prefix(400), as: UTF8.self))")
        // And it reads back as the report it came from.
        let decoded = try TemperJSON.decoder().decode(ScoreReport.self, from: streamed)
        #expect(decoded.patterns.map(\.path) == report.patterns.map(\.path) && decoded.summary.patterns == report.patterns.count)
    }

    @Test func anEmptyRunStreamsTheWholeDocumentToo() throws {
        let report = ScoreReport(device: .referencePhone, budgetMillijoules: nil, patterns: [])
        #expect(try Self.streamed(report, device: .referencePhone) == ScoreDocument.encoded(report))
    }

    /// Numbers are rounded for people as they are encoded, so the schema is the type's own.
    @Test func numbersAreRoundedToSixSignificantDigits() throws {
        let score = PatternScore(
            path: "noise.ahap",
            estimate: EnergyEstimate(energyMillijoules: 1.5678750000000001, microampHours: 0.12345678, peakMilliwatts: 123_456_789)
        )
        let report = ScoreReport(device: .referencePhone, budgetMillijoules: 2.0000000001, patterns: [score])
        let text = String(decoding: try ScoreDocument.encoded(report), as: UTF8.self)
        #expect(text.contains("\"energyMillijoules\" : 1.56788,"))
        #expect(text.contains("\"microampHours\" : 0.123457,"))
        #expect(text.contains("\"peakMilliwatts\" : 123457000,"))
        #expect(text.contains("\"budgetMillijoules\" : 2,"))
        #expect(text.contains("\"totalEnergyMillijoules\" : 1.56788,"))
        #expect(text.hasSuffix("}\n"))
    }
}
