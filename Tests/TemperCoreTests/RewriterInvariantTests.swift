import Foundation
import TemperAHAP
import TemperCore
import Testing

/// The rewriter's promises, over the corpus, the examples and the brief's patterns, under every haptics mode.
@Suite struct RewriterInvariantTests {
    static let sources: [(String, HapticPatternRequest)] =
        [("explosion", HapticPatternRequest(pattern: RewriterFixtures.explosion)), ("alarm", HapticPatternRequest(pattern: RewriterFixtures.alarm))]
        + RewriterFixtures.patterns.map { ($0.file, $0.request) }

    /// Each rule variant under one condition (a uniform policy is the same under all), and the brief's policy under all.
    static let cases: [(Rewriter, [Condition])] =
        RewriterFixtures.ruleVariants.map { (RewriterFixtures.rewriter(RewriterFixtures.uniform($0)), [Condition.nominal]) }
        + RewriterFixtures.shippedPolicies.map { (RewriterFixtures.rewriter($0), RewriterFixtures.allConditions) }

    @Test func theCorpusIsCoveredWhenPresent() throws {
        let corpusFiles = RewriterFixtures.patternFiles.filter { $0.hasPrefix(RewriterFixtures.corpusFolder) }
        try #require(!corpusFiles.isEmpty || !FileManager.default.fileExists(atPath: RewriterFixtures.corpusFolder), "the corpus is present but no pattern was found")
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

    @Test func shortenedRumblesAlwaysEndWithARelease() {
        let rewriter = RewriterFixtures.rewriter(RewriterFixtures.uniform(FeedbackRules(haptics: .capRumble(maxSeconds: 0.25, fadeSeconds: 0.1))))
        for (name, haptic) in Self.sources {
            let decision = rewriter.decide(SensoryRequest(id: name, usage: .game, kind: .haptic(haptic)), condition: .nominal)
            guard let pattern = decision.pattern else { continue }
            let originals = haptic.pattern.events
            for event in pattern.events where event.type == .hapticContinuous {
                let before = originals.first { $0.time == event.time && $0.type == .hapticContinuous }
                guard let before, let old = before.duration, let new = event.duration, new < old else { continue }
                #expect(new <= 0.25 + 1e-12, "\(name)")
                #expect(event.value(of: .releaseTime) > 0, "\(name): a shortened rumble stops dead")
            }
            // No curve outlives the last event.
            let end = pattern.events.reduce(0) { max($0, $1.time + ($1.duration ?? 0)) }
            if decision.fired("haptics.curvesClipped") {
                for curve in pattern.parameterCurves {
                    #expect((curve.controlPoints.last.map { curve.time + $0.time } ?? 0) <= end + 1e-9, "\(name)")
                }
            }
        }
    }
}
