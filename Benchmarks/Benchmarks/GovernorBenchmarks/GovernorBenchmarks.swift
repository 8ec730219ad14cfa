import Benchmark
import Foundation
import Logging
import TemperAHAP
import TemperCore
import TemperTestKit

/// Goals (issue 4): a pass-through decision takes at most 1 µs; rewriting the explosion pattern under `serious`
/// takes at most 20 µs; and the report shows decisions per second from concurrent submitters.
///
/// Each measured run is 1,000 decisions (scalingFactor .kilo), so the wall clock is in ns per 1,000 decisions:
/// 1,000,000 ns per run is the 1 µs goal, 20,000,000 the 20 µs goal. Thresholds are checked in under
/// `Benchmarks/Thresholds/GovernorBenchmarks.*.p90.json`.
let benchmarks: @Sendable () -> Void = {
    let fixtures = GovernorBenchmarkFixtures()

    Benchmark(
        "PassThroughDecision",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 10, scalingFactor: .kilo,
            maxDuration: .seconds(3), maxIterations: .kilo(10),
            thresholds: [.wallClock: .init(absolute: [.p90: 1_000_000])]
        )
    ) { benchmark in
        let rewriter = fixtures.rewriter
        let request = fixtures.tap
        for _ in benchmark.scaledIterations { blackHole(rewriter.decide(request, condition: .nominal)) }
    }

    Benchmark(
        "ExplosionUnderSerious",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 10, scalingFactor: .kilo,
            maxDuration: .seconds(3), maxIterations: .kilo(10),
            thresholds: [.wallClock: .init(absolute: [.p90: 20_000_000])]
        )
    ) { benchmark in
        let rewriter = fixtures.rewriter
        let request = fixtures.explosion
        let serious = Condition(tier: .serious)
        for _ in benchmark.scaledIterations { blackHole(rewriter.decide(request, condition: serious)) }
    }

    // Eight tasks submit 1,000 requests each to one governor; throughput is decisions per second.
    Benchmark(
        "ConcurrentSubmitters",
        configuration: .init(metrics: [.wallClock, .throughput], timeUnits: .microseconds, scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: .init(200))
    ) { benchmark in
        let governor = fixtures.governor()
        benchmark.startMeasurement()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<(benchmark.scaledIterations.count / 8) {
                        let request = SensoryRequest(id: "\(task)-\(index)", usage: .ui, kind: .system(.selection))
                        blackHole(await governor.submit(request))
                    }
                }
            }
        }
        benchmark.stopMeasurement()
    }
}

/// The policy, profile and requests the benchmarks share.
struct GovernorBenchmarkFixtures: Sendable {
    let rewriter: Rewriter
    let profile: DeviceProfile
    let tap = SensoryRequest(id: "tap", usage: .ui, kind: .system(.impact(.light, intensity: 0.6)))
    let explosion: SensoryRequest

    init() {
        // Benchmarks run from the Benchmarks package folder; the built-in files are one level up.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let profileText = (try? String(contentsOf: root.appendingPathComponent("Policies/devices/phone.yaml"), encoding: .utf8)) ?? ""
        profile = try! DeviceProfile.parse(yaml: profileText, file: "phone.yaml")
        rewriter = Rewriter(policy: .default, energyModel: EnergyEstimator(profile: profile))
        let document = try! AHAPReader.load(contentsOf: root.appendingPathComponent("Examples/patterns/ring-explosion.ahap").path)
        explosion = SensoryRequest(id: "explosion", usage: .game, kind: .haptic(HapticPatternRequest(document: document)))
    }

    func governor() -> Governor {
        Governor(
            policy: .default, profile: profile, source: FakeHostSource(), clock: ManualClock(),
            logger: Logger(label: "temper.benchmark") { _ in SwiftLogNoOpLogHandler() }
        )
    }
}
