import Foundation
import TemperCore
import TemperSimulation
import Testing

@Suite struct ScenarioTests {
    static let sample = """
        version: 1
        name: sample
        duration: 10 min
        timeStep: 100 ms
        seed: 7
        ambient:
          - { at: 0 s, temperature: 25 °C }
          - { at: 2 min, temperature: 35 °C }
        workload:
          - { name: gaming, power: 3.5 W, for: 5 min }
          - { name: idle, power: 300 mW, for: 5 min }
        streams:
          - { name: hits, kind: poisson, rate: 2/s, patterns: [a.ahap, b.ahap], usage: game }
          - { name: ticks, kind: periodic, every: 1 s, patterns: tick.ahap, usage: ui, until: 1 min }
          - { name: salvo, kind: burst, count: 3, spacing: 50 ms, every: 20 s, patterns: [a.ahap] }
        initial: { batteryPercentage: 60, onBattery: true, powerProfile: balanced, skin: 30 °C }
        """

    @Test func readsEverySection() throws {
        let scenario = try Scenario.load(yaml: Self.sample, file: "/tmp/x/sample.yaml")
        #expect(scenario.durationSeconds == 600)
        #expect(abs(scenario.timeStepSeconds - 0.1) < 1e-12)
        #expect(scenario.seed == 7)
        #expect(scenario.ambient.celsius(at: 60) == 30)
        #expect(scenario.ambient.celsius(at: 500) == 35)
        #expect(scenario.workload.map(\.startSeconds) == [0, 300])
        #expect(abs(scenario.workloadWatts(at: 400) - 0.3) < 1e-12)
        #expect(scenario.streams.count == 3)
        #expect(scenario.streams[1].usage == .ui)
        #expect(scenario.initial.batteryPercentage == 60)
        #expect(scenario.resolve("a.ahap").path == "/tmp/x/a.ahap")
    }

    @Test func aScenarioCanSayTheAudioPathIsAlreadyOpen() throws {
        #expect(try Scenario.load(yaml: Self.sample).audioPathAlreadyOpen == false)
        let open = try Scenario.load(yaml: Self.sample + "\naudioPathAlreadyOpen: true\n")
        #expect(open.audioPathAlreadyOpen)
        #expect(throws: TemperError.self) { try Scenario.load(yaml: Self.sample + "\naudioPathAlreadyOpen: often\n") }
        // The run prices with it: a sound on the open path costs only its own part.
        let cue = AudioCue(position: .zero, rendering: .twoD, volume: 0, durationSeconds: 1)
        let closed = SimulationEnergyModel(profile: .referencePhone, scenario: try Scenario.load(yaml: Self.sample))
        #expect(closed.energyMillijoules(of: cue) > 100)
        #expect(SimulationEnergyModel(profile: .referencePhone, scenario: open).energyMillijoules(of: cue) == 0)
    }

    @Test func streamsAreDeterministicForASeed() throws {
        let scenario = try Scenario.load(yaml: Self.sample)
        let first = scenario.streams[0].arrivalTimes(durationSeconds: 600, scenarioSeed: 7, streamIndex: 0)
        let again = scenario.streams[0].arrivalTimes(durationSeconds: 600, scenarioSeed: 7, streamIndex: 0)
        let reseeded = scenario.streams[0].arrivalTimes(durationSeconds: 600, scenarioSeed: 8, streamIndex: 0)
        #expect(first == again)
        #expect(first != reseeded)
        // About 2 per second over 600 s.
        #expect(first.count > 1000 && first.count < 1400)
        #expect(scenario.streams[1].arrivalTimes(durationSeconds: 600, scenarioSeed: 7, streamIndex: 1).count == 60)
        let salvo = scenario.streams[2].arrivalTimes(durationSeconds: 600, scenarioSeed: 7, streamIndex: 2)
        #expect(salvo.count == 90)
        #expect(abs(salvo[1] - 0.05) < 1e-12)
    }

