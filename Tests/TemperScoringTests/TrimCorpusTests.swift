import Foundation
import TemperCore
import TemperScoring
import TemperTestSupport
import Testing

/// The trim over the shared corpus (issue 23, item 3; its AHAP and `.haptic` files at least), on the phone profile: every trimmed pattern's reported
/// change within the limit, and the share of the corpus's energy it saves at 1, 2 and 3 dB (a model estimate).
@Suite(.needsSharedCorpus("ahap"), .needsSharedCorpus("haptic")) struct TrimCorpusTests {
    static let files = PatternFiles.collect([PackagePaths.corpus.path])

    static func report(trim decibels: Double) -> ScoreReport {
        let scorer = PatternScorer(estimator: EnergyEstimator(profile: .referencePhone), trim: PerceptualTrim(maxDecibels: decibels))
        return scorer.report(files, device: .referencePhone)
    }

    /// The goal is at least 30 % saved at 2 dB, with no trimmed pattern felt more than 2 dB weaker.
    @Test func theTrimStaysWithinItsLimitAndSavesAThirdAtTwoDecibels() async throws {
        async let one = Self.report(trim: 1)
        async let two = Self.report(trim: 2)
        async let three = Self.report(trim: 3)
        let reports = await [(1.0, one), (2.0, two), (3.0, three)]
        var shares: [Double] = []
        for (decibels, report) in reports {
            let trims = report.patterns.compactMap { score in score.perception?.trim.map { (score.path, $0) } }
            #expect(trims.count > 200, "\(trims.count) of \(Self.files.count) trimmed at \(decibels) dB")
            for (path, trim) in trims {
                #expect(abs(trim.perceivedChange.decibels) <= decibels + 1e-9, "\(path): \(trim.perceivedChange.decibels) dB")
                #expect(trim.savedMillijoules >= 0, "\(path)")
            }
            let summary = try #require(report.summary.trim)
            #expect(summary.largestChangeDecibels >= -decibels - 1e-9)
            shares.append(summary.savedFraction)
            print(
                "trim \(decibels) dB: \(trims.count) of \(Self.files.count) patterns, saves \(summary.savedFraction * 100) % of \(report.summary.totalEnergyMillijoules) mJ"
            )
        }
        #expect(shares[0] < shares[1] && shares[1] < shares[2], "\(shares)")
        #expect(shares[1] >= 0.30, "\(shares[1] * 100) % at 2 dB")
    }
}
