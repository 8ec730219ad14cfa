import Foundation
import TemperTestSupport
import Testing

/// `temper score` on non-AHAP formats, priced from their timelines.
@Suite struct ScoreOtherFormatsTests {

    struct Report: Decodable {
        struct Pattern: Decodable {
            var path: String
            var status: String
            var energyMillijoules: Double?
            var warnings: [String]
        }
        var patterns: [Pattern]
    }

    func score(_ arguments: [String]) throws -> (status: Int32, report: Report) {
        let result = try TemperRunner.run(["score"] + arguments + ["--format", "json"])
        return (result.status, try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8)))
    }

    @Test func everyExampleFormatScores() throws {
        let folder = PackagePaths.root.appendingPathComponent("Examples/formats").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { "Examples/formats/" + $0 }
        let (status, report) = try score(files)
        #expect(status == 0)
        #expect(report.patterns.count == files.count)
        for pattern in report.patterns {
            #expect(pattern.status == "ok", "\(pattern.path)")
            #expect((pattern.energyMillijoules ?? 0) > 0, "\(pattern.path)")
            #expect(!pattern.warnings.contains { $0.contains("AHAP") }, "scored from its own timeline, not as AHAP: \(pattern.path)")
        }
    }

    @Test(.needsSharedCorpus("haptic/PAIRS.tsv")) func bothCorporaInOneRun() throws {
        let corpus = PackagePaths.corpus
        let (status, report) = try score([corpus.path + "/haptic", corpus.path + "/ahap"])
        let haptic = report.patterns.filter { $0.path.hasSuffix(".haptic") || $0.path.hasSuffix(".vij") }
        #expect(haptic.count == 217)
        #expect(haptic.filter { $0.status == "error" }.count == 21)
        #expect(report.patterns.count > haptic.count + 80)
        #expect(status == 2)
    }

    // The same feel in two formats costing the same is TemperCoreTests.EnergyFormatsCorpusTests, on the model
    // itself; here the command line only has to score both.
}
