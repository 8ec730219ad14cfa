import Benchmark
import Foundation
import TemperPatterns

// Reading the real `.haptic` / `.vij` corpus into Temper's pattern timeline, in-process: the work without the
// process around it. Its goal lives in the whole-command benchmarks (ScoreHapticJSONAgainstParseFloor: `temper
// score` over the `.haptic` files against an orjson parse floor, issue 36); a bare `JSONDecoder` decode was the
// yardstick here before, and it is too slow to be a floor. The corpus lives at <package root>/../shared/corpus/haptic
// (or $TEMPER_HAPTIC_CORPUS); without it nothing is registered.

let benchmarks: @Sendable () -> Void = {
    guard let corpus = HapticCorpus.load() else {
        print("FormatsBenchmarks: no .haptic corpus at \(HapticCorpus.folder.path) (set TEMPER_HAPTIC_CORPUS); skipping")
        return
    }
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        maxDuration: .seconds(3),
        maxIterations: 200
    )

    Benchmark("HapticCorpusRead", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(HapticCorpus.read(corpus)) }
    }
}

/// The corpus files' bytes, loaded once before timing.
struct HapticCorpus: Sendable {
    var files: [(name: String, bytes: [UInt8])]

    static var folder: URL {
        if let explicit = ProcessInfo.processInfo.environment["TEMPER_HAPTIC_CORPUS"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit, isDirectory: true)
        }
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        return root.appendingPathComponent("../shared/corpus/haptic", isDirectory: true).standardizedFileURL
    }

    static func load() -> HapticCorpus? {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return nil }
        var files: [(name: String, bytes: [UInt8])] = []
        for case let url as URL in walker where ["haptic", "vij"].contains(url.pathExtension.lowercased()) {
            guard let data = try? Data(contentsOf: url) else { continue }
            files.append((url.lastPathComponent, [UInt8](data)))
        }
        files.sort { $0.name < $1.name }
        return files.isEmpty ? nil : HapticCorpus(files: files)
    }

    /// Reads every file; returns the breakpoints read so nothing is optimised away.
    static func read(_ corpus: HapticCorpus) -> Int {
        var points = 0
        for file in corpus.files {
            guard let document = try? HapticFileReader.read(file.bytes, file: file.name) else { continue }
            points += document.timeline.tracks.reduce(0) { $0 + $1.amplitude.count + $1.frequency.count }
        }
        return points
    }
}
