import Foundation
import TemperAHAP
import TemperTestKit
import Testing

@testable import TemperCore

/// The governor's playback ledger: a request is charged what it adds to what already plays, on one mixed signal
/// per actuator and one audio path, and the budget is charged that.
@Suite struct PlaybackLedgerTests {
    typealias R = RewriterFixtures

    static let buzz = AHAPPattern(items: [
        .event(
            AHAPEvent(
                type: .hapticContinuous,
                time: 0,
                duration: 0.3,
                parameters: [.init(id: .hapticIntensity, value: 0.8), .init(id: .hapticSharpness, value: 0.5)]
            )
        )
    ])

    static func buzzRequest(_ id: String) -> SensoryRequest { R.haptic(buzz, id: id) }

    static let sound = SensoryRequest(
        id: "sound",
        usage: .game,
        kind: .audio(AudioCue(position: Vector3(0, 0, -1), rendering: .twoD, volume: 0.7, durationSeconds: 1.2))
    )

    @Test func aSecondCopyPlayingWithTheFirstAddsNothing() async {
        let clock = ManualClock()
        let governor = GovernorTestSupport.governor(policy: R.uniform(FeedbackRules()), clock: clock)
        let first = await governor.submit(Self.buzzRequest("a"))
        let second = await governor.submit(Self.buzzRequest("b"))
        #expect(first.marginalEnergyMillijoules == first.energyAfterMillijoules)
        #expect(first.marginalEnergy == nil, "nothing played before it: its own price")
        // Two identical buzzes at once are one vibration: the second costs its standalone price alone, but adds
        // nothing to what already plays.
        #expect(second.energyAfterMillijoules == first.energyAfterMillijoules)
        #expect(second.marginalEnergyMillijoules < 1e-6 * first.energyAfterMillijoules)
    }

    @Test func aRequestLongAfterTheLastPaysItsOwnPriceAndTheLedgerForgets() async {
        let clock = ManualClock()
        let governor = GovernorTestSupport.governor(policy: R.uniform(FeedbackRules()), clock: clock)
        _ = await governor.submit(Self.buzzRequest("a"))
        clock.advance(by: 60)
        let later = await governor.submit(Self.buzzRequest("b"))
        #expect(later.marginalEnergyMillijoules == later.energyAfterMillijoules)
        #expect(later.marginalEnergy == nil)
    }

    @Test func theBudgetIsChargedTheMarginalPrice() async throws {
        let clock = ManualClock()
        var rules = FeedbackRules()
        rules.budget = EnergyBudget(millijoules: 1000, windowSeconds: 600)
        let governor = GovernorTestSupport.governor(policy: R.uniform(rules), clock: clock)
        let first = await governor.submit(Self.buzzRequest("a"))
        let afterFirst = try #require(first.budget?.remainingMillijoules)
        // A hundred copies of the buzz at the same moment: one vibration, charged once.
        var last = first
        for index in 0..<100 { last = await governor.submit(Self.buzzRequest("copy \(index)")) }
        #expect(last.outcome == .pass)
        let afterCopies = try #require(last.budget?.remainingMillijoules)
        #expect(abs(afterCopies - afterFirst) < 1e-3)
        #expect(abs((1000 - afterFirst) - first.energyAfterMillijoules) < 1e-6)
    }

    @Test func soundsInsideOneAnothersTailShareTheAudioPath() async {
        let clock = ManualClock()
        let governor = GovernorTestSupport.governor(policy: R.uniform(FeedbackRules()), clock: clock)
        let first = await governor.submit(Self.sound)
        clock.advance(by: 1)
        let second = await governor.submit(Self.sound)
        #expect(second.energyAfterMillijoules == first.energyAfterMillijoules)
        #expect(second.marginalEnergyMillijoules < second.energyAfterMillijoules)
        #expect(second.marginalEnergyMillijoules > 0)
        #expect((second.marginalEnergy?.audioMillijoules ?? 0) > 0)
    }

    @Test func rewriteDecidesARequestListAgainstWhatTheOnesBeforeItPlay() {
        let rewriter = R.rewriter(R.uniform(FeedbackRules()))
        var late = Self.buzzRequest("late")
        late.targetTime = 30
        let decisions = rewriter.decideInOrder([Self.buzzRequest("a"), Self.buzzRequest("b"), late], condition: .nominal)
        #expect(decisions[1].marginalEnergyMillijoules < 1e-6)
        #expect(decisions[2].marginalEnergyMillijoules == decisions[2].energyAfterMillijoules)
    }

    @Test func aDecisionCarriesBothPricesThroughJSON() throws {
        let rewriter = R.rewriter(R.uniform(FeedbackRules()))
        let decisions = rewriter.decideInOrder([Self.buzzRequest("a"), Self.buzzRequest("b")], condition: .nominal)
        let text = try TemperJSON.string(decisions[1])
        #expect(text.contains("\"marginalEnergyMillijoules\""))
        #expect(text.contains("\"energyAfterMillijoules\""))
        let decoded = try TemperJSON.decoder().decode(Decision.self, from: Data(text.utf8))
        #expect(decoded == decisions[1])
    }

