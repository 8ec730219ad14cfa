import Benchmark
import Foundation
import TemperCore
@_spi(Fuzzing) import TemperReports
import TemperSimulation

/// Goal (issue 22): `temper report` on a trace whose snapshots hold 8,000 temperature sensors takes under 1 s.
/// Before, its time grew with the square of the sensors in a snapshot (1,000 sensors 0.52 s, 4,000 3.7 s, 8,000
/// 12.2 s): the replay searched its list of sensor names for every reading, and the report looked each sensor up
/// in every snapshot. One measured run reads a trace of 3 (and of 10) snapshots of 8,000 sensors from its bytes,
/// replays it and renders the whole report (HTML, Markdown and every SVG) in memory, as the command does. On an
/// otherwise idle core: 173 ms and 528 ms p50 (528 ms and about 1.5 s before the JSON reading used one container
/// per reading, lines were cut with memchr and SVG coordinates stopped going through printf). Reading the JSON is
/// now about half of it. The expected maxima are checked in at
/// `Benchmarks/Thresholds/ReportBenchmarks.Report8000Sensors*.p90.json` (1,000,000,000 ns); check them from the
/// Benchmarks folder with `swift package benchmark thresholds check --target ReportBenchmarks`.
let benchmarks: @Sendable () -> Void = {
    report(sensors: 8000, snapshots: 3, name: "Report8000Sensors")
    // A recording of a minute and a half at the default 10 s interval: the JSON reading grows with the lines.
    report(sensors: 8000, snapshots: 10, name: "Report8000Sensors10Snapshots")
}

/// Reads, replays and renders a trace of `snapshots` snapshots of `sensors` sensors, as `temper report` does.
func report(sensors: Int, snapshots count: Int, name: String) {
    Benchmark(
        name,
        configuration: .init(
            metrics: [.wallClock],
            timeUnits: .milliseconds,
            warmupIterations: 1,
            maxDuration: .seconds(20),
            maxIterations: 5,
            thresholds: [.wallClock: .init(absolute: [.p90: 1_000_000_000])]
        )
    ) { benchmark in
        let trace = TraceFile.encode(WideHost.snapshots(sensors: sensors, count: count))
        benchmark.startMeasurement()
        let snapshots = try TraceFile.read(trace, file: "wide.jsonl").snapshots
        let result = TraceReplay.replay(snapshots, settings: ClassifierSettings(), name: "wide.jsonl")
        blackHole(TraceReport.renderedForFuzzing(result))
        benchmark.stopMeasurement()
    }
}

/// A host with thousands of sensors on a few hundred chips, warming a little each snapshot.
enum WideHost {
    static func snapshots(sensors: Int, count: Int) -> [HostSnapshot] {
        (0..<count).map { step in
            HostSnapshot(
                time: 1_000 + Double(step) * 10,
                temperatures: (0..<sensors).map { index in
                    TemperatureReading(
                        chip: "/sys/class/hwmon/hwmon\(index / 16)",
                        chipName: "board-isa-\(index / 16)",
                        label: "temp\(index % 16 + 1)",
                        celsius: 40 + Double(index % 13) * 0.5 + Double(step) * 2,
                        high: 80,
                        critical: 100
                    )
                }
            )
        }
    }
}
