import Foundation
import TemperAHAP
import TemperCore
import TemperSimulation
import TemperSimulationTestSupport
import TemperTestSupport
import Testing

/// One vibration, one price: a stream of requests, simulated, costs what the same events cost as one pattern in
/// `temper score`, because the governor charges each request what it adds to what already plays (its marginal
/// price) rather than its price alone.
@Suite struct MarginalPricingTests {
    typealias F = SimulationFixtures

    /// How far apart a stream's copies start, as a fraction of one copy's length.
    enum Spacing: String, CaseIterable, Sendable {
        case overlapping, touching, apart

        func period(forLength length: Double) -> Double {
            switch self {
            case .overlapping: length / 2
            case .touching: length
            case .apart: length * 2
            }
        }
    }

    static let estimator = EnergyEstimator(profile: F.phone)
    static let patterns = PackagePaths.root.appendingPathComponent("Examples/patterns")

    /// Every example pattern, plus the issue's 0.3 s buzz at intensity 0.8 and its 1.2 s sound.
    static let payloads: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: patterns.path)) ?? []
        return names.filter { $0.hasSuffix(".ahap") }.sorted() + ["buzz", "sound"]
    }()

    /// What the stream plays, as a request, and as the AHAP pattern one copy of it is (with the estimator that
    /// prices a copy: spatial rendering is an option of the estimator).
    static func payload(
        _ name: String
    ) throws -> (request: SensoryRequest, pattern: AHAPPattern, waveforms: [Int: AHAPWaveform], estimator: EnergyEstimator) {
        switch name {
        case "buzz":
            let pattern = AHAPPattern(items: [
                .event(
                    AHAPEvent(
                        type: .hapticContinuous,
                        time: 0,
                        duration: 0.3,
                        parameters: [.init(id: .hapticIntensity, value: 0.8), .init(id: .hapticSharpness, value: 0.5)]
                    )
                )
            ])
            return (SensoryRequest(id: name, usage: .game, kind: .haptic(HapticPatternRequest(pattern: pattern))), pattern, [:], estimator)
        case "sound":
            let cue = AudioCue(position: Vector3(0, 0, -1), rendering: .twoD, volume: 0.7, durationSeconds: 1.2)
            let pattern = AHAPPattern(items: [
                .event(AHAPEvent(type: .audioContinuous, time: 0, duration: 1.2, parameters: [.init(id: .audioVolume, value: 0.7)]))
            ])
            return (SensoryRequest(id: name, usage: .game, kind: .audio(cue)), pattern, [:], estimator)
        default:
            let document = try AHAPReader.load(contentsOf: patterns.appendingPathComponent(name).path)
            let request = SensoryRequest(id: name, usage: .game, kind: .haptic(HapticPatternRequest(document: document)))
            return (request, document.pattern, document.waveforms, estimator)
        }
    }

    /// `copies` of `pattern`, each `period` later than the one before, as one pattern. A copy's dynamic
    /// parameters and curves belong to its own player, so each copy starts with the controls at their defaults.
    static func oneFile(
        _ pattern: AHAPPattern,
        _ waveforms: [Int: AHAPWaveform],
        copies: Int,
        period: Double
    ) -> (AHAPPattern, [Int: AHAPWaveform]) {
        var items: [AHAPItem] = []
        var allWaveforms: [Int: AHAPWaveform] = [:]
        let eventCount = pattern.events.count
        let controls = Set(pattern.dynamicParameters.map(\.id) + pattern.parameterCurves.map(\.id))
        for copy in 0..<copies {
            let offset = Double(copy) * period
            for (index, waveform) in waveforms { allWaveforms[copy * eventCount + index] = waveform }
            for id in controls.sorted(by: { $0.rawValue < $1.rawValue }) {
                items.append(.parameter(AHAPDynamicParameter(id: id, value: id.defaultValue, time: offset)))
            }
            for item in pattern.items {
                switch item {
                case .event(var event):
                    event.time += offset
                    items.append(.event(event))
                case .parameter(var parameter):
                    parameter.time += offset
                    items.append(.parameter(parameter))
                case .curve(var curve):
                    curve.time += offset
                    items.append(.curve(curve))
                }
            }
        }
        return (AHAPPattern(items: items), allWaveforms)
    }

    @Test(arguments: payloads, Spacing.allCases)
    func aStreamCostsWhatItsEventsCostAsOnePattern(_ name: String, _ spacing: Spacing) async throws {
        let (request, pattern, _, estimator) = try Self.payload(name)
        let length = max(estimator.estimate(request.kind).durationSeconds, 0.05)
        // A copy's curves hold their last value; copies that overlap would share them, so for patterns with
        // controls "the same events as one pattern" is defined only for copies that do not overlap.
        if spacing == .overlapping, !(pattern.dynamicParameters.isEmpty && pattern.parameterCurves.isEmpty) { return }
        try await Self.checkStream(name, every: spacing.period(forLength: length), copies: 20)
    }

    /// The issue's two streams: a 0.3 s buzz at intensity 0.8 every 0.2 s for a minute cost 13.8 J simulated and
    /// 8.2 J as one AHAP (1.68×); a 1.2 s sound every second, 1.32×.
    @Test(arguments: [("buzz", 0.2, 300), ("sound", 1.0, 60)])
    func theIssuesStreamsCostTheirEventsAsOnePattern(_ name: String, _ period: Double, _ copies: Int) async throws {
        try await Self.checkStream(name, every: period, copies: copies)
    }

    /// Simulates `copies` of payload `name`, one every `period` seconds, and checks that what played costs what
    /// the same events cost as one pattern in `temper score`, within 1 %.
    static func checkStream(_ name: String, every period: Double, copies: Int) async throws {
        let (request, pattern, waveforms, estimator) = try Self.payload(name)
        let alone = estimator.estimate(request.kind)
        let scenario = try Scenario.load(
            yaml: """
                version: 1
                name: stream
                duration: \(Double(copies) * period + 10) s
                timeStep: 100 ms
                seed: 1
                ambient: 25 °C
                workload:
                  - { name: idle, power: 300 mW, for: \(Double(copies) * period + 10) s }
                streams:
                  - { name: stream, kind: periodic, every: \(period) s, until: \(Double(copies) * period - period / 2) s, patterns: [x.ahap], usage: game }
                initial: { batteryPercentage: 60, onBattery: true, powerProfile: balanced }
                """,
            file: "stream.yaml"
        )
        let energy = SimulationEnergyModel(estimator: estimator)
        let item = FeedbackItem(name: name, energy: energy.estimate(request.kind), request: request)
        let setup = SimulationSetup(
            scenario: scenario,
            deviceName: F.phone.name,
            thermal: ThermalParameters(profile: F.phone),
            battery: BatteryParameters(profile: F.phone),
            items: [[item]]
        )
        #expect(setup.requests().count == copies)
        let result = await Simulator.run(setup, policyName: "default") { policyOn in
            GovernorDriver(policy: GovernorDriver.passThrough(F.policy), energy: energy)
        }
        let simulated = result.baseline.playedEnergy.totalMillijoules
        var scoring = estimator
        if case .audio(let cue) = request.kind { scoring.options.spatialAudio = cue.rendering == .spatial }
        let (merged, mergedWaveforms) = Self.oneFile(pattern, waveforms, copies: copies, period: period)
        let scored = scoring.estimate(merged, waveforms: mergedWaveforms).energyMillijoules
        #expect(scored > 0)
        #expect(
            abs(simulated - scored) <= 0.01 * scored,
            "\(name) every \(period) s: simulated \(simulated) mJ, one pattern \(scored) mJ, alone ×\(copies) \(alone.energyMillijoules * Double(copies)) mJ"
        )
    }
}
