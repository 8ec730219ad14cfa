import Foundation
import TemperCore
import TemperSimulationTestSupport
import Testing

@testable import TemperSimulation

/// Feedback heat as the device draws it (issue 32): spread over each request's playing time, not put in one step;
/// and entered where it is made, at the actuator and the speaker amplifier.
@Suite struct FeedbackHeatTests {
    @Test func aDrawIsSpreadEvenlyOverItsPlayingTimeAndAddsUpToItsEnergy() {
        var heat = FeedbackHeat()
        heat.add(EnergyBreakdown(continuousMillijoules: 600, audioMillijoules: 400), from: 0.05, over: 2)
        var taken: [FeedbackHeat.Taken] = []
        for step in 0..<30 { taken.append(heat.take(from: Double(step) * 0.1, to: Double(step + 1) * 0.1)) }
        let total = taken.reduce(0) { $0 + $1.joules }
        #expect(abs(total - 1) < 1e-12)
        #expect(abs(taken.reduce(0) { $0 + $1.audioJoules } - 0.4) < 1e-12)
        // 1 J over 2 s is 0.5 W: a full 0.1 s step holds 0.05 J, the first (from 0.05 s) half of it, none after 2.05 s.
        #expect(abs(taken[1].joules - 0.05) < 1e-12 && abs(taken[0].joules - 0.025) < 1e-12)
        #expect(taken[21...].allSatisfy { $0.joules == 0 })
        #expect(heat.isEmpty)
        // A request that draws nothing over time lands whole in the step it arrives in.
        heat.add(EnergyBreakdown(transientsMillijoules: 5), from: 3.02, over: 0)
        #expect(heat.take(from: 3, to: 3.1).joules == 0.005)
    }

    /// The heat-soak scenario's trace at one snapshot a second, as `temper simulate --record-trace t.jsonl
    /// --trace-interval 1` writes it, and the runs it comes from.
    static let recorded = Task { () throws -> (setup: SimulationSetup, summary: RunSummary, snapshots: [HostSnapshot]) in
        var scenario = try Scenario.load(contentsOf: SimulationFixtures.scenarios.appendingPathComponent("heat-soak.yaml"))
        scenario.durationSeconds = 10 * 60
        let inputs = try SimulationFixtures.inputs(scenario, standIns: false)
        let run = await Simulator.runOnce(
            inputs.setup,
            requests: inputs.setup.arrivals,
            governing: GovernorDriver(policy: inputs.policy, energy: inputs.energy),
            policyName: inputs.policy.name,
            snapshotEverySeconds: 1
        )
        return (inputs.setup, run.summary, run.snapshots)
    }

    @Test("a 1 s trace never shows more power than the workload plus the feedback playing then")
    func theTracesPowerIsWhatTheDeviceDrawsThen() async throws {
        let (setup, summary, snapshots) = try await Self.recorded.value
        let step = setup.scenario.timeStepSeconds
        // What a request adds to any instant it plays in is bounded by the highest power of any form it can play in,
        // as written or as the policy played it; it plays from its arrival for as long as its estimate draws power.
        let forms = { (item: FeedbackItem) in [ItemProfile(item)] + summary.playedVariants.filter { $0.name.hasPrefix(item.name + ", ") } }
        var peak: [String: Double] = [:]
        var draws: [String: Double] = [:]
        for item in setup.distinctItems {
            peak[item.name] = forms(item).map(\.peakMilliwatts).max()
            draws[item.name] = FeedbackHeat.drawSeconds(of: item.energy)
        }
        let requests = setup.requests()
        var highest = 0.0
        for snapshot in snapshots.dropFirst() {
            let power = try #require(snapshot.powerReadings.first { $0.kind == .power }?.value)
            // The reading is the step before the snapshot: the workload then, and every request that may be drawing.
            let (start, end) = (snapshot.time - step - 1e-6, snapshot.time + 1e-6)
            let playing = requests.filter { $0.timeSeconds < end && $0.timeSeconds + (draws[$0.item.name] ?? 0) > start }
            let feedback = playing.reduce(0) { $0 + (peak[$1.item.name] ?? 0) } / 1000
            let bound = setup.scenario.workloadWatts(at: snapshot.time - step / 2) + feedback
            #expect(power <= bound + 0.001, "\(snapshot.time) s: \(power) W against \(bound) W")
            highest = max(highest, power - setup.scenario.workloadWatts(at: snapshot.time - step / 2))
        }
        // The feedback shows, as the mean power of what plays: no 1 s sample reads a request's energy as one step's.
        let largestRequest = setup.distinctItems.map(\.energy.energyMillijoules).max() ?? 0
        #expect(highest > 0)
        #expect(highest < largestRequest / 1000 / step, "a request's whole energy in one step would read \(largestRequest / 1000 / step) W")
    }
}