    /// The ledger mixes what it admits once and prices a new request against that mix: summed over a stream of
    /// different payloads at uneven starts, the prices must add up to every voice of the stream mixed at once.
    @Test func pricesAgainstTheKeptMixAddUpToMixingEveryVoiceAgain() throws {
        let kinds: [SensoryRequest.Kind] = [
            Self.buzzRequest("buzz").kind,
            Self.sound.kind,
            R.haptic(R.explosion, id: "explosion").kind,
            .system(.impact(.light, intensity: 0.6)),
            .audio(AudioCue(position: Vector3(1, 0, 0), rendering: .spatial, volume: 0.3, durationSeconds: 0.4)),
        ]
        var ledger = PlaybackLedger()
        var placed: [(signal: PlaybackSignal, startSeconds: Double)] = []
        var charged = 0.0
        var state: UInt64 = 19
        var start = 0.0
        for index in 0..<60 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            start += Double(state >> 40) / Double(1 << 24) * 0.4
            let signal = R.estimator.playbackSignal(of: kinds[index % kinds.count])
            let alone = signal.estimate().energyMillijoules
            charged += ledger.marginalEnergy(of: signal, at: start)?.totalMillijoules ?? alone
            ledger.admit(signal, at: start)
            placed.append((signal, start))
        }
        var joint = try #require(
            placed.first.flatMap { first -> ActuatorMix? in
                guard case .voices(let mix, _, _) = first.signal.content else { return nil }
                return ActuatorMix(estimator: mix.estimator.withoutPowerTracking, itemCount: 0)
            }
        )
        for (signal, start) in placed {
            guard case .voices(let mix, _, _) = signal.content else { continue }
            joint.append(mix, at: start)
        }
        let whole = joint.totals().totalMillijoules
        #expect(abs(charged - whole) <= 1e-6 * whole, "charged \(charged) mJ against \(whole) mJ mixed at once")
    }

    /// Everything `placed` plays mixed at once, priced for its totals: what a ledger's prices must add up to.
    static func jointMillijoules(_ placed: [(signal: PlaybackSignal, startSeconds: Double)]) -> Double {
        var joint: ActuatorMix?
        for (signal, start) in placed {
            guard case .voices(let mix, _, _) = signal.content else { continue }
            if joint == nil { joint = ActuatorMix(estimator: mix.estimator.withoutPowerTracking, itemCount: 0) }
            joint?.append(mix, at: start)
        }
        return joint?.totals().totalMillijoules ?? 0
    }

    /// A game at its busiest (the governor benchmark's 64 explosions and taps over two seconds): the actuator never
    /// rests, so a price reads the kept mix from where the request starts (or 0.2 s before it, 20 rise times)
    /// rather than its whole 2.15 s tail. Cut or not, it is what the request adds to everything mixed at once, to 1 µJ.
    @Test(arguments: [2.0, 1.3, 1.31, 0.77, 2.9])
    func aPriceInsideABusyStretchIsWhatItAddsToEverythingMixed(startSeconds: Double) {
        let explosion = R.estimator.playbackSignal(of: R.haptic(R.explosion, id: "explosion").kind).premixed()
        let tap = R.estimator.playbackSignal(of: SensoryRequest.Kind.system(.impact(.light, intensity: 0.6))).premixed()
        var ledger = PlaybackLedger()
        var placed: [(signal: PlaybackSignal, startSeconds: Double)] = []
        for index in 0..<64 {
            let signal = index.isMultiple(of: 2) ? explosion : tap
            let start = 2 * Double(index) / 64
            ledger.admit(signal, at: start)
            placed.append((signal, start))
        }
        // The view is cut short of the tail: the stretch before the request was busy for more than 0.2 s.
        var kept = MixedPlayback()
        for (signal, start) in placed {
            if case .voices(let mix, _, _) = signal.content { kept.add(mix, hapticMix: signal.hapticMix, at: start) }
        }
        let haptics = R.estimator.profile.haptics
        let floor = startSeconds - haptics.tailSeconds
        let cut = kept.hapticViewStart(before: startSeconds, settle: MixedPlayback.settleSeconds(haptics), floor: floor)
        #expect(cut > floor + 1)
        for signal in [explosion, tap] {
            let charged = ledger.marginalEnergy(of: signal, at: startSeconds)?.totalMillijoules
            let added = Self.jointMillijoules(placed + [(signal, startSeconds)]) - Self.jointMillijoules(placed)
            #expect(charged != nil)
            #expect(abs((charged ?? .nan) - max(0, added)) < 1e-3, "charged \(charged ?? .nan) mJ, adds \(added) mJ")
        }
    }

    @Test func theLedgerStaysBoundedUnderAFlood() {
        var ledger = PlaybackLedger()
        let signal = R.estimator.playbackSignal(of: Self.buzzRequest("a").kind)
        for index in 0..<(PlaybackLedger.capacity + 500) { ledger.admit(signal, at: Double(index) * 1e-3) }
        #expect(ledger.count == PlaybackLedger.capacity)
        ledger.admit(signal, at: .nan)
        ledger.admit(signal, at: .infinity)
        #expect(ledger.count == PlaybackLedger.capacity)
        #expect(ledger.marginalEnergy(of: signal, at: .nan) == nil)
        ledger.forget(before: 1e9)
        #expect(ledger.count == 0)
    }
}
