import TemperCore
import Testing

@testable import TemperScoring

/// `temper score --report` keeps every pattern's figures but series only for the costliest it draws (issue 34:
/// 10,000 one-tap patterns kept whole cost 3.2 GB and a 442 MB `data.json`).
@Suite struct ReportScoresTests {
    static func score(_ index: Int, millijoules: Double) -> PatternScore {
        PatternScore(
            path: "tap\(index).ahap",
            estimate: EnergyEstimate(
                energyMillijoules: millijoules,
                events: [EventEnergy(index: 0, type: "HapticTransient", timeSeconds: 0, energyMillijoules: millijoules)],
                powerSeries: [PowerSample(timeSeconds: 0, milliwatts: 1), PowerSample(timeSeconds: 0.05, milliwatts: 0)]
            )
        )
    }

    @Test func everyScoreIsKeptWithoutItsSeriesAndEvents() {
        var scores = ReportScores()
        for index in 0..<100 { scores.add(Self.score(index, millijoules: Double(index % 7))) }
        scores.add(PatternScore(path: "broken.ahap", error: "not JSON"))
        #expect(scores.scores.count == 101)
        #expect(scores.scores.map(\.path) == (0..<100).map { "tap\($0).ahap" } + ["broken.ahap"])
        #expect(scores.scores.allSatisfy { $0.estimate?.powerSeries.isEmpty ?? true })
        #expect(scores.scores.allSatisfy { $0.estimate?.events.isEmpty ?? true })
        #expect(scores.scores[5].estimate?.energyMillijoules == 5)
    }

    /// The costliest twenty, whatever order they came in; of equal energies the earlier ones, as the report draws
    /// them (the power charts are of the patterns the bar chart shows).
    @Test func theCostliestAreTheTopTwentyEarliestFirstOnTies() {
        var scores = ReportScores()
        // Energies 0…9 repeated ten times: the twenty costliest are the ten 9s and the ten 8s.
        for index in 0..<100 { scores.add(Self.score(index, millijoules: Double(index % 10))) }
        #expect(scores.costliestIndices == (0..<100).filter { $0 % 10 >= 8 })
        var ties = ReportScores()
        for index in 0..<50 { ties.add(Self.score(index, millijoules: 1)) }
        #expect(ties.costliestIndices == Array(0..<ReportScores.shownInFull))
        ties.replace(at: 3, with: Self.score(3, millijoules: 1))
        #expect(ties.scores[3].estimate?.powerSeries.count == 2)
    }
}
