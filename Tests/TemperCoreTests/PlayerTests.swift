import TemperAHAP
import TemperCore
import TemperTestKit
import Testing

/// Live players (issue 24, item 3): clamped to the tier's rules and the budget at the start, at each update and at
/// each change of condition (the owner told), charged into the playback ledger as they play.
@Suite struct PlayerTests {
    /// Rules that clamp a player differently at each tier: fair scales the rumble, serious also caps it and turns
    /// the sound down and to 2D, critical plays only exempt usages; low power caps the rumble at 0.5 s.
    static let policy: Policy = {
        let serious = FeedbackRules(
            haptics: .capRumble(maxSeconds: 2, fadeSeconds: 0.1),
            intensityScale: 0.5,
            spatialAudioAllowed: false,
            audioVolumeScale: 0.5
        )
        let critical = FeedbackRules(haptics: .off, spatialAudioAllowed: false, nonEssentialAudio: false, exemptOnly: true)
        return Policy(
            name: "players",
            tiers: [.nominal: FeedbackRules(), .fair: FeedbackRules(intensityScale: 0.5), .serious: serious, .critical: critical],
            lowPower: [.nominal: FeedbackRules(rumbleCapSeconds: 0.5)]
        )
    }()

    static let engine = PlayerRequest(
        id: "engine",
        usage: .game,
        content: .continuous,
        audio: AudioCue(position: Vector3(0, 0, -2)),
        parameters: PlayerParameters(intensity: 0.8, sharpness: 0.3, volume: 0.5)
    )

    static func governor(_ policy: Policy = Self.policy, clock: ManualClock) -> Governor {
        GovernorTestSupport.governor(policy: policy, clock: clock)
    }

    /// Collects every player decision the governor hands its callback.
    final class Told: Sendable {
        let decisions = Locked<[PlayerDecision]>([])
        var all: [PlayerDecision] { decisions.withLock { $0 } }
        func attach(to governor: Governor) async {
            await governor.onPlayerDecision { decision in self.decisions.withLock { $0.append(decision) } }
        }
    }

    struct TierCase: Sendable, CustomTestStringConvertible {
        var tier: Tier
        var outcome: PlayerDecision.Outcome
        var intensity: Double
        var volume: Double
        var codes: [String]
        var capped: Bool
        var testDescription: String { tier.rawValue }
    }

    @Test(
        "a player's start is clamped to each tier's rules, with reasons",
        arguments: [
            TierCase(tier: .nominal, outcome: .playing, intensity: 0.8, volume: 0.5, codes: [], capped: false),
            TierCase(tier: .fair, outcome: .clamped, intensity: 0.4, volume: 0.5, codes: ["player.intensityScale"], capped: false),
            TierCase(
                tier: .serious,
                outcome: .clamped,
                intensity: 0.4,
                volume: 0.25,
                codes: ["player.rumbleCap", "player.intensityScale", "player.volumeScale", "player.audio2D"],
                capped: true
            ),
            TierCase(tier: .critical, outcome: .refused, intensity: 0, volume: 0, codes: ["player.exemptOnly"], capped: false),
        ]
    )
    func clampsUnderEachTier(_ tierCase: TierCase) async throws {
        let clock = ManualClock(now: 10)
        let governor = Self.governor(clock: clock)
        await governor.setCondition(Condition(tier: tierCase.tier))
        let started = try await governor.startPlayer(Self.engine)
        #expect(started.outcome == tierCase.outcome)
        #expect(abs(started.playing.intensity - tierCase.intensity) < 1e-12, "\(started.playing)")
        #expect(abs(started.playing.volume - tierCase.volume) < 1e-12)
        #expect(started.reasons.map(\.code.name) == tierCase.codes)
        #expect((started.playing.hapticsEndSeconds == 12) == tierCase.capped, "serious caps the rumble 2 s after the start")
        #expect(await governor.livePlayers.count == (tierCase.outcome == .refused ? 0 : 1))
        // An update is clamped by the same rules.
        if tierCase.outcome != .refused {
            let updated = try await governor.updatePlayer(started.handle, to: PlayerParameters(intensity: 1, sharpness: 0.9, volume: 1))
            #expect(updated.cause == .update)
            #expect(abs(updated.playing.intensity - (tierCase.tier == .nominal ? 1 : 0.5)) < 1e-12)
            #expect(updated.playing.sharpness == 0.9)
        }
    }

    @Test("haptics that allow no continuous event (the brief's serious: a simple impact) silence the rumble, not an exempt one")
    func simpleImpactSilencesTheRumble() async throws {
        let governor = Self.governor(RewriterFixtures.briefPolicy, clock: ManualClock())
        await governor.setCondition(Condition(tier: .serious))
        let rumble = try await governor.startPlayer(Self.engine)
        #expect(rumble.playing.intensity == 0)
        #expect(rumble.playing.volume == 0.5, "the sound still plays, in 2D")
        #expect(rumble.reasons.map(\.code.name) == ["player.hapticsOff", "player.audio2D"])
        var alarm = Self.engine
        alarm.usage = .alarm
        let exempt = try await governor.startPlayer(alarm)
        #expect(exempt.playing.intensity == 0.8)
    }

