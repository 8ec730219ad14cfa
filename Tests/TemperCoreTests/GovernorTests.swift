import Logging
import MetricsTestKit
import ServiceLifecycle
import TemperCore
import TemperLifecycle
import TemperTestKit
import Testing

@Suite struct GovernorTests {
    @Test func submitDecidesNowAndAnnouncesTheDecision() async throws {
        let metrics = TestMetrics()
        let governor = GovernorTestSupport.governor(metrics: metrics)
        let stream = governor.decisions()
        await governor.setCondition(Condition(tier: .serious))
        let decision = await governor.submit(GovernorTestSupport.explosion("boom"))
        #expect(decision.outcome == .fallback)
        #expect(decision.condition.tier == .serious)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == decision)
        #expect(try metrics.expectCounter("temper_decisions_total", [("outcome", "fallback"), ("kind", "haptic")]).totalValue == 1)
        #expect(try metrics.expectCounter("temper_rules_fired_total", [("rule", "haptics.simpleImpact")]).totalValue == 1)
        #expect(try metrics.expectGauge("temper_tier").lastValue == 2)
    }

    /// The energy counters are floating-point joules; MetricsTestKit keeps whole units, so enough decisions are made
    /// for the totals to pass a few joules, and the counters must hold their whole part.
    @Test func energyCountersAddUpRequestedAndSavedJoules() async throws {
        let metrics = TestMetrics()
        let governor = GovernorTestSupport.governor(metrics: metrics)
        await governor.setCondition(Condition(tier: .serious))
        var (requested, saved) = (0.0, 0.0)
        while saved < 3_000 {
            let decision = await governor.submit(GovernorTestSupport.explosion("boom\(requested)"))
            requested += decision.energyBeforeMillijoules
            saved += decision.energySavedMillijoules
            try #require(decision.energySavedMillijoules > 0)
        }
        #expect(try metrics.expectCounter("temper_energy_requested_joules_total").totalValue == Int64(requested / 1000))
        #expect(try metrics.expectCounter("temper_energy_saved_joules_total").totalValue == Int64(saved / 1000))
    }

