import Foundation
import TemperCore
import TemperSimulation
import TemperSimulationTestSupport
import Testing

@Suite struct TierBehaviourTests {
    @Test func eachEscalationIsToldByTheReasonThatNamesItsNewTier() async throws {
        // The phone policy escalates early: on the heat soak it went fair → serious with the skin at 50.5 °C, and
        // the change was told as "≥ fair 41.0 °C", the threshold crossed long before.
        let phone = try SimulationFixtures.policies.policy("phone")
        let run = await SimulationFixtures.run(try SimulationFixtures.setup("heat-soak"), policy: phone).withPolicy
        let escalations = run.transitions.filter { $0.to > $0.from }
        #expect(escalations.count >= 2)
        for transition in escalations {
            let first = try #require(transition.reasons.first)
            #expect(
                first.contains("≥ \(transition.to.rawValue) ") || first.hasPrefix("escalated early to \(transition.to.rawValue):"),
                "\(transition.from) → \(transition.to) told as: \(first)"
            )
        }
    }

    @Test func heatSoakClimbsTheTiersAndCoolsBackAfterTheDwell() async throws {
        let result = try await SimulationFixtures.heatSoak.value
        let run = result.withPolicy
        let tiers = run.transitions.map(\.to)
        // Climbs one tier at a time through fair and serious, at least to serious.
        let peakIndex = try #require(tiers.firstIndex(of: run.highestTier))
        let climb = Array(tiers[...peakIndex])
        #expect(climb.count >= 2)
        #expect(zip(climb, climb.dropFirst()).allSatisfy { $1.rank == $0.rank + 1 })
        #expect(run.highestTier >= .serious)
        // Every transition says why.
        #expect(run.transitions.allSatisfy { !$0.reasons.isEmpty })
        // Cooling: it ends back at nominal, stepping down one tier at a time, each step at least a dwell apart.
        #expect(tiers.last == .nominal)
        let dwell = SimulationFixtures.policy.classifier.dwellSeconds
        let descent = Array(run.transitions[peakIndex...])
        for (earlier, later) in zip(descent, descent.dropFirst()) {
            #expect(later.to.rank == earlier.to.rank - 1)
            #expect(later.timeSeconds - earlier.timeSeconds >= dwell)
        }
        let total = run.tierSeconds.nominal + run.tierSeconds.fair + run.tierSeconds.serious + run.tierSeconds.critical
        #expect(abs(total - result.durationSeconds) < 1e-6)
    }

    @Test func policyLowersPeakTemperatureAndEnergyAgainstTheBaseline() async throws {
        let result = try await SimulationFixtures.heatSoak.value
        #expect(result.baseline.decisions.byOutcome.keys.map(\.rawValue).sorted() == ["pass"])
        // Everything passes, and what overlaps is charged only what it adds: never more than was asked.
        #expect(result.baseline.playedEnergy.totalMillijoules <= result.baseline.requestedEnergy.totalMillijoules)
        #expect(result.withPolicy.playedEnergy.totalMillijoules < result.baseline.playedEnergy.totalMillijoules)
        #expect(result.withPolicy.requestedEnergy == result.baseline.requestedEnergy)
        #expect(result.withPolicy.peakInternalCelsius < result.baseline.peakInternalCelsius)
        #expect(result.withPolicy.peakHotspotCelsius < result.baseline.peakHotspotCelsius)
        #expect(result.withPolicy.batteryEndPercentage > result.baseline.batteryEndPercentage)
        #expect(result.withPolicy.decisions.total == result.baseline.decisions.total)
        #expect((result.withPolicy.decisions.byOutcome[.pass] ?? 0) < result.withPolicy.decisions.total)
    }

    @Test func theRunKeepsWhatThePolicyPlayedInsteadWithItsPowerCurve() async throws {
        let result = try await SimulationFixtures.heatSoak.value
        #expect(result.baseline.playedVariants.isEmpty)
        let variants = result.withPolicy.playedVariants
        #expect(!variants.isEmpty)
        #expect(Set(variants.map(\.name)).count == variants.count)
        for variant in variants {
            let original = try #require(result.items.first { variant.name.hasPrefix($0.name + ", ") }, "\(variant.name)")
            #expect(variant.name.contains("rewritten") || variant.name.contains("fallback"))
            #expect(variant.energyMillijoules < original.energyMillijoules, "\(variant.name)")
            #expect(!variant.powerSeries.isEmpty)
        }
    }

    @Test func sameSeedSameResult() async throws {
        let setup = try SimulationFixtures.setup("heat-soak")
        let first = await SimulationFixtures.run(setup)
        let second = await SimulationFixtures.run(setup)
        #expect(first == second)
        var reseeded = setup
        reseeded.scenario.seed += 1
        let third = await SimulationFixtures.run(reseeded)
        #expect(
            third.withPolicy.decisions.total != first.withPolicy.decisions.total
                || third.withPolicy.playedEnergy != first.withPolicy.playedEnergy
        )
    }

    @Test func lowBatteryBringsLowPower() async throws {
        let result = await SimulationFixtures.run(try SimulationFixtures.setup("commute-battery"))
        let lowPower = try #require(result.withPolicy.transitions.first { $0.lowPower })
        #expect(lowPower.reasons.contains { $0.contains("20") || $0.lowercased().contains("battery") })
        #expect(result.withPolicy.tierSeconds.lowPower > 0)
        #expect(result.withPolicy.decisions.byRule.keys.contains { $0.hasPrefix("haptics.") })
    }

    @Test func everyShippedScenarioRuns() async throws {
        for name in ["heat-soak", "commute-battery", "summer-car"] {
            let result = await SimulationFixtures.run(try SimulationFixtures.setup(name))
            #expect(result.withPolicy.decisions.total > 0, "\(name)")
            #expect(result.withPolicy.timeline.count > 100, "\(name)")
        }
    }
}
