import Foundation
import TemperTestSupport
import Testing

/// `temper score` on non-AHAP formats, through the interim AHAP bridge.
@Suite struct ScoreOtherFormatsTests {
    static let corpus: URL? = FileManager.default.fileExists(atPath: PackagePaths.corpus.path + "/haptic/PAIRS.tsv") ? PackagePaths.corpus : nil

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
            #expect(pattern.warnings.contains { $0.contains("interim") }, "\(pattern.path)")
        }
    }

    @Test func bothCorporaInOneRun() throws {
        let corpus = try #require(Self.corpus, "corpus absent")
        let (status, report) = try score([corpus.path + "/haptic", corpus.path + "/ahap"])
        let haptic = report.patterns.filter { $0.path.hasSuffix(".haptic") || $0.path.hasSuffix(".vij") }
        #expect(haptic.count == 217)
        #expect(haptic.filter { $0.status == "error" }.count == 21)
        #expect(report.patterns.count > haptic.count + 80)
        #expect(status == 2)
    }

    /// The same feel in two formats costs about the same: each upstream pair scores within 5 % of its expected
    /// AHAP, except where the AHAP does not play what the clip plays:
    /// - a clip without a frequency envelope plays at the renderer's default frequency, 0.5, while both converters
    ///   write sharpness 0;
    /// - Nice Vibrations' curves after the first 16 points start at their first point's time *and* keep absolute
    ///   control-point times, so Core Haptics plays those pieces late (their start counted twice).
    @Test func hapticPairsCostWhatTheirAHAPCosts() throws {
        let corpus = try #require(Self.corpus, "corpus absent")
        let text = try String(contentsOfFile: corpus.path + "/haptic/PAIRS.tsv", encoding: .utf8)
        var compared = 0
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let input = corpus.path + "/haptic/" + fields[0], expected = corpus.path + "/haptic/" + fields[1]
            let curves = try String(contentsOfFile: expected, encoding: .utf8).components(separatedBy: "\"ParameterCurve\"").count - 1
            guard try Self.hasFrequencyEnvelope(input), curves <= 2 else { continue }
            let (_, report) = try score([input, expected])
            let energies = report.patterns.compactMap(\.energyMillijoules)
            try #require(energies.count == 2)
            #expect(abs(energies[0] - energies[1]) <= 0.05 * energies[1], "\(fields[0]): \(energies)")
            compared += 1
        }
        #expect(compared == 12)
    }

    /// A v1 clip with a non-empty `frequency` envelope, or a v0 clip with a non-empty second envelope.
    static func hasFrequencyEnvelope(_ path: String) throws -> Bool {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let signals = json?["signals"] as? [String: Any]
        let envelopes = (signals?["continuous"] as? [String: Any])?["envelopes"] as? [String: Any]
        if let frequency = envelopes?["frequency"] as? [Any] { return !frequency.isEmpty }
        let voices = (json?["voices"] as? [String: Any])?["envelopes"] as? [Any]
        return voices?.count == 2 && !((voices?[1] as? [Any])?.isEmpty ?? true)
    }
}
