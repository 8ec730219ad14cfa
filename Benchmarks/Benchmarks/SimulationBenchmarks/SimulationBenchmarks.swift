import Benchmark
import Foundation
import TemperAHAP
import TemperCore
import TemperSimulation

/// Since issue 32 `Simulator.run` also makes the run without feedback (no requests, so no decisions), which this
/// times too: the figures below are from before it. `Benchmarks/WholeCommand/one-hour/one-hour.yaml` is this hour as
/// a scenario file, to time the whole `temper simulate` command (docs/performance.md).
///
/// Goals: one hour of virtual time at 100 ms steps with 10 requests a second, the baseline run included, in at most
/// 0.36 s (issue 5, again issue 20), and no slower than before marginal prices (issue 19: met). The checked-in
/// threshold (`Benchmarks/Thresholds/SimulationBenchmarks.SimulateOneHourWithBaseline.p90.json`) is the one met
/// (below); 0.68 s p50 was this benchmark before the ledger's prices merged mixed signals, on an
/// otherwise idle machine; then 527 ms p50 idle. Since, measured binary against binary in the same minutes on the
/// loaded 2-core machine: CPU time per simulated hour (both runs) 524 -> 403 ms (-23 %; an idle run's wall time
/// has matched its CPU time, 527 ms against 524), wall p50 5.4-6.0 -> 3.4-3.6 s under that load, allocations 3.44 M -> 1.96 M:
/// a price reads the kept mix only where the request can change it, the ledger admits by merging and dedupes
/// without hashing patterns, the signal memo hands out a box. Left, by a profile: copying requests and patterns
/// through the decision (a third of the instructions are retains, releases and copies), the stepper (a fifth),
/// and the price itself (a fifth). Then, binary against binary in the same minutes (load 2-4 on 2 cores): wall p50
/// 450-495 -> 398-434 ms, CPU for two simulated hours with their baselines 0.93-0.96 -> 0.84-0.87 s (-9 %),
/// allocations 2.01 M -> 1.74 M: the simulated host makes a snapshot only when the governor samples it (once a
/// second, not once a step), a price's signal is looked up once and admitted as priced, the estimator's profile is
/// held in one box, the ledger forgets without copying its table. Then (issue 20, again), binary against binary
/// alternating in the same minutes at load 5 on the 2 cores: wall p50 419-440 -> 353-376 ms, CPU per iteration
/// 412-422 -> 352-360 ms (-15 %), allocations 1.74 M -> 1.33 M: a repeat of the same request under the same
/// condition reuses what the rules left and the decision it makes (`Rewriter.Prepared`), charging only its marginal
/// price and budget. This benchmark's own run then: p50 354 ms, p90 365 ms (load 5), the 0.36 s goal met at the
/// edge. Then the ledger's prices read kept sums instead of mixing (issue 19's decision benchmark): 349-358 ->
/// 318-330 ms p50, allocations 1.33 M -> 0.67 M; this benchmark's own runs after it, load 1: p50 311-315 ms, p90
/// 312-318 ms. Then (issue 19's decision benchmark, again) requests and decisions copy less (a pattern or sound is
/// boxed in its request) and a price's merge and runs were cut: p50 224 ms, p90 227 ms, allocations 0.50 M (load
/// 1). The checked-in threshold says the goal: 240,000,000 ns at p90 with 120 ms either way, so a p90 over 0.36 s
/// fails the check (and one under 0.12 s asks for the threshold to be recorded again).
///
/// Issue 20 also found memory growing 0.6 KB per request, every request built before the run: the same scenario run
/// for one hour and for four must peak at the same resident memory, the requests being made as the clock reaches
/// them (`SimulationBenchmarks.SimulationPeakMemory*.p90.json` hold one ceiling for both).
let benchmarks: @Sendable () -> Void = {
    Benchmark(
        "SimulateOneHourWithBaseline",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal],
            timeUnits: .milliseconds,
            warmupIterations: 1,
            maxDuration: .seconds(10),
            maxIterations: 10,
            thresholds: [.wallClock: .init(absolute: [.p90: 120_000_000])]
        )
    ) { benchmark in
        let (setup, energy) = OneHour.setup()
        benchmark.startMeasurement()
        let result = await OneHour.simulate(setup, energy)
        benchmark.stopMeasurement()
        blackHole(result)
    }

    for hours in [1, 4] {
        Benchmark(
            "SimulationPeakMemory\(hours)h",
            configuration: .init(
                metrics: [.peakMemoryResident, .wallClock],
                timeUnits: .milliseconds,
                warmupIterations: 0,
                maxDuration: .seconds(30),
                maxIterations: 2,
                thresholds: [.peakMemoryResident: .init(absolute: [.p90: OneHour.peakMemoryCeiling])]
            )
        ) { benchmark in
            let (setup, energy) = OneHour.setup(hours: Double(hours))
            benchmark.startMeasurement()
            let result = await OneHour.simulate(setup, energy)
            benchmark.stopMeasurement()
            blackHole(result)
        }
    }
}