    @Test func pendingRequestsAreRedecidedWhenTheConditionChanges() async throws {
        let clock = ManualClock()
        let governor = GovernorTestSupport.governor(clock: clock)
        var handles: [ScheduledRequest] = []
        for (index, time) in [1.0, 2.0, 3.0].enumerated() {
            handles.append(try await governor.schedule(GovernorTestSupport.explosion("r\(index)"), at: time))
        }
        #expect(await governor.pendingCount == 3)
        #expect(await handles[0].provisionalDecision()?.outcome == .pass)

        await governor.setCondition(Condition(tier: .serious))
        for handle in handles { #expect(await handle.provisionalDecision()?.outcome == .fallback) }

        clock.advance(to: 2.5)
        let due = await governor.drain()
        #expect(due.map(\.requestID) == ["r0", "r1"])
        #expect(due.allSatisfy { $0.outcome == .fallback && $0.condition.tier == .serious })

        await governor.setCondition(Condition(tier: .critical))
        #expect(await handles[2].provisionalDecision()?.outcome == .dropped)
        await governor.setCondition(.nominal)
        clock.advance(to: 3)
        #expect(await governor.drain().map(\.outcome) == [.pass])
        #expect(await governor.drain().isEmpty)
        #expect(await handles[2].cancel() == nil)
    }

    @Test func cancellingGivesExactlyOneFinalDroppedDecision() async throws {
        let governor = GovernorTestSupport.governor()
        let handle = try await governor.schedule(GovernorTestSupport.explosion("later"), at: 5)
        let cancelled = try #require(await handle.cancel())
        #expect(cancelled.outcome == .dropped)
        #expect(cancelled.fired("request.cancelled"))
        #expect(await handle.cancel() == nil)
        #expect(await governor.drain(now: 10).map(\.requestID) == ["later"])
        #expect(await governor.drain(now: 10).isEmpty)
    }

    @Test func aFullQueueRejectsTheRequestWithAnError() async throws {
        let governor = GovernorTestSupport.governor(configuration: .init(queueCapacity: 2))
        _ = try await governor.schedule(GovernorTestSupport.explosion("a"), at: 1)
        _ = try await governor.schedule(GovernorTestSupport.explosion("b"), at: 1)
        let error = await #expect(throws: TemperError.self) { try await governor.schedule(GovernorTestSupport.explosion("c"), at: 1) }
        #expect(error?.code == .queueFull)
        #expect(await governor.pendingCount == 2)
    }

    @Test func theBudgetIsSpentAndStaysVisible() async throws {
        // Room for two and a half explosions an hour. They come 3 s apart, after each other's driver has turned
        // off: explosions at one moment would be one vibration, charged once (the playback ledger).
        let cost = RewriterFixtures.rewriter().decide(GovernorTestSupport.explosion("price"), condition: .nominal).energyBeforeMillijoules
        let capacity = cost * 2.5
        let policy = RewriterFixtures.uniform(FeedbackRules(budget: EnergyBudget(millijoules: capacity, windowSeconds: 3600)))
        let clock = ManualClock()
        let governor = GovernorTestSupport.governor(policy: policy, clock: clock)
        #expect(await governor.budget?.remainingMillijoules == capacity)
        var outcomes: [Decision.Outcome] = []
        // Until the budget runs out: the fallback is a light vibration, far cheaper than an explosion's sound.
        for index in 0..<100 where outcomes.last != .dropped {
            outcomes.append(await governor.submit(GovernorTestSupport.explosion("b\(index)")).outcome)
            clock.advance(by: 3)
        }
        let left = try #require(await governor.budget)
        #expect(left.remainingMillijoules < capacity)
        #expect(outcomes.prefix(2) == [.pass, .pass])
        #expect([.rewritten, .fallback].contains(outcomes[2]), "the third steps down the ladder")
        #expect(outcomes.last == .dropped)
        // The exempt alarm still plays with nothing left.
        for index in 0..<4 {
            _ = await governor.submit(GovernorTestSupport.explosion("drain\(index)"))
            clock.advance(by: 3)
        }
        #expect(await governor.submit(GovernorTestSupport.explosion("alarm", usage: .alarm)).outcome != .dropped)
        clock.advance(by: 3600)
        #expect(await governor.budget?.remainingMillijoules == capacity)
    }

    @Test func aProvisionalDecisionIsMadeWhenAskedUnderTheBudgetLeftThen() async throws {
        let cost = RewriterFixtures.rewriter().decide(GovernorTestSupport.explosion("price"), condition: .nominal).energyBeforeMillijoules
        let policy = RewriterFixtures.uniform(FeedbackRules(budget: EnergyBudget(millijoules: cost * 1.5, windowSeconds: 60)))
        let governor = GovernorTestSupport.governor(policy: policy, clock: ManualClock())
        let parked = try await governor.schedule(GovernorTestSupport.explosion("parked"), at: 10)
        #expect(await parked.provisionalDecision()?.outcome == .pass)
        #expect(await governor.submit(GovernorTestSupport.explosion("spends")).outcome == .pass)
        #expect(await parked.provisionalDecision()?.outcome != .pass, "what was spent since it was parked counts")
    }

    @Test func snapshotsGoThroughThePolicysClassifier() async {
        let governor = GovernorTestSupport.governor()
        let conditions = await governor.conditions()
        var iterator = conditions.makeAsyncIterator()
        #expect(await iterator.next()?.tier == .nominal)
        let hot = await governor.update(with: .fake(celsius: 99, at: 1))
        #expect(hot.tier > .nominal)
        #expect(await iterator.next()?.tier == hot.tier)
    }

    @Test func eightTasksSubmittingAHundredThousandRequestsGetOneDecisionEach() async throws {
        let governor = GovernorTestSupport.governor()
        let stream = governor.decisions()
        let counter = Task {
            var ids: [String: Int] = [:]
            for await decision in stream { ids[decision.requestID, default: 0] += 1 }
            return ids
        }
        let returned = await withTaskGroup(of: [String].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var ids: [String] = []
                    for index in 0..<12_500 {
                        let request = SensoryRequest(id: "\(task)-\(index)", usage: .ui, kind: .system(.selection))
                        ids.append(await governor.submit(request).requestID)
                    }
                    return ids
                }
            }
            var all: [String] = []
            for await ids in group { all += ids }
            return all
        }
        await governor.shutdown()
        let announced = await counter.value
        #expect(returned.count == 100_000)
        #expect(Set(returned).count == 100_000)
        #expect(announced.count == 100_000)
        #expect(announced.values.allSatisfy { $0 == 1 })
    }

    @Test func runSamplesTheSourceOnItsClockAndShutsDownGracefully() async throws {
        let clock = ManualClock()
        let source = FakeHostSource(script: [.fake(celsius: 45, at: 0), .fake(celsius: 99, at: 1)])
        let governor = GovernorTestSupport.governor(clock: clock, source: source)
        let conditions = await governor.conditions()
        var changes = conditions.makeAsyncIterator()
        let decisions = governor.decisions()
        let parked = try await governor.schedule(GovernorTestSupport.explosion("parked"), at: 100)

        let group = ServiceGroup(configuration: .init(services: [governor], logger: GovernorTestSupport.quietLogger))
        let running = Task { try await group.run() }

        #expect(await changes.next()?.tier == .nominal)
        await clock.waitForSleepers(1)
        #expect(source.snapshotCount == 1)
        clock.advance(by: 1)
        let hot = await changes.next()
        #expect(hot.map { $0.tier > .nominal } == true)
        #expect(await parked.provisionalDecision()?.condition.tier == hot?.tier)

        await group.triggerGracefulShutdown()
        try await running.value
        var finals: [Decision] = []
        for await decision in decisions { finals.append(decision) }
        #expect(finals.map(\.requestID) == ["parked"])
        #expect(finals.first?.fired("governor.shutdown") == true)
        #expect(await governor.pendingCount == 0)
    }

    @Test func theRunLoopCanReleaseDueRequestsOnTimeByItself() async throws {
        let clock = ManualClock()
        let governor = GovernorTestSupport.governor(clock: clock, configuration: .init(sampleIntervalSeconds: 1, releasesInRunLoop: true))
        var decisions = governor.decisions().makeAsyncIterator()
        let running = Task { try await governor.run() }
        await clock.waitForSleepers(1)
        #expect(clock.nextDeadline == 1)
        // Scheduled for before the loop's next sample: the loop wakes for it.
        _ = try await governor.schedule(GovernorTestSupport.explosion("soon"), at: 0.5)
        await clock.waitForSleepers(1)
        #expect(clock.nextDeadline == 0.5)
        clock.advance(to: 0.5)
        let released = await decisions.next()
        #expect(released?.requestID == "soon")
        #expect(released?.outcome == .pass)
        running.cancel()
        try await running.value
        #expect(await governor.drain().isEmpty, "released to the streams, not kept for a drain")
    }
}
