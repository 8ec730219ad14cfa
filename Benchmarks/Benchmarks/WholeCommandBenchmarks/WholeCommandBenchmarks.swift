import Benchmark
import Foundation

// `temper score` as a build pipeline runs it, a whole process over a pattern library, against a parse-only floor
// measured in the same run on the same bytes: Python with orjson (a parser written in Rust, among the fastest
// there are) parsing every file in one process. Issue 36: a bare `JSONDecoder` was the yardstick before, and it is
// slow enough that a 4.5x regression of `score --format json` passed as a success.
//
// The sets are the shared corpus's AHAP files copied 20 times (1,700 files, 40.6 MB, the issue's set) and its
// `.haptic` files 6 times, into a temporary folder, never into the project. Each iteration runs the floor and then
// the command back to back, three times, so a shared machine's drift hits both alike; the metric is the command's
// least CPU time (user + system, from wait4) over the floor's, x100. CPU, not wall: `temper score` spreads its
// files over the cores and the floor does not, so a wall ratio would credit the second core, and CPU is what a
// loaded machine distorts least. The goal is 1.5x (150); the thresholds under Benchmarks/Thresholds hold the ratio
// measured when they were written, and `thresholds check` fails when its p90 grows by more than 15 %.
//
// Needs the binary (TEMPER_BINARY, else <package root>/.build/release/temper, what `make` builds), a Python with
// orjson (TEMPER_FLOOR_PYTHON, else python3) and the corpus (TEMPER_CORPUS, else ../shared/corpus/ahap beside the
// package); without one of them nothing is registered and it says why. TEMPER_WHOLE_COMMAND_ITERATIONS (default
// 10) is how many paired runs each benchmark makes: scripts/test.sh runs 5.
let benchmarks: @Sendable () -> Void = {
    let iterations = Int(ProcessInfo.processInfo.environment["TEMPER_WHOLE_COMMAND_ITERATIONS"] ?? "") ?? 10
    // AHAP: the issue's 1,700 files (40.6 MB); `.haptic` (Meta Haptics Studio, JSON too): 1,200 files (36 MB).
    let sets: [(corpus: String, suffix: String, copies: Int, names: [(format: String, name: String)])] = [
        ("ahap", ".ahap", 20, [("json", "ScoreJSONAgainstParseFloor"), ("csv", "ScoreCSVAgainstParseFloor")]),
        ("haptic", ".haptic", 6, [("json", "ScoreHapticJSONAgainstParseFloor")]),
    ]
    for set in sets {
        let files: WholeCommandSet
        do {
            files = try WholeCommandSet.make(corpus: set.corpus, suffix: set.suffix, copies: set.copies)
        } catch {
            print("WholeCommandBenchmarks: \(error); skipping the \(set.corpus) set")
            continue
        }
        for (format, name) in set.names {
            register(name, format: format, files: files, iterations: iterations)
        }
    }
}

/// One benchmark: each iteration the floor, then `temper score --format FORMAT` over the same files.
func register(_ name: String, format: String, files: WholeCommandSet, iterations: Int) {
    let metric = BenchmarkMetric.custom("CPU / parse floor (x100)", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        name,
        configuration: .init(
            metrics: [metric],
            warmupIterations: 1,
            maxDuration: .seconds(600),
            maxIterations: .init(iterations),
            thresholds: [metric: .init(relative: [.p90: 15])]
        )
    ) { benchmark in
        // Three pairs, each side's least CPU time kept: a shared machine only ever adds time, so the least of a few
        // runs is the steadiest estimate of each, and the ratio of the two the steadiest ratio.
        var (floor, command) = (try files.floor(), try files.score(format))
        for _ in 1..<3 {
            let (nextFloor, nextCommand) = (try files.floor(), try files.score(format))
            if nextFloor.cpuSeconds < floor.cpuSeconds { floor = nextFloor }
            if nextCommand.cpuSeconds < command.cpuSeconds { command = nextCommand }
        }
        let ratio = command.cpuSeconds / floor.cpuSeconds
        benchmark.measurement(metric, Int((ratio * 100).rounded()))
        print(
            String(
                format:
                    "%@ (%d files): score %.3f s CPU (%.3f s wall, peak %.1f MiB), floor %.3f s CPU (%.3f s wall, peak %.1f MiB): %.2fx, goal 1.5x",
                name,
                files.count,
                command.cpuSeconds,
                command.wallSeconds,
                command.peakMebibytes,
                floor.cpuSeconds,
                floor.wallSeconds,
                floor.peakMebibytes,
                ratio
            )
        )
    }
}

