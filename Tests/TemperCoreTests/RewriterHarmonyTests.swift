import Foundation
import TemperAHAP
import TemperCore
import TemperPatterns
import TemperTestSupport
import Testing

/// Issue 19, finding 8: a pattern's sound and rumble, designed together, are ruled per channel and stay together.
@Suite struct RewriterHarmonyTests {
    static func request(_ text: String = HarmonyPatterns.soundAndRumble, usage: UsageClass = .game) throws -> SensoryRequest {
        let document = try AHAPReader.read(Array(text.utf8), file: "sound-and-rumble.ahap")
        return SensoryRequest(id: "sound-and-rumble", usage: usage, kind: .haptic(HapticPatternRequest(document: document)))
    }

    static let handheld: Policy = {
        let path = PackagePaths.root.appendingPathComponent("Policies/handheld.yaml").path
        return try! Policy.parse(yaml: String(contentsOfFile: path, encoding: .utf8), file: path)
    }()

    let standard = RewriterFixtures.rewriter(.default)
    let handheld = RewriterFixtures.rewriter(Self.handheld)

    /// The pattern's sound alone and a medium impact at full strength, as the estimator prices them.
    private func soundAlone() throws -> (event: AHAPEvent, millijoules: Double) {
        let pattern = try #require(try Self.request().kind.hapticPattern)
        let sound = try #require(pattern.events.first { $0.type.isAudio })
        return (sound, RewriterFixtures.estimator.energyMillijoules(of: AHAPPattern(items: [.event(sound)])))
    }

    private var impactMillijoules: Double { RewriterFixtures.estimator.energyMillijoules(of: .impact(.medium, intensity: 1)) }

    /// Was: one system impact, the sound gone (1,403.5 mJ → 5.4 mJ in the issue's file). Now the impact stands at
    /// the rumble's onset and the sound plays on.
    @Test(arguments: [Condition(tier: .serious), Condition(tier: .fair, lowPower: true)])
    func aFallbackKeepsTheSoundAndPutsTheImpactAtTheFirstHapticOnset(condition: Condition) throws {
        let decision = standard.decide(try Self.request(), condition: condition)
        #expect(decision.outcome == .fallback)
        let pattern = try #require(decision.pattern, "a system impact alone would drop the sound")
        let (sound, soundMillijoules) = try soundAlone()
        #expect(pattern.events.filter { $0.type.isAudio } == [sound])
        let haptics = pattern.events.filter { $0.type.isHaptic }
        #expect(haptics.map(\.type) == [.hapticTransient])
        #expect(abs((haptics.first?.time ?? 0) - 0.1) <= 0.001)
        #expect(haptics.first?.value(of: .hapticIntensity) == 0.75)
        #expect(abs(decision.energyAfterMillijoules - (soundMillijoules + impactMillijoules)) < 1e-6)
        #expect(decision.energyAfterMillijoules < decision.energyBeforeMillijoules)
        #expect(decision.channels[.audio] == "as asked")
        #expect(decision.channels[.haptics]?.contains("simple medium impact at 0.10 s") == true)
    }

    /// Was: the whole pattern dropped under the handheld policy's serious `haptics: off`. Now the sound plays.
    @Test func hapticsOffLeavesTheSound() throws {
        let decision = handheld.decide(try Self.request(), condition: Condition(tier: .serious))
        #expect(decision.outcome == .rewritten)
        let (sound, soundMillijoules) = try soundAlone()
        #expect(decision.pattern?.events == [sound])
        #expect(abs(decision.energyAfterMillijoules - soundMillijoules) < 1e-6)
        #expect(decision.channels[.haptics]?.hasPrefix("not played: custom haptics are off") == true)
        #expect(decision.channels[.audio] == "as asked")
    }