/// A phone gaming for an hour (or `hours`) in a warm room, with ten feedback requests a second (explosions and taps).
enum OneHour {
    /// The resident memory both durations stay under, in bytes: 32 MB measured for each (issue 20). The code that
    /// built every request first peaked at 53 MB for one hour and 134 MB for four (the same runs in a bare process).
    static let peakMemoryCeiling = 40_000_000

    static func simulate(_ setup: SimulationSetup, _ energy: SimulationEnergyModel) async -> SimulationResult {
        await Simulator.run(setup, policyName: Policy.default.name) { policyOn in
            GovernorDriver(policy: policyOn ? Policy.default : GovernorDriver.passThrough(Policy.default), energy: energy)
        }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func setup(hours: Double = 1) -> (SimulationSetup, SimulationEnergyModel) {
        let duration = 3600 * hours
        let profilePath = root.appendingPathComponent("Policies/devices/phone.yaml").path
        let profile = try! DeviceProfile.parse(yaml: String(contentsOfFile: profilePath, encoding: .utf8), file: profilePath)
        let energy = SimulationEnergyModel(estimator: EnergyEstimator(profile: profile))
        let loader = FeedbackLoader(energy: energy)
        let explosion = AHAPPattern(items: [
            .event(
                AHAPEvent(
                    type: .hapticTransient,
                    time: 0,
                    parameters: [.init(id: .hapticIntensity, value: 1), .init(id: .hapticSharpness, value: 1)]
                )
            ),
            .event(
                AHAPEvent(
                    type: .hapticContinuous,
                    time: 0.02,
                    duration: 0.6,
                    parameters: [.init(id: .hapticIntensity, value: 0.8), .init(id: .hapticSharpness, value: 0.4)]
                )
            ),
        ])
        let tap = AHAPPattern(items: [
            .event(
                AHAPEvent(
                    type: .hapticTransient,
                    time: 0,
                    parameters: [.init(id: .hapticIntensity, value: 0.4), .init(id: .hapticSharpness, value: 0.2)]
                )
            )
        ])
        let scenario = Scenario(
            name: "one-hour",
            durationSeconds: duration,
            timeStepSeconds: 0.1,
            seed: 1,
            ambient: AmbientSchedule(points: [.init(timeSeconds: 0, celsius: 25), .init(timeSeconds: 1200, celsius: 38)]),
            workload: [WorkloadSegment(name: "gaming", watts: 3.5, startSeconds: 0, durationSeconds: duration)],
            streams: [
                RequestStream(name: "explosions", arrivals: .poisson(perSecond: 4), payloads: [.pattern(path: "explosion")]),
                RequestStream(name: "taps", arrivals: .periodic(everySeconds: 1.0 / 6), payloads: [.pattern(path: "tap")], usage: .ui),
            ]
        )
        let items = [
            [
                loader.item(
                    named: "explosion",
                    request: SensoryRequest(id: "explosion", usage: .game, kind: .haptic(HapticPatternRequest(pattern: explosion)))
                )
            ],
            [loader.item(named: "tap", request: SensoryRequest(id: "tap", usage: .ui, kind: .haptic(HapticPatternRequest(pattern: tap))))],
        ]
        return (
            SimulationSetup(
                scenario: scenario,
                deviceName: profile.name,
                thermal: ThermalParameters(profile: profile),
                battery: BatteryParameters(profile: profile),
                items: items
            ),
            energy
        )
    }
}
