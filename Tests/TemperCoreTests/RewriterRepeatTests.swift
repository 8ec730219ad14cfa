import Testing

@testable import TemperCore

/// A repeat of the same request under the same condition reuses what the rules left for it (issue 20's simulated
/// hour): its decisions must be exactly those of a rewriter that prepares every request afresh.
struct RewriterRepeatTests {
    /// A stream of explosions and taps at their own target times, spending one budget and priced against what
    /// the ones before play: the budget runs out part-way (the ladder steps in), and the target times differ.
    @Test func repeatsDecideExactlyAsAFreshRewriterDoes() {
        let explosion = RewriterFixtures.haptic(RewriterFixtures.explosion, id: "explosion")
        let tap = RewriterFixtures.haptic(RewriterFixtures.alarm, usage: .alarm, id: "tap")
        let requests = (0..<60).map { index in
            var request = index % 3 == 2 ? tap : explosion
            request.targetTime = Double(index) * 0.05
            return request
        }
        for policy in RewriterFixtures.shippedPolicies {
            let memoized = Rewriter(policy: policy, energyModel: RewriterFixtures.estimator)
            let fresh = Rewriter(policy: policy, energyModel: RewriterFixtures.estimator, memoCapacity: 0)
            for condition in RewriterFixtures.allConditions {
                let decisions = memoized.decideInOrder(requests, condition: condition)
                #expect(decisions == fresh.decideInOrder(requests, condition: condition), "\(policy.name) under \(condition)")
                for (request, decision) in zip(requests, decisions) where decision.request != nil {
                    #expect(decision.request?.targetTime == request.targetTime, "what plays keeps its own target time")
                }
            }
        }
    }
}