    /// Was: the rumble capped at 1.0 s while its sound played to 1.5 s. Now the sound ends with it, same release.
    @Test func aCappedRumblesPairedSoundEndsWithIt() throws {
        let decision = handheld.decide(try Self.request(), condition: Condition(tier: .fair))
        #expect(decision.outcome == .rewritten)
        let pattern = try #require(decision.pattern)
        let rumble = try #require(pattern.events.first { $0.type == .hapticContinuous })
        let sound = try #require(pattern.events.first { $0.type.isAudio })
        #expect(rumble.duration == 1.0 && sound.duration == 1.0)
        #expect(rumble.time == 0.1 && sound.time == 0.1)
        #expect(sound.value(of: .releaseTime) == rumble.value(of: .releaseTime))
        #expect(rumble.value(of: .releaseTime) == 0.2)
        #expect(decision.fired("audio.cappedWithRumble"))
        #expect(decision.channels[.audio]?.contains("ends with its capped rumble") == true)
    }

    @Test func pairedAudioKeepLetsTheSoundPlayToItsEnd() throws {
        let policy = try Policy.parse(
            yaml: "version: 1\ntiers: {fair: {haptics: {mode: capRumble, maxDuration: 1s, fade: 0.2s}, pairedAudio: keep}}"
        )
        #expect(policy.tiers[.fair]?.pairedAudio == .keep)
        let decision = RewriterFixtures.rewriter(policy).decide(try Self.request(), condition: Condition(tier: .fair))
        let pattern = try #require(decision.pattern)
        #expect(pattern.events.first { $0.type.isAudio }?.duration == 1.5)
        #expect(pattern.events.first { $0.type == .hapticContinuous }?.duration == 1.0)
        #expect(decision.channels[.audio] == "as asked")
    }

    /// Pairing is by onset: a sound 100 ms after the rumble (more than the 50 ms window) is its own event.
    @Test func aSoundOutsideThePairingWindowIsLeftAlone() throws {
        let decision = handheld.decide(try Self.request(HarmonyPatterns.pattern(soundOnset: 0.2)), condition: Condition(tier: .fair))
        #expect(decision.pattern?.events.first { $0.type.isAudio }?.duration == 1.5)
        #expect(!decision.fired("audio.cappedWithRumble"))
        let paired = handheld.decide(try Self.request(HarmonyPatterns.pattern(soundOnset: 0.14)), condition: Condition(tier: .fair))
        // Paired 40 ms late: it ends where the rumble does, at 1.1 s.
        let sound = try #require(paired.pattern?.events.first { $0.type.isAudio })
        #expect(abs(sound.time + (sound.duration ?? 0) - 1.1) < 1e-9)
    }

