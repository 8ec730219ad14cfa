import Foundation
import TemperCore
import TemperTestSupport
import Testing

@testable import TemperScoring

/// `PatternScoreWriter` writes a pattern's score straight into bytes (issue 36: `JSONEncoder` was 60 % of
/// `temper score --format json`); the `Codable` schema stays the reference, so the writer must give the encoder's
/// bytes for every score there is: every pattern of the examples and the shared corpus, scored plain, with a trim
/// and with a power series, and scores made by hand for what no file gives (a path that needs escaping, a
/// non-finite figure, an empty event list).
@Suite struct PatternScoreWriterTests {
    static func encoded(_ score: PatternScore) throws -> [UInt8] {
        Array(try TemperJSON.encoder().encode(RoundedForPeople(score)))
    }

    static func written(_ score: PatternScore, depth: Int = 0) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try PatternScoreWriter().append(score, depth: depth, to: &bytes)
        return bytes
    }

    /// Each scorer's scores of `files`, written and encoded; the first difference, if any, recorded.
    static func expectSameBytes(_ files: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let scorers = [
            PatternScorer(estimator: EnergyEstimator(profile: .referencePhone)),
            PatternScorer(estimator: EnergyEstimator(profile: .referencePhone), trim: PerceptualTrim(maxDecibels: 2)),
            PatternScorer(estimator: EnergyEstimator(profile: .referencePhone, options: .init(maxSeriesPoints: 40)), budgetMillijoules: 5),
        ]
        var compared = 0
        for scorer in scorers {
            for path in files {
                let score = scorer.score(path: path)
                let (written, encoded) = (try written(score), try encoded(score))
                guard written == encoded else {
                    let at = zip(written, encoded).prefix { $0 == $1 }.count
                    Issue.record(
                        "\(path): written differs from encoded at byte \(at): \(String(decoding: written[max(0, at - 60)...].prefix(120), as: UTF8.self))",
                        sourceLocation: sourceLocation
                    )
                    return
                }
                compared += 1
            }
        }
        #expect(compared == files.count * scorers.count, sourceLocation: sourceLocation)
    }

    @Test func everyExampleIsWrittenAsTheEncoderWritesIt() throws {
        let examples = PatternFiles.collect([PackagePaths.root.appendingPathComponent("Examples").path])
        #expect(examples.count >= 8)
        try Self.expectSameBytes(examples + [PackagePaths.root.appendingPathComponent("Examples/no-such-pattern.ahap").path])
    }

    @Test(.needsSharedCorpus("ahap"), .needsSharedCorpus("haptic"))
    func everyCorpusPatternIsWrittenAsTheEncoderWritesIt() throws {
        let files = PatternFiles.collect([PackagePaths.corpus.path])
        #expect(files.count > 250)
        try Self.expectSameBytes(files)
    }

    @Test func escapesNonFiniteFiguresAndEmptyListsAsTheEncoderDoes() throws {
        let awkward = "a\"b\\c/d\n\r\t\u{8}\u{C}\u{1}\u{1B}\u{7F}é\u{2028}😀.ahap"
        var score = PatternScore(
            path: awkward,
            estimate: EnergyEstimate(energyMillijoules: .infinity, microampHours: .nan, peakMilliwatts: -.infinity, durationSeconds: 1e-7),
            warnings: [awkward, ""]
        )
        score.perception = PatternPerception(feltStrength: 0, feltStrengthPerJoule: nil, peakSensationDecibels: -0.0)
        for depth in [0, 2] {
            let written = try Self.written(score, depth: depth)
            let encoded = try Self.encoded(score)
            // The encoder writes at depth 0; at depth 2 every line after the first is four spaces further in, and a
            // blank line stays blank.
            let lines = String(decoding: encoded, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let indent = String(repeating: " ", count: 2 * depth)
            let moved = Array(([String(lines[0])] + lines.dropFirst().map { $0.isEmpty ? "" : indent + $0 }).joined(separator: "\n").utf8)
            #expect(written == moved, "\(String(decoding: written, as: UTF8.self))")
        }
        let unread = PatternScore(path: "gone.ahap", error: "gone.ahap: no such file")
        #expect(try Self.written(unread) == Self.encoded(unread))
    }
}
