import TemperCore
import TemperTestKit
import Testing

/// A governor shared by several callers (`temper serve`'s Unix users): each account spends its own bucket of
/// the condition's budget, and an account that may not use exempt usages has them decided as ordinary ones.
@Suite struct RequestAccountTests {
    static let capacity = 2000.0

    /// A budget refilled over an hour, so the 10 s between requests (which keeps them from overlapping, and so
    /// from sharing a marginal price) refills next to nothing.
    static func budgetPolicy() -> Policy {
        var policy = RewriterFixtures.briefPolicy
        policy.tiers[.nominal]?.budget = EnergyBudget(millijoules: capacity, windowSeconds: 3600)
        return policy
    }

    /// What was left in the decision's bucket before it was charged.
    static func before(_ decision: Decision) -> Double {
        (decision.budget?.remainingMillijoules ?? 0) + decision.marginalEnergyMillijoules
    }

    @Test func oneAccountsSpendingNeverTouchesAnothers() async throws {
        let clock = ManualClock()
        let governor = GovernorTestSupport.governor(policy: Self.budgetPolicy(), clock: clock)
        let spender = RequestAccount(id: 65534, mayUseExemptUsages: false)
        var last: Decision?
        for index in 1...10 {
            clock.advance(to: Double(index) * 10)
            last = await governor.submit(GovernorTestSupport.explosion("spend-\(index)"), account: spender)
        }
        let spent = try #require(last)
        #expect(Self.before(spent) < Self.capacity - 100, "the spender spent its own bucket: \(Self.before(spent)) mJ left")
        clock.advance(to: 110)
        let other = await governor.submit(GovernorTestSupport.explosion("other"), account: RequestAccount(id: 0, mayUseExemptUsages: true))
        #expect(abs(Self.before(other) - Self.capacity) < 1e-6, "another account's bucket is full: \(Self.before(other))")
        clock.advance(to: 120)
        let shared = await governor.submit(GovernorTestSupport.explosion("shared"))
        #expect(abs(Self.before(shared) - Self.capacity) < 1e-6, "the shared account is a third bucket")
    }

    @Test func anExemptUsageIsOrdinaryForAnAccountThePolicyDoesNotName() async throws {
        let governor = GovernorTestSupport.governor(policy: Self.budgetPolicy())
        let alarm = GovernorTestSupport.explosion("alarm", usage: .alarm)
        let stranger = await governor.submit(alarm, account: RequestAccount(id: 65534, mayUseExemptUsages: false))
        #expect(stranger.rules.first?.reason.code == "exempt.notAllowed")
        let named = await governor.submit(alarm, account: RequestAccount(id: 0, mayUseExemptUsages: true))
        #expect(!named.fired("exempt.notAllowed"))
        let game = await governor.submit(
            GovernorTestSupport.explosion("game"),
            account: RequestAccount(id: 65534, mayUseExemptUsages: false)
        )
        #expect(!game.fired("exempt.notAllowed"), "only exempt usages are named")
    }

    @Test func aScheduledRequestSpendsItsAccountsBucket() async throws {
        let clock = ManualClock()
        let governor = GovernorTestSupport.governor(policy: Self.budgetPolicy(), clock: clock)
        let spender = RequestAccount(id: 7, mayUseExemptUsages: false)
        for index in 1...10 {
            _ = try await governor.schedule(GovernorTestSupport.explosion("late-\(index)"), at: Double(index) * 10, account: spender)
        }
        let mine = RequestAccount(id: 8, mayUseExemptUsages: true)
        _ = try await governor.schedule(GovernorTestSupport.explosion("mine"), at: 110, account: mine)
        var decisions: [Decision] = []
        for index in 1...11 {
            clock.advance(to: Double(index) * 10)
            decisions += await governor.drain()
        }
        #expect(decisions.count == 11)
        let late = try #require(decisions.last { $0.requestID.hasPrefix("late-") })
        #expect(Self.before(late) < Self.capacity - 100, "the late ones spent their account's bucket")
        let released = try #require(decisions.first { $0.requestID == "mine" })
        #expect(abs(Self.before(released) - Self.capacity) < 1e-6, "mine came from a full bucket of its own")
    }

    @Test func exemptCallersRoundTripAndNameTheirPlace() throws {
        let yaml = """
            version: 1
            name: callers
            exemptCallers: {users: [root, phone], groups: [feedbackd]}
            """
        let policy = try Policy.parse(yaml: yaml, file: "callers.yaml")
        #expect(policy.exemptCallers == ExemptCallers(users: ["root", "phone"], groups: ["feedbackd"]))
        #expect(try Policy.parse(yaml: policy.yamlDocument(), file: "shown.yaml") == policy)
        #expect(Policy.default.exemptCallers == .standard)
        #expect(throws: TemperError.self) {
            try Policy.parse(yaml: "version: 1\nexemptCallers: {people: [root]}\n", file: "bad.yaml")
        }
    }
}
