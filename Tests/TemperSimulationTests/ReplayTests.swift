import Foundation
import TemperCore
import TemperSimulation
import TemperSimulationTestSupport
import Testing

@Suite struct ReplayTests {
    @Test func replayingTheShippedTraceReproducesItsTiers() throws {
        let snapshots = try TraceFile.read(contentsOf: SimulationFixtures.shippedTrace).snapshots
        let result = TraceReplay.replay(snapshots, settings: SimulationFixtures.policy.classifier, name: "heat-soak.jsonl")
        // The tiers the simulator's own run went through when it wrote this trace.
        #expect(result.transitions.map(\.to) == [.fair, .serious, .critical, .serious, .fair, .nominal])
        #expect(result.samples.count == snapshots.count)
        #expect(result.sensors == ["simulated/internal", "simulated/skin"])
        #expect(result.samples.contains { $0.forecastSeconds != nil })
    }

    @Test func replayOfARecordedRunReproducesTheRunsTiers() async throws {
        let setup = try SimulationFixtures.setup("heat-soak")
        let policy = SimulationFixtures.policy
        let driver = GovernorDriver(policy: policy, energy: SimulationFixtures.energy)
        let run = await Simulator.runOnce(
            setup,
            requests: setup.requests(),
            governing: driver,
            policyName: policy.name,
            snapshotEverySeconds: 1
        )
        // Round-trip through the trace format, exactly as `temper record` and `temper report` would.
        let snapshots = try TraceFile.read(TraceFile.encode(run.snapshots)).snapshots
        #expect(snapshots == run.snapshots)
        let replay = TraceReplay.replay(snapshots, settings: policy.classifier, name: "recorded")
        #expect(replay.transitions.map(\.to) == run.summary.transitions.map(\.to))
        for (replayed, original) in zip(replay.transitions, run.summary.transitions) {
            #expect(abs(replayed.timeSeconds - original.timeSeconds) <= 2, "\(original.from) → \(original.to)")
        }
    }

    @Test func aMalformedLineIsAnErrorWithItsLineNumber() throws {
        var lines = String(decoding: try Data(contentsOf: SimulationFixtures.shippedTrace), as: UTF8.self).split(separator: "\n").map(
            String.init
        )
        lines[4] = #"{"timestamp": "yesterday"}"#
        #expect {
            try TraceFile.read(Data(lines.joined(separator: "\n").utf8), file: "broken.jsonl")
        } throws: { error in
            guard let error = error as? TemperError else { return false }
            return error.code == .invalidTrace && error.line == 5 && error.description.hasPrefix("broken.jsonl:5:")
        }
        #expect(throws: TemperError.self) { try TraceFile.read(Data("\n\n".utf8), file: "empty.jsonl") }
        #expect(throws: TemperError.self) { try TraceFile.read(Data("not json\n".utf8), file: "text.jsonl") }
    }
}
