import Foundation
import TemperAHAP
import TemperCore
import Testing

/// The rewriter's promises, over the corpus, the examples and the brief's patterns, under every haptics mode.
@Suite struct RewriterInvariantTests {
    static let sources: [(String, HapticPatternRequest)] =
        [
            ("explosion", HapticPatternRequest(pattern: RewriterFixtures.explosion)),
            ("alarm", HapticPatternRequest(pattern: RewriterFixtures.alarm)),
        ]
        + RewriterFixtures.patterns.map { ($0.file, $0.request) }

    /// Each rule variant under one condition (a uniform policy is the same under all), and the brief's policy under all.
    static let cases: [(Rewriter, [Condition])] =
        RewriterFixtures.ruleVariants.map { (RewriterFixtures.rewriter(RewriterFixtures.uniform($0)), [Condition.nominal]) }
        + RewriterFixtures.shippedPolicies.map { (RewriterFixtures.rewriter($0), RewriterFixtures.allConditions) }

    @Test func theCorpusIsCoveredWhenPresent() throws {
        let corpusFiles = RewriterFixtures.patternFiles.filter { $0.hasPrefix(RewriterFixtures.corpusFolder) }
        try #require(
            !corpusFiles.isEmpty || !FileManager.default.fileExists(atPath: RewriterFixtures.corpusFolder),
            "the corpus is present but no pattern was found"
        )
        // Most real files read; the reader's own tests cover the ones that do not.
        #expect(RewriterFixtures.patterns.count * 10 >= RewriterFixtures.patternFiles.count * 8)
    }

    @Test(arguments: [UsageClass.game, .alarm])
    func everyRewriteKeepsItsPromises(usage: UsageClass) throws {
        for (name, haptic) in Self.sources {
            let request = SensoryRequest(id: name, usage: usage, kind: .haptic(haptic))
            let onsets = Set(haptic.pattern.events.map(\.time))
            for (rewriter, conditions) in Self.cases {
                for condition in conditions {
                    let decision = rewriter.decide(request, condition: condition)
                    let context = "\(name) under \(condition) with \(rewriter.policy.rules(for: condition).haptics)"
                    #expect(decision.energyAfterMillijoules <= decision.energyBeforeMillijoules + 1e-9, "\(context): energy rose")
                    if rewriter.policy.exemptUsages.contains(usage) {
                        #expect(decision.outcome != .dropped, "\(context): exempt usage dropped")
                    }
                    guard let pattern = decision.pattern else { continue }
                    // Times are never changed, so every onset is one the original had.
                    for event in pattern.events {
                        #expect(onsets.contains(event.time), "\(context): onset \(event.time) is new")
                    }
                    if decision.outcome != .pass {
                        let reread = try AHAPReader.read(AHAPWriter.write(pattern), file: name)
                        #expect(reread.pattern == pattern, "\(context): the rewritten pattern does not read back as written")
                    }
                }
            }
        }
    }

    /// Made-up patterns (seeded, so every run sees the same ones): overlapping events, curves running past the end,
    /// dynamic parameters, envelopes and audio.
    static let generated: [(String, HapticPatternRequest)] = {
        var generator = SeededGenerator(seed: 0x7E3D_E7)
        return (0..<150).map { index in
            var items: [AHAPItem] = []
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let time = Double(Int.random(in: 0...40, using: &generator)) * 0.025
                let intensity = AHAPEventParameter(id: .hapticIntensity, value: Double.random(in: 0...1, using: &generator))
                let sharpness = AHAPEventParameter(id: .hapticSharpness, value: Double.random(in: 0...1, using: &generator))
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: items.append(.event(AHAPEvent(type: .hapticTransient, time: time, parameters: [intensity, sharpness])))
                case 1:
                    let release = AHAPEventParameter(id: .releaseTime, value: Double.random(in: 0...0.3, using: &generator))
                    items.append(
                        .event(
                            AHAPEvent(
                                type: .hapticContinuous,
                                time: time,
                                duration: Double.random(in: 0.02...3, using: &generator),
                                parameters: [intensity, sharpness, release]
                            )
                        )
                    )
                case 2:
                    items.append(
                        .event(
                            AHAPEvent(
                                type: .audioContinuous,
                                time: time,
                                duration: Double.random(in: 0.05...1, using: &generator),
                                parameters: [AHAPEventParameter(id: .audioVolume, value: 0.7)]
                            )
                        )
                    )
                default:
                    let points = (0..<Int.random(in: 1...4, using: &generator)).map { step in
                        AHAPControlPoint(
                            time: Double(step) * Double.random(in: 0.1...1.5, using: &generator),
                            value: Double.random(in: 0...1, using: &generator)
                        )
                    }
                    items.append(.curve(AHAPParameterCurve(id: .hapticIntensityControl, time: time, controlPoints: points)))
                    items.append(.parameter(AHAPDynamicParameter(id: .hapticSharpnessControl, value: -0.2, time: time + 0.5)))
                }
            }
            if !items.contains(where: { if case .event = $0 { true } else { false } }) {
                items.append(.event(AHAPEvent(type: .hapticTransient, time: 0)))
            }
            return ("generated-\(index)", HapticPatternRequest(pattern: AHAPPattern(items: items)))
        }
    }()

    @Test(arguments: [UsageClass.media, .accessibility])
    func madeUpPatternsKeepThePromisesToo(usage: UsageClass) throws {
        for (name, haptic) in Self.generated {
            let request = SensoryRequest(id: name, usage: usage, kind: .haptic(haptic))
            let onsets = Set(haptic.pattern.events.map(\.time))
            for (rewriter, _) in Self.cases {
                let decision = rewriter.decide(request, condition: Condition(tier: .serious, lowPower: true))
                #expect(decision.energyAfterMillijoules <= decision.energyBeforeMillijoules + 1e-9, "\(name)")
                if usage == .accessibility { #expect(decision.outcome != .dropped, "\(name)") }
                guard let pattern = decision.pattern, decision.outcome != .pass else { continue }
                #expect(pattern.events.allSatisfy { onsets.contains($0.time) }, "\(name)")
                let reread = try AHAPReader.read(AHAPWriter.write(pattern), file: name)
                #expect(reread.pattern == pattern, "\(name)")
            }
        }
    }

    @Test func shortenedRumblesAlwaysEndWithARelease() {
        let rewriter = RewriterFixtures.rewriter(
            RewriterFixtures.uniform(FeedbackRules(haptics: .capRumble(maxSeconds: 0.25, fadeSeconds: 0.1)))
        )
        for (name, haptic) in Self.sources + Self.generated {
            let decision = rewriter.decide(SensoryRequest(id: name, usage: .game, kind: .haptic(haptic)), condition: .nominal)
            guard let pattern = decision.pattern else { continue }
            let originals = haptic.pattern.events
            for event in pattern.events where event.type == .hapticContinuous {
                let before = originals.first { $0.time == event.time && $0.type == .hapticContinuous }
                guard let before, let old = before.duration, let new = event.duration, new < old else { continue }
                #expect(new <= 0.25 + 1e-12, "\(name)")
                #expect(event.value(of: .releaseTime) > 0, "\(name): a shortened rumble stops dead")
            }
            // When the pattern got shorter, no curve or dynamic parameter outlives its new end.
            let end = pattern.events.reduce(0) { max($0, $1.time + ($1.duration ?? 0)) }
            let oldEnd = originals.reduce(0) { max($0, $1.time + ($1.duration ?? 0)) }
            guard end < oldEnd - 1e-9 else { continue }
            for curve in pattern.parameterCurves {
                #expect((curve.controlPoints.last.map { curve.time + $0.time } ?? 0) <= end + 1e-9, "\(name): a curve outlives the new end")
            }
            for parameter in pattern.dynamicParameters {
                #expect(parameter.time <= end + 1e-9, "\(name): a dynamic parameter outlives the new end")
            }
        }
    }

    /// The rewriter prices with the estimator's energy alone (no power timeline); that must be the same energy.
    @Test func theRewritersEnergyIsTheEstimatorsEnergy() {
        let estimator = RewriterFixtures.estimator
        for (name, haptic) in Self.sources + Self.generated {
            let full = estimator.estimate(haptic.pattern, waveforms: haptic.waveforms)
            let lean = estimator.energyMillijoules(of: haptic.pattern, waveforms: haptic.waveforms)
            #expect(abs(lean - full.energyMillijoules) <= 1e-9 * max(1, full.energyMillijoules), "\(name)")
        }
        var untracked = estimator
        untracked.options.tracksPower = false
        let explosion = untracked.estimate(RewriterFixtures.explosion)
        #expect(explosion.energyMillijoules > 0)
        #expect(explosion.peakMilliwatts == 0)
        #expect(explosion.powerSeries.isEmpty)
    }
}

/// A small deterministic generator (SplitMix64), so made-up inputs are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
