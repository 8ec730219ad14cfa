import TemperCore
import TemperTestKit
import Testing

/// `Governor.reserve`: an app announces a burst; the governor plans what it allows, holds it from the caller's
/// own share until spent or expired, and keeps reservations bounded.
@Suite struct ReservationTests {
    static let capacity = RequestAccountTests.capacity
    static let player = RequestAccount(id: 7, mayUseExemptUsages: false)
    static let neighbour = RequestAccount(id: 8, mayUseExemptUsages: false)

    /// What `account` has left for a `ui` request (which no game reservation widens), read from a decision.
    static func shareLeft(_ governor: Governor, _ account: RequestAccount, id: String) async -> Double {
        RequestAccountTests.before(await governor.submit(GovernorTestSupport.explosion(id, usage: .ui), account: account))
    }

    @Test("plan and hold: all of a fitting burst is held from the caller's share, not from anyone else's")
    func planAndHold() async throws {
        let clock = ManualClock()
        let governor = GovernorTestSupport.governor(policy: RequestAccountTests.budgetPolicy(), clock: clock)
        let plan = try await governor.reserve(usage: .game, energyMillijoules: 500, seconds: 10, account: Self.player)
        #expect(plan.grantedMillijoules == 500)
        #expect(plan.held)
        #expect(plan.expiresAt == clock.now + 10)
        #expect(plan.reasons.map(\.code.name) == ["reserve.held"])
        #expect(plan.reasons[0].message.contains("holding all 0.50 J for game for 10.0 s"), "\(plan.reasons[0].message)")
        let held = try #require(await governor.reservation(of: Self.player))
        #expect(held.usage == .game && held.millijoules == 500)
        // The hold is gone from the player's share for other usages, and nobody else's share moved.
        let left = await Self.shareLeft(governor, Self.player, id: "menu")
        #expect(abs(left - (Self.capacity - 500)) < 1e-6, "\(left)")
        let neighbour = await Self.shareLeft(governor, Self.neighbour, id: "next door")
        #expect(abs(neighbour - Self.capacity) < 1e-6)
    }

    @Test("use: the burst's requests spend the hold first and see it in their budget; the share is untouched")
    func useSpendsTheHoldFirst() async throws {
        let clock = ManualClock()
        let governor = GovernorTestSupport.governor(policy: RequestAccountTests.budgetPolicy(), clock: clock)
        _ = try await governor.reserve(usage: .game, energyMillijoules: 1500, seconds: 10, account: Self.player)
        let burst = await governor.submit(GovernorTestSupport.explosion("boom"), account: Self.player)
        #expect(abs(RequestAccountTests.before(burst) - Self.capacity) < 1e-6, "share 500 mJ + hold 1500 mJ")
        let cost = burst.marginalEnergyMillijoules
        #expect(cost > 0)
        let held = try #require(await governor.reservation(of: Self.player))
        #expect(abs(held.millijoules - (1500 - cost)) < 1e-6)
        clock.advance(to: 1)
        let left = await Self.shareLeft(governor, Self.player, id: "menu")
        #expect(abs(left - 500) < 1, "the share paid nothing for the burst: \(left) mJ")
    }

    @Test("expiry: after its seconds the hold ends and its unused energy goes back to the share")
    func expiryGivesTheRestBack() async throws {
        let clock = ManualClock()
        let governor = GovernorTestSupport.governor(policy: RequestAccountTests.budgetPolicy(), clock: clock)
        _ = try await governor.reserve(usage: .game, energyMillijoules: 800, seconds: 5, account: Self.player)
        clock.advance(to: 4.9)
        #expect(await governor.reservation(of: Self.player) != nil)
        clock.advance(to: 5)
        #expect(await governor.reservation(of: Self.player) == nil)
        let left = await Self.shareLeft(governor, Self.player, id: "after")
        #expect(abs(left - Self.capacity) < 1e-6, "the unused 800 mJ came back: \(left)")
    }

    @Test("a new reservation replaces the caller's last one, whose rest goes back first")
    func replacing() async throws {
        let governor = GovernorTestSupport.governor(policy: RequestAccountTests.budgetPolicy())
        _ = try await governor.reserve(usage: .game, energyMillijoules: 1500, seconds: 30, account: Self.player)
        let second = try await governor.reserve(usage: .media, energyMillijoules: 1800, seconds: 30, account: Self.player)
        #expect(second.grantedMillijoules == 1800, "the first hold's 1500 mJ came back before the second was planned")
        #expect(await governor.reservation(of: Self.player)?.usage == .media)
    }

    @Test("bounds: asking more than the share grants the share, with the reason; numbers out of range are refused")
    func bounds() async throws {
        let governor = GovernorTestSupport.governor(policy: RequestAccountTests.budgetPolicy())
        let greedy = try await governor.reserve(usage: .game, energyMillijoules: 5000, seconds: 10, account: Self.player)
        #expect(greedy.grantedMillijoules == Self.capacity)
        #expect(greedy.reasons.first?.code.name == "reserve.partial")
        #expect(greedy.reasons.first?.message.contains("holding 2.00 J of the 5.00 J asked") == true, "\(greedy.reasons)")
        for (energy, seconds) in [(0.0, 10.0), (-5, 10), (.nan, 10), (100_001, 10), (100, 0), (100, 61), (100, .infinity)] {
            await #expect(throws: TemperError.self, "energy \(energy) mJ over \(seconds) s") {
                try await governor.reserve(usage: .game, energyMillijoules: energy, seconds: seconds, account: Self.neighbour)
            }
        }
        #expect(await governor.reservation(of: Self.neighbour) == nil, "a refused reservation holds nothing")
    }

    @Test("bounds: at most 256 callers hold at once; the next is refused as queue full")
    func boundedCount() async throws {
        let governor = GovernorTestSupport.governor(policy: RequestAccountTests.budgetPolicy())
        for id in 0..<256 {
            _ = try await governor.reserve(
                usage: .ui,
                energyMillijoules: 1,
                seconds: 60,
                account: RequestAccount(id: UInt32(id), mayUseExemptUsages: false)
            )
        }
        do {
            _ = try await governor.reserve(
                usage: .ui,
                energyMillijoules: 1,
                seconds: 60,
                account: RequestAccount(id: 999, mayUseExemptUsages: false)
            )
            Issue.record("the 257th caller was let hold")
        } catch {
            #expect(error.code == .queueFull)
        }
        // A caller that already holds may replace its own.
        _ = try await governor.reserve(
            usage: .game,
            energyMillijoules: 1,
            seconds: 60,
            account: RequestAccount(id: 3, mayUseExemptUsages: false)
        )
    }

    @Test("without a budget everything is allowed and nothing held; an exempt usage is allowed; exempt-only allows nothing")
    func plansWithoutHolding() async throws {
        let governor = GovernorTestSupport.governor()
        let free = try await governor.reserve(usage: .game, energyMillijoules: 3000, seconds: 10)
        #expect(free.grantedMillijoules == 3000 && !free.held)
        #expect(free.reasons.first?.code.name == "reserve.noBudget")
        let alarm = try await governor.reserve(usage: .alarm, energyMillijoules: 3000, seconds: 10)
        #expect(alarm.reasons.first?.code.name == "reserve.exempt")
        await governor.setCondition(Condition(tier: .critical))
        let critical = try await governor.reserve(usage: .game, energyMillijoules: 3000, seconds: 10)
        #expect(critical.grantedMillijoules == 0)
        #expect(critical.reasons.first?.code.name == "reserve.exemptOnly", "\(critical.reasons)")
    }
}
