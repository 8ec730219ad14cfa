import Benchmark
import Foundation
import TemperCore

/// Goal (issue 3): one classifier update over 16 sensors in steady state takes at most 2 µs.
/// The expected maximum is checked in at `Benchmarks/Thresholds/ClassifierBenchmarks.ClassifierUpdate16Sensors.p90.json`.
/// Check it from the Benchmarks folder: `swift package benchmark thresholds check --target ClassifierBenchmarks`
/// (it reads `./Thresholds`), which fails above 2 µs an update. Measured here: about 1.5 µs at p50 on a busy
/// 2-core VM, with 2 allocations per update (the reasons array and one reason message).
let benchmarks: @Sendable () -> Void = {
    // One measured run is 1,000 updates (scalingFactor .kilo), so the raw wall clock is in ns per 1,000 updates:
    // 2,000,000 ns per run is the 2 µs goal. The checked-in p90 is 1,000,000 with a 1,000,000 absolute tolerance.
    Benchmark(
        "ClassifierUpdate16Sensors",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal],
            timeUnits: .nanoseconds,
            warmupIterations: 10,
            scalingFactor: .kilo,
            maxDuration: .seconds(3),
            maxIterations: .kilo(10),
            thresholds: [
                .wallClock: .init(absolute: [.p90: 1_000_000]),
                .mallocCountTotal: .init(absolute: [.p90: 2_000]),
            ]
        )
    ) { benchmark in
        var host = SteadyHost(sensorCount: 16)
        var classifier = Classifier()
        // Fill the 20 s trend windows first, so every measured update is in steady state.
        for _ in 0..<40 {
            host.advance()
            blackHole(classifier.update(with: host.snapshot))
        }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            host.advance()
            blackHole(classifier.update(with: host.snapshot))
        }
        benchmark.stopMeasurement()
    }
}

/// A host with `sensorCount` sensors that wander a little around 55 °C, one sample a second. The snapshot is
/// changed in place, so feeding it costs a few stores and no copies.
struct SteadyHost {
    private(set) var snapshot: HostSnapshot
    private var step = 0

    init(sensorCount: Int) {
        let readings = (0..<sensorCount).map { index in
            TemperatureReading(
                chip: "/sys/devices/platform/coretemp.0/hwmon/hwmon\(index / 8)", chipName: "coretemp-isa-000\(index / 8)",
                label: "Core \(index)", celsius: 55, high: 80, highHysteresis: 75, critical: 100
            )
        }
        let battery = BatteryState(present: true, onBattery: true, percentage: 60, state: "discharging", warningLevel: .discharging)
        snapshot = HostSnapshot(
            time: 1_800_000_000, temperatures: readings, battery: battery,
            powerProfile: PowerProfileState(activeProfile: "balanced")
        )
    }

    mutating func advance() {
        step += 1
        snapshot.time += 1
        for index in snapshot.temperatures.indices {
            snapshot.temperatures[index].celsius = 55 + Double((step + index) % 7) * 0.25
        }
    }
}
