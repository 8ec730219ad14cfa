import Foundation
import Logging
import TemperCore
import TemperFiles
import TemperTestKit
import TemperTestSupport
import Testing

extension LibtemperTests {
    /// A live player driven from C (`temper-example player`, Examples/c/temper-example.c): started, turned up,
    /// re-clamped when the condition turns serious (the callback told, on the calling thread), stopped; each step
    /// plays what the Swift governor plays for the same calls.
    @Suite struct CPlayerTests {
        let library: InstalledLibrary

        init() throws {
            library = try InstalledLibrary.shared.get()
        }

        /// One `step<TAB>outcome<TAB>intensity<TAB>sharpness<TAB>volume<TAB>charged` line per step.
        struct Step: Equatable {
            var outcome: String
            var intensity: Double
            var sharpness: Double
            var volume: Double
        }

        @Test func aLivePlayerIsClampedReclampedAndStoppedAsTheSwiftGovernorDoes() async throws {
            let result = try InstalledLibrary.run(
                library.example,
                ["player", "Examples/players/engine.json"],
                environment: library.environment
            )
            #expect(result.status == 0, "\(result.stderr)")
            var steps: [String: Step] = [:]
            var charged: [String: Double] = [:]
            var callbacks: [String] = []
            for line in result.stdout.split(separator: "\n") {
                let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
                if fields.first == "callback", fields.count == 3 {
                    callbacks.append(fields[2])
                    continue
                }
                let columns = line.split(separator: "\t").map(String.init)
                guard columns.count == 6, let values = Optional(columns[2...].compactMap(Double.init)), values.count == 4 else { continue }
                steps[columns[0]] = Step(outcome: columns[1], intensity: values[0], sharpness: values[1], volume: values[2])
                charged[columns[0]] = values[3]
            }
            #expect(result.stdout.contains("callbacks\t1"), "\(result.stdout)")

            // The same calls on the Swift governor, with the default policy on the phone.
            let policy = try PolicyLibrary.standard().policy()
            let profile = try DeviceProfileLibrary.standard().profile()
            let governor = Governor(
                policy: policy,
                profile: profile,
                source: FakeHostSource(),
                clock: ManualClock(now: 0),
                logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
            )
            let request = try RequestDecoder(fileName: "engine.json").decodePlayer(
                try Data(contentsOf: PackagePaths.root.appendingPathComponent("Examples/players/engine.json"))
            )
            func step(_ decision: PlayerDecision) -> Step {
                Step(
                    outcome: decision.outcome.rawValue,
                    intensity: decision.playing.intensity,
                    sharpness: decision.playing.sharpness,
                    volume: decision.playing.volume
                )
            }
            let started = try await governor.startPlayer(request)
            let turnedUp = try await governor.updatePlayer(started.handle, to: PlayerParameters(intensity: 1, sharpness: 0.3, volume: 0.5))
            await governor.setCondition(Condition(tier: .serious))
            let serious = try await governor.updatePlayer(started.handle, to: PlayerParameters(intensity: 1, sharpness: 0.3, volume: 0.5))
            #expect(steps["start"] == step(started))
            #expect(steps["update"] == step(turnedUp))
            #expect(steps["serious"] == step(serious))
            #expect(serious.outcome == .clamped && serious.playing.intensity < 1, "serious clamps the player: \(serious)")
            #expect(steps["stop"]?.outcome == "stopped")
            #expect((charged["stop"] ?? 0) > 0, "what the player played was charged: \(charged)")

            // The callback heard the re-clamp, with the serious condition and the same values.
            #expect(callbacks.count == 1)
            let told = try JSONDecoder().decode(PlayerDecision.self, from: Data((callbacks.first ?? "").utf8))
            #expect(told.cause == .condition)
            #expect(told.condition.tier == .serious)
            #expect(told.playing.intensity == serious.playing.intensity)
        }
    }
}
