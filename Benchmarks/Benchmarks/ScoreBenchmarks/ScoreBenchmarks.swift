import Benchmark
import Foundation
import Synchronization
import TemperAHAP
import TemperCore

// Reading, validating and scoring the real AHAP corpus, against a bare JSONDecoder decode of the same bytes
// into a minimal struct. The goal (issue 2): reading + validating + scoring take at most 1.5x the bare decode.
// The corpus lives at <package root>/../shared/corpus/ahap (or $TEMPER_CORPUS); without it nothing is registered.
//
// - CorpusReadValidateScore: every corpus file read from memory as `temper score` reads it, then costed.
// - CorpusBareJSONDecode: the same bytes through JSONDecoder (allowsJSON5) into a minimal struct.
// - CorpusRatio: both timed back to back each iteration; the custom metric is the ratio x100, and the first
//   iteration prints it. Measured here: about 0.2x (20 ms against 100 ms on a busy 2-core VM).

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

    Benchmark("CorpusBareJSONDecode", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(ScoreCorpus.bareDecode(corpus))
        }
    }

    // Both in one run, timed back to back on every iteration so machine noise hits them alike.
    let ratioMetric = BenchmarkMetric.custom("read+score / bare decode (x100)", polarity: .prefersSmaller, useScalingFactor: false)
    let printed = Mutex(false)
    Benchmark(
        "CorpusRatio",
        configuration: .init(metrics: [ratioMetric], maxDuration: .seconds(3), maxIterations: 50)
    ) { benchmark in
        let clock = ContinuousClock()
        var decoded = 0
        let bare = clock.measure { decoded = ScoreCorpus.bareDecode(corpus) }
        var energy = 0.0
        let scored = clock.measure { energy = ScoreCorpus.readAndScore(corpus, estimator: estimator) }
        blackHole(decoded)
        blackHole(energy)
        let ratio = scored / bare
        benchmark.measurement(ratioMetric, Int((ratio * 100).rounded()))
        let first = printed.withLock { done in
            defer { done = true }
            return !done
        }
        if first {
            let verdict = ratio <= 1.5 ? "within" : "over"
            print(
                "ScoreBenchmarks: read + validate + score \(scored), bare JSONDecoder \(bare) "
                    + "(\(decoded)/\(corpus.files.count) decoded): ratio \(String(format: "%.2f", ratio))x, \(verdict) the 1.5x goal"
            )
        }
    }
}

/// The corpus files' bytes, loaded once before timing.
struct ScoreCorpus: Sendable {
    var files: [(name: String, bytes: [UInt8], data: Data)]

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
        var files: [(name: String, bytes: [UInt8], data: Data)] = []
        for case let url as URL in walker where url.pathExtension.lowercased() == "ahap" {
            guard let data = try? Data(contentsOf: url) else { continue }
            files.append((url.lastPathComponent, [UInt8](data), data))
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

    /// Decodes every file with Foundation's JSONDecoder (JSON5 allowed, for trailing commas) into a minimal
    /// struct; returns how many decoded.
    static func bareDecode(_ corpus: ScoreCorpus) -> Int {
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        var decoded = 0
        for file in corpus.files where (try? decoder.decode(MinimalAHAP.self, from: file.data)) != nil {
            decoded += 1
        }
        return decoded
    }
}

/// Just enough of AHAP to hold its content: no defaults, clamping, diagnostics or validation.
struct MinimalAHAP: Decodable {
    struct Item: Decodable {
        var Event: Event?
        var Parameter: Dynamic?
        var ParameterCurve: Curve?
    }

    struct Event: Decodable {
        var Time: Double
        var EventType: String
        var EventDuration: Double?
        var EventParameters: [Value]?
        var EventWaveformPath: String?
    }

    struct Value: Decodable {
        var ParameterID: String
        var ParameterValue: Double
    }

    struct Dynamic: Decodable {
        var ParameterID: String
        var ParameterValue: Double
        var Time: Double
    }

    struct Curve: Decodable {
        var ParameterID: String
        var Time: Double
        var ParameterCurveControlPoints: [Point]
    }

    struct Point: Decodable {
        var Time: Double
        var ParameterValue: Double
    }

    var Version: Double?
    var Pattern: [Item]
}