    @Test("a tier change re-clamps every live player at once and tells its owner, in the callback and the stream")
    func tierChangeReclampsAndTellsTheOwner() async throws {
        let clock = ManualClock()
        let governor = Self.governor(clock: clock)
        let told = Told()
        await told.attach(to: governor)
        let stream = governor.playerDecisions()
        let first = try await governor.startPlayer(Self.engine)
        let second = try await governor.startPlayer(
            PlayerRequest(id: "slider", usage: .ui, content: .continuous, parameters: .init(intensity: 0.6))
        )
        clock.advance(to: 1)
        await governor.setCondition(Condition(tier: .serious))
        let serious = told.all.filter { $0.cause == .condition }
        #expect(serious.map(\.handle) == [first.handle, second.handle])
        #expect(serious.map(\.playing.intensity) == [0.4, 0.3])
        #expect(serious.allSatisfy { $0.playing.hapticsEndSeconds == 3 }, "the cap counts from when it came into force")
        #expect(serious.allSatisfy { $0.condition.tier == .serious })
        clock.advance(to: 2)
        await governor.setCondition(Condition(tier: .critical))
        let critical = told.all.filter { $0.cause == .condition }.suffix(2)
        #expect(critical.allSatisfy { $0.outcome == .silenced && $0.playing.isSilent })
        #expect(critical.allSatisfy { $0.reasons.map(\.code.name) == ["player.exemptOnly"] })
        clock.advance(to: 3)
        await governor.setCondition(.nominal)
        let back = told.all.filter { $0.cause == .condition }.suffix(2)
        #expect(back.map(\.outcome) == [.playing, .playing])
        #expect(back.map(\.playing.intensity) == [0.8, 0.6], "the asked values play again")
        // The stream saw the same decisions, in order, after the two starts.
        var seen: [PlayerDecision] = []
        for await decision in stream {
            seen.append(decision)
            if seen.count == 8 { break }
        }
        #expect(seen.map(\.cause) == [.start, .start, .condition, .condition, .condition, .condition, .condition, .condition])
        #expect(seen == Array(told.all.prefix(8)))
    }