/// The copied corpus, the binary and the floor's interpreter, checked before anything is timed.
struct WholeCommandSet: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let folder: String
    let binary: String
    let python: String
    let fileList: String
    let count: Int

    /// `copies` copies of the shared corpus's `corpus` folder's `suffix` files.
    static func make(corpus name: String, suffix: String, copies: Int) throws -> WholeCommandSet {
        let environment = ProcessInfo.processInfo.environment
        // Benchmarks/Benchmarks/WholeCommandBenchmarks/WholeCommandBenchmarks.swift -> the package root.
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        let binary = environment["TEMPER_BINARY"] ?? root.appendingPathComponent(".build/release/temper").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw Failure(description: "no temper binary at \(binary) (run `make`, or set TEMPER_BINARY)")
        }
        let python = environment["TEMPER_FLOOR_PYTHON"] ?? "python3"
        guard (try? MeasuredProcess.run([python, "-c", "import orjson"]))?.exitStatus == 0 else {
            throw Failure(description: "\(python) cannot import orjson (pip install orjson, or set TEMPER_FLOOR_PYTHON)")
        }
        let corpus = (environment["TEMPER_CORPUS"] ?? root.appendingPathComponent("../shared/corpus").standardized.path) + "/" + name
        let originals = (FileManager.default.enumerator(atPath: corpus)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(suffix) }
        guard !originals.isEmpty else { throw Failure(description: "no \(suffix) files at \(corpus) (set TEMPER_CORPUS)") }
        let folder = Self.scratch.appendingPathComponent(name).path
        try? FileManager.default.removeItem(atPath: folder)
        var files: [String] = []
        for copy in 0..<copies {
            for original in originals {
                let target = "\(folder)/copy-\(copy)/\(original)"
                try FileManager.default.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent,
                    withIntermediateDirectories: true
                )
                try FileManager.default.copyItem(atPath: "\(corpus)/\(original)", toPath: target)
                files.append(target)
            }
        }
        let fileList = folder + ".files"
        try files.joined(separator: "\n").write(toFile: fileList, atomically: true, encoding: .utf8)
        atexit { try? FileManager.default.removeItem(at: WholeCommandSet.scratch) }
        return WholeCommandSet(folder: folder, binary: binary, python: python, fileList: fileList, count: files.count)
    }

    /// `temper score --format FORMAT` over the set. It finished its run when it exits 0, 1 (a pattern over budget)
    /// or 2 (a file it could not read: the real corpus has a few, each scored as an error).
    func score(_ format: String) throws -> MeasuredProcess {
        let command = try MeasuredProcess.run([binary, "score", folder, "--format", format])
        guard let status = command.exitStatus, status <= 2 else {
            throw Failure(
                description:
                    "temper score --format \(format) did not finish: \(command.exitStatus.map { "exit \($0)" } ?? "killed by a signal")"
            )
        }
        return command
    }

    /// The floor: every file of the set read and parsed by orjson in one process. Some real files are not strict
    /// JSON (a trailing comma, which Apple's loader accepts): orjson stops at the error, as a parser does.
    func floor() throws -> MeasuredProcess {
        let script = """
            import orjson, sys
            for path in open(sys.argv[1]).read().split("\\n"):
                with open(path, "rb") as file:
                    data = file.read()
                try:
                    orjson.loads(data)
                except orjson.JSONDecodeError:
                    pass
            """
        let floor = try MeasuredProcess.run([python, "-c", script, fileList])
        guard floor.exitStatus == 0 else { throw Failure(description: "the orjson floor failed on \(fileList)") }
        return floor
    }

    /// Where the copies go, removed when the benchmark process ends.
    static var scratch: URL { FileManager.default.temporaryDirectory.appendingPathComponent("temper-whole-command-\(getpid())") }
}
