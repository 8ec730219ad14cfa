import Benchmark
import CTemper
import Foundation
import TemperCore

/// Issue 24's goal: a decision through the C API within 1.5× of the same decision in Swift.
///
/// Each pair decides the same request under the same condition with the default policy on the phone: through
/// libtemper's C functions (`temper_decide` on a request parsed once, then the outcome read and the decision
/// freed, as a C program at frame rate would) and through `Rewriter.decide(_:condition:)`, as
/// GovernorBenchmarks measures it. Each run is 1,000 decisions, so the raw wall clock is in ns per 1,000.
///
/// Measured at load 2 (p50), both sides reusing the rewriter's prepared memo for the repeated request: Swift
/// 0.415 µs for the pass-through tap and 0.97 µs for the explosion under serious; the `C.*` rows 1.26 µs
/// (7 allocations) and 1.95 µs. Those rows call a SwiftPM-built copy of the library inside this process, where
/// the harness's allocation interposer and a second Swift runtime add to every call; the shipped library
/// (scripts/build-library.sh, -O, runtime inside) from a plain C loop takes 0.45-0.48 µs and 0.64-0.68 µs,
/// measured with Benchmarks/WholeCommand/c-decide-loop.c. The goal is met by the shipped library (docs/c-api.md).
let benchmarks: @Sendable () -> Void = {
    let fixtures = CAPIFixtures()
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: .kilo(10)
    )

    for (name, request, condition) in [
        ("ExplosionUnderSerious", fixtures.explosion, "serious"),
        ("PassThroughTap", fixtures.tap, "nominal"),
    ] {
        Benchmark("C.\(name)", configuration: configuration) { benchmark in
            let governor = fixtures.governor(condition)
            defer { temper_governor_free(governor) }
            let handle = fixtures.cRequest(request)
            defer { temper_request_free(handle) }
            var decision: OpaquePointer?
            for _ in benchmark.scaledIterations {
                _ = temper_decide(governor, handle, &decision)
                blackHole(temper_decision_outcome(decision))
                temper_decision_free(decision)
            }
        }

        Benchmark("Swift.\(name)", configuration: configuration) { benchmark in
            let parsed = Condition(parsing: condition) ?? .nominal
            let decoded = fixtures.swiftRequest(request)
            let rewriter = fixtures.rewriter
            // The whole decision, as GovernorBenchmarks keeps it (and as the C handle holds it): reading only the
            // outcome would let the optimizer skip building the rest.
            for _ in benchmark.scaledIterations { blackHole(rewriter.decide(decoded, condition: parsed)) }
        }

        // The same call where the compiler cannot see the arguments (as inside libtemper, which gets them at run
        // time): without it, cross-module inlining lets the Swift loop fold the constant condition and the
        // absent budget into the rewriter's code.
        Benchmark("SwiftOpaque.\(name)", configuration: configuration) { benchmark in
            let parsed = Condition(parsing: condition) ?? .nominal
            let decoded = fixtures.swiftRequest(request)
            let rewriter = fixtures.rewriter
            for _ in benchmark.scaledIterations { blackHole(opaqueDecide(rewriter, identity(decoded), identity(parsed))) }
        }

        Benchmark("SwiftYAML.\(name)", configuration: configuration) { benchmark in
            let parsed = Condition(parsing: condition) ?? .nominal
            let decoded = fixtures.swiftRequest(request)
            let rewriter = fixtures.yamlRewriter
            for _ in benchmark.scaledIterations { blackHole(rewriter.decide(decoded, condition: parsed)) }
        }
    }
}

@inline(never)
func opaqueDecide(_ rewriter: Rewriter, _ request: SensoryRequest, _ condition: Condition) -> Decision {
    rewriter.decide(request, condition: condition)
}

/// The requests both sides decide, as JSON from Examples/requests, and the Swift rewriter.
struct CAPIFixtures: Sendable {
    let explosion: String
    let tap: String
    let rewriter: Rewriter
    let yamlRewriter: Rewriter

    init() {
        // Benchmarks run from the Benchmarks package folder; the project is one level up.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        func text(_ path: String) -> String {
            (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
        }
        explosion = text("Examples/requests/ring-explosion-haptic.json")
        tap = text("Examples/requests/button-impact.json")
        let profile = try! DeviceProfile.parse(yaml: text("Policies/devices/phone.yaml"), file: "phone.yaml")
        rewriter = Rewriter(policy: .default, energyModel: EnergyEstimator(profile: profile))
        let policy = try! Policy.parse(yaml: text("Policies/default.yaml"), file: "default.yaml")
        yamlRewriter = Rewriter(policy: policy, energyModel: EnergyEstimator(profile: profile))
    }

    /// A libtemper governor (the policy named default, the phone) under `condition`.
    func governor(_ condition: String) -> OpaquePointer? {
        var governor: OpaquePointer?
        precondition(temper_governor_new(nil, nil, &governor) == TEMPER_OK)
        precondition(temper_governor_set_condition(governor, condition) == TEMPER_OK)
        return governor
    }

    func cRequest(_ json: String) -> OpaquePointer? {
        var request: OpaquePointer?
        let status = json.withCString { temper_request_new($0, strlen($0), nil, &request) }
        precondition(status == TEMPER_OK, String(cString: temper_last_error()))
        return request
    }

    func swiftRequest(_ json: String) -> SensoryRequest {
        try! RequestDecoder(fileName: "request").decode(Array(json.utf8))
    }
}