    @Test("a constant player is charged as it plays what the energy model prices its continuous event at")
    func chargedAsItPlays() async throws {
        let clock = ManualClock()
        var policy = Self.policy
        policy.tiers[.nominal]?.budget = EnergyBudget(millijoules: 100_000, windowSeconds: 1e9)
        let governor = Self.governor(policy, clock: clock)
        let player = try await governor.startPlayer(
            PlayerRequest(id: "hum", usage: .game, content: .continuous, parameters: PlayerParameters(intensity: 0.7, sharpness: 0.3))
        )
        var charged: [Double] = []
        for step in 1...6 {
            clock.advance(to: Double(step) * 0.5)
            charged.append(try #require(await governor.player(player.handle)).chargedMillijoules)
        }
        #expect(zip(charged, charged.dropFirst()).allSatisfy { $0 < $1 }, "charged as it plays: \(charged)")
        let stopped = try #require(await governor.stopPlayer(player.handle))
        #expect(stopped.outcome == .stopped)
        let event = AHAPEvent(
            type: .hapticContinuous,
            time: 0,
            duration: 3,
            parameters: [AHAPEventParameter(id: .hapticIntensity, value: 0.7), AHAPEventParameter(id: .hapticSharpness, value: 0.3)]
        )
        let model = EnergyEstimator(profile: RewriterFixtures.phoneProfile).energyMillijoules(of: AHAPPattern(items: [.event(event)]))
        #expect(model > 100)
        #expect(abs(stopped.chargedMillijoules - model) / model < 1e-6, "charged \(stopped.chargedMillijoules) mJ, the model \(model) mJ")
        // The budget paid it, and a one-shot request decided afterwards sees what is left.
        let left = try #require(stopped.budget?.remainingMillijoules)
        #expect(abs(left - (100_000 - stopped.chargedMillijoules)) < 1, "\(left)")
    }

    @Test("the budget running out mid-play silences the player with a reason, and it plays again when the budget comes back")
    func budgetExhaustionMidPlay() async throws {
        let clock = ManualClock()
        var policy = Self.policy
        policy.tiers[.nominal]?.budget = EnergyBudget(millijoules: 90, windowSeconds: 60)
        let governor = Self.governor(policy, clock: clock)
        let told = Told()
        await told.attach(to: governor)
        let player = try await governor.startPlayer(
            PlayerRequest(id: "rumble", usage: .game, content: .continuous, parameters: PlayerParameters(intensity: 1, sharpness: 0.5))
        )
        #expect(player.outcome == .playing)
        var silencedAt: Double?
        for step in 1...40 where silencedAt == nil {
            clock.advance(to: Double(step) * 0.1)
            if try #require(await governor.player(player.handle)).outcome == .silenced { silencedAt = clock.now }
        }
        let at = try #require(silencedAt, "a 59 mW rumble (45.6 mW and its driver) spends 90 mJ in under 2 s")
        #expect(at < 2)
        let budget = try #require(told.all.last { $0.cause == .budget })
        #expect(budget.reasons.map(\.code.name) == ["player.budgetSpent"])
        #expect(budget.playing.isSilent)
        // Silent, it is charged nothing more.
        let spent = budget.chargedMillijoules
        clock.advance(by: 0.5)
        #expect(try #require(await governor.player(player.handle)).chargedMillijoules == spent)
        // The budget refills at 1.5 mJ/s; after a minute a second's worth fits again.
        clock.advance(by: 60)
        let resumed = try #require(await governor.player(player.handle))
        #expect(resumed.outcome == .playing)
        #expect(told.all.last { $0.cause == .budget }?.reasons.map(\.code.name) == ["player.budgetResumed"])
    }

    @Test("a looping pattern is charged a loop at a time, each as it begins")
    func loopingPlayerIsChargedPerLoop() async throws {
        let clock = ManualClock()
        let governor = Self.governor(clock: clock)
        let body = HapticPatternRequest(pattern: RewriterFixtures.explosion)
        let loop = try await governor.startPlayer(
            PlayerRequest(id: "loop", usage: .game, content: .looping(body, loopSeconds: 10), parameters: .init(intensity: 1))
        )
        let once = EnergyEstimator(profile: RewriterFixtures.phoneProfile).energyMillijoules(of: RewriterFixtures.explosion)
        #expect(abs(loop.chargedMillijoules - once) / once < 1e-9, "the first loop is charged as it begins")
        clock.advance(to: 25)
        let three = try #require(await governor.player(loop.handle))
        #expect(abs(three.chargedMillijoules - 3 * once) / once < 1e-6, "loops at 0, 10 and 20 s, apart: \(three.chargedMillijoules)")
        _ = try await governor.updatePlayer(loop.handle, to: .init(intensity: 0.5))
        clock.advance(to: 30)
        let fourth = try #require(await governor.player(loop.handle)).chargedMillijoules - three.chargedMillijoules
        #expect(fourth < 0.5 * once, "at half intensity a loop costs about a quarter: \(fourth) of \(once)")
    }

    @Test("bad numbers and handles are refused with one-line errors")
    func badArgumentsAreRefused() async throws {
        let governor = Self.governor(clock: ManualClock())
        for bad in [Double.nan, -0.1, 1.5, .infinity] {
            var request = Self.engine
            request.parameters.intensity = bad
            let error = await #expect(throws: TemperError.self) { try await governor.startPlayer(request) }
            #expect(error?.code == .invalidRequest)
            #expect(error?.message.contains("intensity must be a number from 0 to 1") == true, "\(String(describing: error))")
        }
        let loop = PlayerRequest(
            id: "loop",
            usage: .game,
            content: .looping(HapticPatternRequest(pattern: RewriterFixtures.explosion), loopSeconds: 0),
            parameters: .init(intensity: 1)
        )
        let loopError = await #expect(throws: TemperError.self) { try await governor.startPlayer(loop) }
        #expect(loopError?.message.contains("loopSeconds must be 0.05 to 60 s") == true)
        let unknown = await #expect(throws: TemperError.self) { try await governor.updatePlayer(99, to: .init(intensity: 0.5)) }
        #expect(unknown?.message.contains("no live player with handle 99") == true)
        #expect(await governor.stopPlayer(99) == nil)
        let live = try await governor.startPlayer(Self.engine)
        let volume = await #expect(throws: TemperError.self) {
            try await governor.updatePlayer(live.handle, to: .init(intensity: 0.5, sharpness: 0.5, volume: -1))
        }
        #expect(volume?.message.contains("volume must be a number from 0 to 1; got -1.0") == true)
    }

    @Test("shutdown stops every live player with a reason")
    func shutdownStopsPlayers() async throws {
        let governor = Self.governor(clock: ManualClock())
        let told = Told()
        await told.attach(to: governor)
        _ = try await governor.startPlayer(Self.engine)
        await governor.shutdown()
        #expect(told.all.last?.outcome == .stopped)
        #expect(told.all.last?.reasons.map(\.code.name) == ["governor.shutdown"])
        #expect(await governor.livePlayers.isEmpty)
        await #expect(throws: TemperError.self) { try await governor.startPlayer(Self.engine) }
    }
}

/// A player's sound lasts as long as its player, so it needs no duration; a one-shot request's sound still does.
@Test func aPlayersSoundNeedsNoDurationWhereARequestsDoes() throws {
    let sound = #"{"position": [0, 0, -2], "rendering": "2d"}"#
    let player = try RequestDecoder(fileName: "engine.json").decodePlayer(
        Array(#"{"id": "engine", "usage": "game", "intensity": 0.8, "audio": \#(sound)}"#.utf8)
    )
    #expect(player.audio?.rendering == .twoD)
    #expect(throws: TemperError.self) {
        try RequestDecoder(fileName: "request.json").decode(Array(#"{"id": "boom", "usage": "game", "audio": \#(sound)}"#.utf8))
    }
}
