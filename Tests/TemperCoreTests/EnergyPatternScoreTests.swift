import Foundation
import TemperCore
import Testing

@Suite struct EnergyPatternScoreTests {
    static func estimate(_ millijoules: Double) -> EnergyEstimate {
        EnergyEstimate(
            energyMillijoules: millijoules,
            microampHours: millijoules / (3.6 * 3.7),
            peakMilliwatts: 100,
            durationSeconds: 0.5,
            breakdown: EnergyBreakdown(transientsMillijoules: millijoules)
        )
    }

    @Test func aBudgetDecidesTheStatus() {
        #expect(PatternScore(path: "a", estimate: Self.estimate(10), budgetMillijoules: 25).status == .ok)
        #expect(PatternScore(path: "a", estimate: Self.estimate(25), budgetMillijoules: 25).status == .ok, "at the budget is within it")
        #expect(PatternScore(path: "a", estimate: Self.estimate(26), budgetMillijoules: 25).status == .overBudget)
        #expect(PatternScore(path: "a", estimate: Self.estimate(1e6)).status == .ok, "no budget, no limit")
        #expect(PatternScore(path: "a", error: "a: not JSON").status == .error)
        #expect(PatternScore.Status.overBudget.rawValue == "over-budget")
    }

    @Test func itEncodesFlatWithUnitsInTheKeysAndRoundTrips() throws {
        let score = PatternScore(path: "x.ahap", estimate: Self.estimate(12.5), warnings: ["Pattern[0]: clamped"], budgetMillijoules: 10)
        let data = try JSONEncoder().encode(score)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "path", "status", "energyMillijoules", "microampHours", "peakMilliwatts", "averageMilliwatts", "durationSeconds",
                "clippedSeconds", "playedFraction", "breakdown", "events", "warnings", "error",
            ]
        )
        #expect(object["status"] as? String == "over-budget")
        #expect(object["error"] is NSNull)
        #expect(try JSONDecoder().decode(PatternScore.self, from: data) == score)

        let failed = PatternScore(path: "y.ahap", error: "y.ahap: Pattern[0].Event.EventType: unknown event type 'HapticBuzz'")
        let failedObject = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(failed)) as? [String: Any])
        #expect(failedObject["energyMillijoules"] == nil)
        #expect((failedObject["error"] as? String)?.contains("HapticBuzz") == true)
        #expect(try JSONDecoder().decode(PatternScore.self, from: try JSONEncoder().encode(failed)) == failed)
    }

    @Test func theSummaryCountsAndNamesTheFiveCostliest() {
        let scores = [
            PatternScore(path: "a", estimate: Self.estimate(5)),
            PatternScore(path: "b", estimate: Self.estimate(50), budgetMillijoules: 20),
            PatternScore(path: "c", estimate: Self.estimate(30), warnings: ["w1", "w2"]),
            PatternScore(path: "d", error: "d: unreadable"),
            PatternScore(path: "e", estimate: Self.estimate(30)),
            PatternScore(path: "f", estimate: Self.estimate(1)),
            PatternScore(path: "g", estimate: Self.estimate(2)),
        ]
        let summary = ScoreSummary(scores: scores)
        #expect(summary.patterns == 7)
        #expect(summary.ok == 5)
        #expect(summary.overBudget == 1)
        #expect(summary.errors == 1)
        #expect(summary.warnings == 2)
        #expect(abs(summary.totalEnergyMillijoules - 118) < 1e-9)
        #expect(abs(summary.totalMicroampHours - 118 / (3.6 * 3.7)) < 1e-9)
        // Costliest first; equal energies by path; errors are never among them.
        #expect(summary.costliest.map(\.path) == ["b", "c", "e", "a", "g"])
    }
}
