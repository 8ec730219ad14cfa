import Benchmark
import Foundation
import Logging
import TemperCore
import TemperHost

/// Goals (issue 3): a full host sample with 16 temperatures and the cached battery takes at most 1 ms; and, in
/// the same run, the in-process sweep against spawning `sensors -j` on the same sensors.
///
/// The 16 temperatures come from a umockdev testbed, so run these benchmarks under it (from the package root):
///
///     swift build -c release --package-path Benchmarks --product HostBenchmarks
///     umockdev-run -d Tests/TemperHostTests/Harness/host-16-sensors.umockdev -- \
///         swift package --package-path Benchmarks benchmark --target HostBenchmarks
///
/// `umockdev-run` preloads its library into everything it starts, so the benchmark process and the `sensors`
/// it spawns read the same fake sysfs. Without the testbed they read the machine's own sensors. The host here
/// never watches the system bus (a benchmark must not touch the machine's real bus), so the battery is the
/// same cached value a watching host hands out: a copy under a lock.
///
/// Measured on a busy 2-core VM under the testbed: a host sample 410 µs at p50 (422 µs p90, 109 allocations);
/// `sensors -j` spawned 5.7 ms at p50. The checked-in threshold
/// (`Thresholds/HostBenchmarks.HostSample16Temperatures.p90.json`, in ns) fails a sample slower than 1 ms.
let benchmarks: @Sendable () -> Void = {
    let host = LinuxHost(
        configuration: .init(watchesBus: false),
        logger: Logger(label: "temper.benchmarks") { _ in SwiftLogNoOpLogHandler() }
    )

    // 1 ms per sample is 1,000,000 ns; the checked-in p90 threshold allows that.
    Benchmark(
        "HostSample16Temperatures",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal],
            timeUnits: .microseconds,
            warmupIterations: 5,
            maxDuration: .seconds(3),
            maxIterations: 2_000,
            thresholds: [.wallClock: .init(absolute: [.p90: 1_000_000])]
        )
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(host.sample())
        }
    }

    // The same sensors through the command-line tool, as a script would read them.
    Benchmark(
        "SensorsJSONSpawned",
        configuration: .init(
            metrics: [.wallClock],
            timeUnits: .microseconds,
            warmupIterations: 2,
            maxDuration: .seconds(3),
            maxIterations: 300
        )
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sensors")
            process.arguments = ["-j"]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
                blackHole(pipe.fileHandleForReading.readDataToEndOfFile())
                process.waitUntilExit()
            } catch {
                benchmark.error("cannot run /usr/bin/sensors: \(error)")
                return
            }
        }
    }
}
