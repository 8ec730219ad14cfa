import TemperAHAP
import Testing

@testable import TemperCore

@Suite struct BudgetTests {
    @Test func theBucketRefillsOverItsWindowUpToItsCapacity() {
        var bucket = TokenBucket(budget: EnergyBudget(millijoules: 500, windowSeconds: 60), now: 0)
        #expect(bucket.remaining(at: 0) == 500)
        bucket.spend(300, at: 0)
        #expect(bucket.remaining(at: 0) == 200)
        #expect(bucket.remaining(at: 30) == 450)
        #expect(bucket.remaining(at: 600) == 500)
        bucket.spend(900, at: 60)
        #expect(bucket.remaining(at: 60) == 0)
        bucket.reconfigure(EnergyBudget(millijoules: 100, windowSeconds: 10), at: 120)
        #expect(bucket.remaining(at: 120) == 100)
    }

    @Test func aSnapshotShowsWhatIsLeftAfterSpending() {
        let snapshot = BudgetSnapshot(capacityMillijoules: 500, remainingMillijoules: 40, windowSeconds: 60)
        #expect(snapshot.fits(40))
        #expect(!snapshot.fits(41))
        #expect(snapshot.spending(50).remainingMillijoules == 0)
    }

    let rewriter = RewriterFixtures.rewriter(RewriterFixtures.uniform(FeedbackRules()))
    let explosion = RewriterFixtures.haptic(RewriterFixtures.alarm)

    private func budget(_ remaining: Double) -> BudgetSnapshot {
        BudgetSnapshot(capacityMillijoules: 1000, remainingMillijoules: remaining, windowSeconds: 60)
    }

    private func energy(under mode: HapticsMode) -> Double {
        RewriterFixtures.rewriter(RewriterFixtures.uniform(FeedbackRules(haptics: mode))).decide(explosion, condition: .nominal)
            .energyAfterMillijoules
    }

    @Test func theLadderPicksTheRichestRungThatFits() throws {
        let full = energy(under: .full)
        let capped = energy(under: .capRumble(maxSeconds: 0.5, fadeSeconds: 0.1))
        let transients = energy(under: .transientsOnly)
        let impact = energy(under: .simpleImpact(.medium))
        try #require(
            full > capped && capped > transients && transients > impact,
            "the rungs should get cheaper: \([full, capped, transients, impact])"
        )

        let fitsAll = rewriter.decide(explosion, condition: .nominal, budget: budget(full + 1))
        #expect(fitsAll.outcome == .pass)
        #expect(abs((fitsAll.budget?.remainingMillijoules ?? 0) - 1) < 1e-6)

        let fitsCap = rewriter.decide(explosion, condition: .nominal, budget: budget((full + capped) / 2))
        #expect(fitsCap.outcome == .rewritten)
        #expect(fitsCap.fired("haptics.rumbleCapped"))
        #expect(fitsCap.fired("budget.degraded"))

        let fitsTransients = rewriter.decide(explosion, condition: .nominal, budget: budget((capped + transients) / 2))
        #expect(fitsTransients.pattern?.events.allSatisfy { $0.type == .hapticTransient } == true)

        let fitsImpact = rewriter.decide(explosion, condition: .nominal, budget: budget((transients + impact) / 2))
        #expect(fitsImpact.outcome == .fallback)
        #expect(fitsImpact.fired("budget.degraded"))
    }

    @Test func belowTheLastRungNonExemptIsDroppedAndExemptPlaysSimply() {
        let empty = budget(0)
        let game = rewriter.decide(explosion, condition: .nominal, budget: empty)
        #expect(game.outcome == .dropped)
        #expect(game.fired("budget.exhausted"))
        let alarm = rewriter.decide(RewriterFixtures.haptic(RewriterFixtures.alarm, usage: .alarm), condition: .nominal, budget: empty)
        #expect(alarm.outcome == .fallback)
        #expect(alarm.fired("budget.exemptOverdraw"))
        #expect(alarm.budget?.remainingMillijoules == 0)
    }

    @Test func spatialAudioStepsDownTo2DBeforeItIsDropped() {
        let cue = RewriterFixtures.audio(at: Vector3(0, 0, -2))
        let spatial = rewriter.decide(cue, condition: .nominal).energyAfterMillijoules
        let flat = RewriterFixtures.rewriter(RewriterFixtures.uniform(FeedbackRules(spatialAudioAllowed: false))).decide(
            cue,
            condition: .nominal
        ).energyAfterMillijoules
        guard flat < spatial else { return }
        let decision = rewriter.decide(cue, condition: .nominal, budget: budget((flat + spatial) / 2))
        #expect(decision.audioCue?.rendering == .twoD)
        #expect(decision.fired("budget.degraded"))
    }
}
