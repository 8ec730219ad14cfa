import Benchmark
import Foundation
import TemperAHAP
import TemperCore

// Reading, validating and scoring the real AHAP corpus in-process, as `temper score` reads each file: the work
// without the process around it. Its goal lives in the whole-command benchmarks (WholeCommandBenchmarks: the
// command against an orjson parse floor, issue 36); a bare `JSONDecoder` decode was the yardstick here before, and
// it is too slow to be a floor. The corpus lives at <package root>/../shared/corpus/ahap (or $TEMPER_CORPUS);
// without it nothing is registered.
let benchmarks: @Sendable () -> Void = {
    guard let corpus = ScoreCorpus.load() else {
        print("ScoreBenchmarks: no AHAP corpus at \(ScoreCorpus.folder.path) (set TEMPER_CORPUS); skipping")
        return
    }
    let estimator = EnergyEstimator(profile: .referencePhone, options: .init(maxSeriesPoints: 0))
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        maxDuration: .seconds(3),
        maxIterations: 200
    )

    Benchmark("CorpusReadValidateScore", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(ScoreCorpus.readAndScore(corpus, estimator: estimator))
        }
    }
}

/// The corpus files' bytes, loaded once before timing.
struct ScoreCorpus: Sendable {
    var files: [(name: String, bytes: [UInt8])]

    static var folder: URL {
        if let explicit = ProcessInfo.processInfo.environment["TEMPER_CORPUS"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit, isDirectory: true)
        }
        // Benchmarks/Benchmarks/ScoreBenchmarks/ScoreBenchmarks.swift -> package root -> ../shared/corpus/ahap
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        return root.appendingPathComponent("../shared/corpus/ahap", isDirectory: true).standardizedFileURL
    }

    static func load() -> ScoreCorpus? {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return nil }
        var files: [(name: String, bytes: [UInt8])] = []
        for case let url as URL in walker where url.pathExtension.lowercased() == "ahap" {
            guard let data = try? Data(contentsOf: url) else { continue }
            files.append((url.lastPathComponent, [UInt8](data)))
        }
        files.sort { $0.name < $1.name }
        return files.isEmpty ? nil : ScoreCorpus(files: files)
    }

    /// Reads every file as `temper score` does (lenient, validated, diagnostics kept) and costs it; returns the
    /// total energy so nothing is optimised away.
    static func readAndScore(_ corpus: ScoreCorpus, estimator: EnergyEstimator) -> Double {
        var total = 0.0
        for file in corpus.files {
            guard let document = try? AHAPReader.read(file.bytes, file: file.name) else { continue }
            total += estimator.estimate(document.pattern, waveforms: document.waveforms).energyMillijoules
        }
        return total
    }
}