    @Test func theDefaultPolicyCapsPairedSoundsAndTheReaderNamesABadChoice() throws {
        for tier in Tier.allCases { #expect(Policy.default.rules(for: Condition(tier: tier)).pairedAudio == .cap) }
        #expect(Self.handheld.tiers[.fair]?.pairedAudio == .cap)
        #expect(throws: TemperError.self) { try Policy.parse(yaml: "version: 1\ntiers: {fair: {pairedAudio: trim}}") }
        let errors = Policy.check(yaml: "version: 1\ntiers: {fair: {pairedAudio: trim}}", file: "p.yaml")
        #expect(errors.map(\.description).contains { $0.contains("expected one of cap, keep, found 'trim'") }, "\(errors)")
    }

    /// A budget with room for the impact but not the sound still lets the causal moment through, and says so.
    @Test func aBudgetTooSmallForTheSoundKeepsTheImpact() throws {
        let budget = BudgetSnapshot(capacityMillijoules: 2000, remainingMillijoules: 100, windowSeconds: 60)
        let decision = standard.decide(try Self.request(), condition: Condition(tier: .serious), budget: budget)
        #expect(decision.outcome == .fallback)
        let pattern = try #require(decision.pattern)
        #expect(pattern.events.map(\.type) == [.hapticTransient])
        #expect(abs((pattern.events.first?.time ?? 0) - 0.1) <= 0.001)
        #expect(abs(decision.energyAfterMillijoules - impactMillijoules) < 1e-6)
        #expect(decision.channels[.audio] == "not played: the pattern's sounds do not fit the budget")
    }

    /// A custom sound's waveform follows it when the haptic events before it go, and a waveform shorter than the
    /// capped rumble is not lengthened or faded.
    @Test func aWaveformFollowsItsSoundThroughTheEdits() throws {
        let wave = AHAPWaveform(path: "thud.wav", resolvedPath: "/sounds/thud.wav", durationSeconds: 0.25)
        let pattern = AHAPPattern(items: [
            .event(AHAPEvent(type: .hapticTransient, time: 0.1, parameters: [.init(id: .hapticIntensity, value: 1)])),
            .event(AHAPEvent(type: .hapticContinuous, time: 0.1, duration: 1.5, parameters: [.init(id: .hapticIntensity, value: 1)])),
            .event(AHAPEvent(type: .audioCustom, time: 0.1, parameters: [.init(id: .audioVolume, value: 0.7)], waveformPath: "thud.wav")),
        ])
        let request = SensoryRequest(id: "thud", usage: .game, kind: .haptic(HapticPatternRequest(pattern: pattern, waveforms: [2: wave])))
        let off = handheld.decide(request, condition: Condition(tier: .serious))
        guard case .haptic(let result)? = off.request?.kind else {
            Issue.record("expected the sound to play, got \(String(describing: off.request))")
            return
        }
        #expect(result.waveforms == [0: wave])
        let sound = AHAPPattern(items: [pattern.items[2]])
        #expect(abs(off.energyAfterMillijoules - RewriterFixtures.estimator.energyMillijoules(of: sound, waveforms: [0: wave])) < 1e-6)
        let capped = handheld.decide(request, condition: Condition(tier: .fair))
        #expect(!capped.fired("audio.cappedWithRumble"), "a 0.25 s sound already ends before the 1 s cap")
        #expect(capped.pattern?.events.last == pattern.events.last)
    }

    /// Every onset stays within 1 ms, no rewrite costs more than asked, and each request gets one decision,
    /// under every condition of every shipped policy, for the sound-and-rumble pattern and a usage that is exempt.
    @Test(arguments: [UsageClass.game, .alarm])
    func onsetsStayAndNothingCostsMore(usage: UsageClass) throws {
        let requests = try [0.1, 0.12, 0.3].map { try Self.request(HarmonyPatterns.pattern(soundOnset: $0), usage: usage) }
        for policy in RewriterFixtures.shippedPolicies {
            let rewriter = RewriterFixtures.rewriter(policy)
            for condition in RewriterFixtures.allConditions {
                let decisions = rewriter.decideInOrder(requests, condition: condition)
                #expect(decisions.count == requests.count)
                for (request, decision) in zip(requests, decisions) {
                    let context = "\(policy.name) under \(condition)"
                    #expect(decision.requestID == request.id, "\(context)")
                    #expect(decision.energyAfterMillijoules <= decision.energyBeforeMillijoules + 1e-9, "\(context)")
                    let asked = try #require(request.kind.hapticPattern).events
                    guard let played = decision.pattern else { continue }
                    for sound in played.events where sound.type.isAudio {
                        #expect(asked.contains { $0.type.isAudio && abs($0.time - sound.time) <= 0.001 }, "\(context): a sound moved")
                    }
                    if let first = played.events.filter({ $0.type.isHaptic }).map(\.time).min() {
                        #expect(abs(first - 0.1) <= 0.001, "\(context): the first haptic onset moved to \(first)")
                    }
                }
            }
        }
    }
}

extension SensoryRequest.Kind {
    fileprivate var hapticPattern: AHAPPattern? {
        if case .haptic(let haptic) = self, haptic.content.source == .ahap { haptic.content.ahapPattern } else { nil }
    }
}
