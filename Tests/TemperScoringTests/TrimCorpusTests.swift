import Foundation
import TemperCore
import TemperScoring
import TemperTestSupport
import Testing

/// The trim over the shared corpus (its AHAP and `.haptic` files), on the phone profile: every trimmed pattern's
/// every event within the limit (issue 32: none weaker by more than it, none stronger, none gone, no pitch moved
/// past half the smallest JND, no contrast lost), and the share of the corpus's energy it saves at 1, 2 and 3 dB
/// (a model estimate, printed for docs/perception.md and the README).
@Suite(.needsSharedCorpus("ahap"), .needsSharedCorpus("haptic")) struct TrimCorpusTests {
    static let files = PatternFiles.collect([PackagePaths.corpus.path])

    static func report(trim decibels: Double) -> ScoreReport {
        let scorer = PatternScorer(estimator: EnergyEstimator(profile: .referencePhone), trim: PerceptualTrim(maxDecibels: decibels))
        return scorer.report(files, device: .referencePhone)
    }

    @Test func everyTrimmedEventStaysWithinTheLimit() async throws {
        async let one = Self.report(trim: 1)
        async let two = Self.report(trim: 2)
        async let three = Self.report(trim: 3)
        let reports = await [(1.0, one), (2.0, two), (3.0, three)]
        var shares: [Double] = []
        for (decibels, report) in reports {
            let trims = report.patterns.compactMap { score in score.perception?.trim.map { (score.path, $0.perceivedChange) } }
            #expect(trims.count > 100, "\(trims.count) of \(Self.files.count) trimmed at \(decibels) dB")
            for (path, change) in trims {
                #expect(change.weakestDecibels >= -decibels - 1e-9, "\(path): \(change.weakestDecibels) dB")
                #expect(change.strongestDecibels <= 1e-9, "\(path): an event \(change.strongestDecibels) dB stronger")
                #expect(change.goneEvents == 0 && !change.gone, "\(path): \(change.goneEvents) events gone")
                #expect(change.largestPitchChange <= VibrotactilePerception.unnoticedFrequencyFraction + 1e-9, "\(path)")
                #expect(!change.contrastLost, "\(path)")
            }
            let summary = try #require(report.summary.trim)
            #expect(summary.largestChangeDecibels >= -decibels - 1e-9)
            shares.append(summary.savedFraction)
            print(
                "trim \(decibels) dB: \(trims.count) of \(Self.files.count) patterns, saves \(summary.savedFraction * 100) % of \(report.summary.totalEnergyMillijoules) mJ"
            )
        }
        #expect(shares[0] > 0 && shares[0] < shares[1] && shares[1] < shares[2], "\(shares)")
    }
}