    @Test(arguments: [
        (
            "name: x\nduration: 10 min\nstreams:\n  - { kind: periodic, every: 1 s, patterns: a.ahap, colour: red }\n", "streams[0].colour",
            4
        ),
        ("name: x\nduration: ten minutes\n", "duration", 2),
        ("name: x\nduration: 1 min\nworkload:\n  - name: gaming\n    power: lots\n    for: 1 min\n", "workload[0].power", 5),
        ("name: x\nduration: 1 min\nstreams:\n  - { kind: sometimes, patterns: a.ahap }\n", "streams[0].kind", 4),
        ("name: x\nduration: 1 min\nspeed: 3\n", "speed", 3),
        ("name: x\nduration: 1 min\ninsulation:\n  - { name: towel, for: 1 min }\n", "insulation[0]", 4),
        ("name: x\nduration: 1 min\ninsulation:\n  - { resistance: warm, for: 1 min }\n", "insulation[0].resistance", 4),
        ("name: x\nduration: 1 min\ninsulation:\n  - { resistance: 5 K/W, from: 1 min, until: 10 s }\n", "insulation[0].until", 4),
        ("name: x\nduration: 1 min\ncharging:\n  - { power: 5 W, efficiency: 120 %, for: 1 min }\n", "charging[0].efficiency", 4),
        ("name: x\nduration: 1 min\ncharging:\n  - { power: 5 W, efficiency: 0 %, for: 1 min }\n", "charging[0].efficiency", 4),
        ("name: x\nduration: 1 min\ncharging:\n  - { power: 0 W, efficiency: 90 %, for: 1 min }\n", "charging[0].power", 4),
        ("name: x\nduration: 1 min\ncharging:\n  - { power: 5 W, efficiency: 90 %, for: 1 min, volts: 5 }\n", "charging[0].volts", 4),
        (
            "name: x\nduration: 1 min\ncharging:\n  - { power: 5 W, efficiency: 90 %, for: 1 min }\ninitial:\n  onBattery: false\n",
            "initial.onBattery", 6
        ),
    ])
    func malformedScenarioNamesTheKeyAndLine(yaml: String, path: String, line: Int) {
        #expect {
            try Scenario.load(yaml: yaml, file: "bad.yaml")
        } throws: { error in
            guard let error = error as? TemperError else { return false }
            return error.path == path && error.line == line && error.column != nil && error.file == "bad.yaml"
                && error.description.hasPrefix("bad.yaml:\(line):")
        }
    }

    @Test func brokenYAMLGivesLineAndColumn() {
        #expect {
            try Scenario.load(yaml: "name: x\nduration: [1, 2\n", file: "broken.yaml")
        } throws: { error in
            (error as? TemperError)?.code == .invalidYAML && (error as? TemperError)?.line != nil
        }
    }

    /// As `temper policy check` does: one bad value does not hide the next.
    @Test func everyProblemIsReportedInDocumentOrder() throws {
        let yaml = """
            name: x
            duration: 10 min
            colour: red
            workload:
              - { name: gaming, power: lots, for: 1 min }
              - { name: idle, power: 300 mW, for: 1 min }
            streams:
              - { kind: sometimes, patterns: a.ahap }
              - { kind: periodic, every: 1 s, patterns: b.ahap }
            initial: { batteryPercentage: 120 }
            """
        let (scenario, errors) = Scenario.read(yaml: yaml, file: "bad.yaml")
        #expect(errors.map(\.path) == ["colour", "workload[0].power", "streams[0].kind", "initial.batteryPercentage"])
        #expect(errors.map(\.line) == [3, 5, 8, 10])
        #expect(errors.allSatisfy { $0.file == "bad.yaml" && $0.column != nil })
        // What could be read is kept; what could not is left out.
        #expect(scenario?.workload.map(\.name) == ["idle"])
        #expect(scenario?.streams.count == 1)
        #expect(throws: errors[0]) { try Scenario.load(yaml: yaml, file: "bad.yaml") }
    }
}
