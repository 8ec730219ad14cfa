import Foundation
import TemperTestSupport
import Testing

/// One pricing path: a pattern file costs the same as a request (`{"haptic": {"file": …}}` through `temper
/// rewrite`) as `temper score` says it costs, in every format, for every example and every readable corpus file.
@Suite struct RequestPricingTests {
    struct Score: Decodable {
        struct Pattern: Decodable {
            var path: String
            var status: String
            var energyMillijoules: Double?
        }
        var patterns: [Pattern]
    }

    struct Decision: Decodable {
        var requestID: String
        var energyBeforeMillijoules: Double
    }

    static func files() -> [String] {
        let root = PackagePaths.root.path
        var folders = [root + "/Examples/formats", root + "/Examples/patterns"]
        let corpus = PackagePaths.corpus.path
        if FileManager.default.fileExists(atPath: corpus + "/haptic/PAIRS.tsv") {
            folders += ["haptic", "ahap", "android-vibration-xml/_derived", "gamepad-rumble/_derived"].map { corpus + "/" + $0 }
        }
        let extensions: Set<String> = ["ahap", "haptic", "vij", "xml", "json"]
        return folders.flatMap { folder in
            let found = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
            return found.filter { extensions.contains(URL(fileURLWithPath: $0).pathExtension) }.sorted().map { folder + "/" + $0 }
        }
    }

    @Test func everyFileCostsTheSameAsARequestAndInScore() throws {
        let files = Self.files()
        if FileManager.default.fileExists(atPath: PackagePaths.corpus.path + "/haptic/PAIRS.tsv") {
            #expect(files.count > 300, "the corpus is there, so its files are priced too")
        }
        let scored = try TemperRunner.run(["score"] + files + ["--device", "phone", "--format", "json"])
        let score = try JSONDecoder().decode(Score.self, from: Data(scored.stdout.utf8))
        let readable = score.patterns.filter { $0.status != "error" }
        #expect(readable.count * 10 >= files.count * 9, "most files read: \(readable.count) of \(files.count)")
        let formats = Set(readable.map { URL(fileURLWithPath: $0.path).pathExtension })
        #expect(formats.isSuperset(of: ["ahap", "haptic", "xml", "json"]))

        let folder = TemporaryFolder.uniquePath(prefix: "temper-pricing")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let requests = readable.enumerated().map { index, pattern in
            ["id": "\(index)", "usage": "game", "haptic": ["file": pattern.path]] as [String: Any]
        }
        let requestFile = folder.appendingPathComponent("requests.json")
        try JSONSerialization.data(withJSONObject: requests).write(to: requestFile)
        // The files are elsewhere: absolute paths, which a request may name only with --allow-outside.
        let rewritten = try TemperRunner.run([
            "rewrite", "--request", requestFile.path, "--condition", "nominal", "--device", "phone", "--explain", "--allow-outside",
        ])
        #expect(rewritten.status == 0, "\(rewritten.stderr)")
        let decisions = try JSONDecoder().decode([Decision].self, from: Data(rewritten.stdout.utf8))
        try #require(decisions.count == readable.count)
        for (pattern, decision) in zip(readable, decisions) {
            let expected = try #require(pattern.energyMillijoules)
            #expect(
                abs(decision.energyBeforeMillijoules - expected) <= 1e-5 * max(1, expected),
                "\(pattern.path): \(decision.energyBeforeMillijoules) mJ as a request, \(expected) mJ in score"
            )
        }
    }
}
