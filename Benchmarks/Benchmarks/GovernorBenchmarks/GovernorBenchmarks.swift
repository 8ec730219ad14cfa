import Benchmark
import Foundation
import Logging
import TemperAHAP
import TemperCore
import TemperTestKit

/// Goals (issue 4): a pass-through decision takes at most 1 µs; rewriting the explosion pattern under `serious`
/// takes at most 20 µs; and the report shows decisions per second from concurrent submitters.
///
/// Each measured run is 1,000 decisions (scalingFactor .kilo), so the raw wall clock is in ns per 1,000 decisions.
/// The checked-in p90s (`Benchmarks/Thresholds/GovernorBenchmarks.*.p90.json`) plus the absolute tolerances below
/// are the goals: 600,000 + 400,000 ns per run is 1 µs a pass-through decision, 4,500,000 + 15,500,000 is 20 µs
/// for the explosion under `serious`. Measured (2 shared cores, release, load 2; docs/performance.md keeps the
/// history): 0.25 µs and 0.31 µs; about 790,000 decisions a second from 8 submitters. The explosion's first
/// decision, its pattern priced and lowered from scratch (`ExplosionUnderSeriousCold`), takes 29 µs: over the
/// 20 µs, which holds for every repeat; a service prepares its patterns at load time (the design brief).
let benchmarks: @Sendable () -> Void = {
    let fixtures = GovernorBenchmarkFixtures()

    Benchmark(
        "PassThroughDecision",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal],
            timeUnits: .nanoseconds,
            warmupIterations: 10,
            scalingFactor: .kilo,
            maxDuration: .seconds(3),
            maxIterations: .kilo(10),
            thresholds: [.wallClock: .init(absolute: [.p90: 400_000]), .mallocCountTotal: .init(absolute: [.p90: 1_000])]
        )
    ) { benchmark in
        let rewriter = fixtures.rewriter
        let request = fixtures.tap
        for _ in benchmark.scaledIterations { blackHole(rewriter.decide(request, condition: .nominal)) }
    }

    Benchmark(
        "ExplosionUnderSerious",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal],
            timeUnits: .nanoseconds,
            warmupIterations: 10,
            scalingFactor: .kilo,
            maxDuration: .seconds(3),
            maxIterations: .kilo(10),
            thresholds: [.wallClock: .init(absolute: [.p90: 15_500_000]), .mallocCountTotal: .init(absolute: [.p90: 10_000])]
        )
    ) { benchmark in
        let rewriter = fixtures.rewriter
        let request = fixtures.explosion
        let serious = Condition(tier: .serious)
        for _ in benchmark.scaledIterations { blackHole(rewriter.decide(request, condition: serious)) }
    }

    // The same, cold: each decision is the first for its pattern (512 explosions that differ in the crack's
    // intensity, decided in turn; a run of 1,000 goes round them twice, and the memo has forgotten each by then),
    // so the rewriter prices the pattern, lowers it and applies the rules from scratch, as it does for a pattern it
    // has not seen. A memo of one entry was not cold: the prepared decision (the rules' result for a repeated
    // request) made it as warm as the benchmark above.
    Benchmark(
        "ExplosionUnderSeriousCold",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal],
            timeUnits: .nanoseconds,
            warmupIterations: 1,
            scalingFactor: .kilo,
            maxDuration: .seconds(3),
            maxIterations: .init(200)
        )
    ) { benchmark in
        let rewriter = fixtures.rewriter
        let requests = fixtures.distinctExplosions
        let serious = Condition(tier: .serious)
        for index in benchmark.scaledIterations { blackHole(rewriter.decide(requests[index % requests.count], condition: serious)) }
    }

    // Issue 19: a decision priced against a ledger of 64 playing requests (explosions and taps over the 2 s
    // before it), its marginal price what it adds to what plays around it. Goal: within 2× of the decision time
    // when the issue was filed: the same decision with nothing playing (`ExplosionAlone` below) took 0.83 µs p50 on
    // that code (`e36434a`, this benchmark added there), so at most 1.66 µs. Met: 1.34–1.42 µs p50, p90 up to
    // 1.43 µs, no allocation (2.4 µs and 3.2× at the start of this round, 5.0 µs before that). Against the same
    // decision alone today (0.47–0.50 µs, faster than then), 2.8–2.9×. The checked-in p90 with its tolerance says
    // the goal: 1,360 ns with 300 ns either way, so a p90 over 1.66 µs fails `thresholds check`.
    Benchmark(
        "ExplosionAgainst64Playing",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal],
            timeUnits: .microseconds,
            warmupIterations: 10,
            maxDuration: .seconds(3),
            maxIterations: .kilo(10),
            thresholds: [.wallClock: .init(absolute: [.p90: 300]), .mallocCountTotal: .init(absolute: [.p90: 4])]
        )
    ) { benchmark in
        let rewriter = fixtures.rewriter
        let playing = fixtures.sixtyFourPlaying
        let request = fixtures.explosion
        for _ in benchmark.scaledIterations { blackHole(rewriter.decide(request, condition: .nominal, playing: playing)) }
    }

    Benchmark(
        "ExplosionAlone",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal],
            timeUnits: .microseconds,
            warmupIterations: 10,
            maxDuration: .seconds(3),
            maxIterations: .kilo(10)
        )
    ) { benchmark in
        let rewriter = fixtures.rewriter
        let request = fixtures.explosion
        for _ in benchmark.scaledIterations { blackHole(rewriter.decide(request, condition: .nominal)) }
    }

    // Eight tasks submit 1,000 requests each to one governor; throughput is decisions per second.
    Benchmark(
        "ConcurrentSubmitters",
        configuration: .init(
            metrics: [.wallClock, .throughput],
            timeUnits: .microseconds,
            scalingFactor: .kilo,
            maxDuration: .seconds(3),
            maxIterations: .init(200)
        )
    ) { benchmark in
        let governor = fixtures.governor()
        let perTask = benchmark.scaledIterations.count / 8
        benchmark.startMeasurement()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<perTask {
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
        distinctExplosions = (0..<512).map { index in
            var pattern = document.pattern
            if case .event(var crack) = pattern.items[0], let intensity = crack.parameters.firstIndex(where: { $0.id == .hapticIntensity })
            {
                crack.parameters[intensity].value = 1 - Double(index) / 10_000
                pattern.items[0] = .event(crack)
            }
            let request = HapticPatternRequest(pattern: pattern, waveforms: document.waveforms)
            return SensoryRequest(id: "explosion-\(index)", usage: .game, kind: .haptic(request))
        }
        var ledger = PlaybackLedger()
        let estimator = EnergyEstimator(profile: profile)
        for index in 0..<64 {
            let request = index.isMultiple(of: 2) ? explosion : tap
            ledger.admit(estimator.playbackSignal(of: request.kind), at: 2 * Double(index) / 64)
        }
        sixtyFourPlaying = PlaybackContext(ledger: ledger, startSeconds: 2)
    }

    /// The explosion 512 times, each with its crack a little softer: payloads no memo has seen when decided in turn.
    let distinctExplosions: [SensoryRequest]

    /// 64 explosions and taps admitted over the two seconds before the new request starts, as a game at its
    /// busiest plays them: every one still overlaps it. Made once, outside what is measured.
    let sixtyFourPlaying: PlaybackContext

    func governor() -> Governor {
        Governor(
            policy: .default,
            profile: profile,
            source: FakeHostSource(),
            clock: ManualClock(),
            logger: Logger(label: "temper.benchmark") { _ in SwiftLogNoOpLogHandler() }
        )
    }
}
