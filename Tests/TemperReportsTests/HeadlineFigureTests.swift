import TemperCore
import TemperSimulation
import Testing

@testable import TemperReports

/// The figures issue 19 quoted from the example reports, rebuilt from their unrounded values: each difference is
/// taken before rounding and each share of the heat counts every heat source.
@Suite struct HeadlineFigureTests {
    /// A run that played `feedback` (mJ: transients, continuous, audio) with `peak` as its peak hotspot.
    static func run(
        _ policy: String,
        peak: Double,
        feedback: (Double, Double, Double),
        workload: Double,
        chargerLoss: Double = 0,
        changed: Int
    ) -> RunSummary {
        var decisions = DecisionCounts()
        decisions.total = 100
        decisions.byOutcome = [.pass: 100 - changed, .fallback: changed]
        var played = EnergyTotals()
        (played.transientsMillijoules, played.continuousMillijoules, played.audioMillijoules) = feedback
        var tiers = TierSeconds()
        tiers.serious = 200
        return RunSummary(
            policy: policy,
            tierSeconds: tiers,
            decisions: decisions,
            playedEnergy: played,
            workloadEnergyJoules: workload,
            chargerLossJoules: chargerLoss,
            peakInternalCelsius: peak + 5,
            peakSkinCelsius: peak - 5,
            peakHotspotCelsius: peak,
            batteryEndPercentage: 51.2
        )
    }

    static func result(policy: RunSummary, baseline: RunSummary) -> SimulationResult {
        SimulationResult(
            scenario: "s",
            description: "",
            device: "phone",
            durationSeconds: 2700,
            timeStepSeconds: 0.1,
            seed: 1,
            thermalSource: "test",
            withPolicy: policy,
            baseline: baseline
        )
    }

    /// Heat-soak as the example report had it: peaks 52.327 and 53.055 °C, 494 J of feedback, two thirds audio.
    static let heatSoak = result(
        policy: run("default", peak: 52.3274481763905, feedback: (17_000, 50_000, 377_000), workload: 4650, changed: 80),
        baseline: run("off", peak: 53.05490407997903, feedback: (18_000, 57_000, 418_600), workload: 4650, changed: 0)
    )

    /// Summer-car: peaks 54.826 and 54.862 °C, 27.0 J of feedback against 2.88 kJ of workload and 3.18 kJ of
    /// charger's loss.
    static let summerCar = result(
        policy: run("default", peak: 54.82571320726727, feedback: (630, 570, 18_230), workload: 2880, chargerLoss: 3177.6, changed: 58),
        baseline: run("off", peak: 54.8616857453729, feedback: (950, 1_180, 24_882), workload: 2880, chargerLoss: 3177.6, changed: 0)
    )

    @Test func aDifferenceOfPeaksIsRoundedAfterSubtracting() throws {
        let headline = SimulationHeadline(result: Self.heatSoak)
        // 52.327 − 53.055 = −0.727: "0.7 °C cooler", not the 0.8 of the rounded 52.3 against 53.1.
        #expect(headline.sentence.contains("kept the peak hotspot 0.7 °C cooler (52.3 °C against 53.1 °C)"), "\(headline.sentence)")
        let row = try #require(headline.table.rows.first { $0[0] == "peak skin hotspot (°C)" })
        #expect(row == ["peak skin hotspot (°C)", "52.3", "53.1", "−0.7"])
    }

    @Test func aSmallDifferenceIsNeitherZeroNorRoundedUp() {
        let headline = SimulationHeadline(result: Self.summerCar)
        // −0.036 °C: "−0.04", not the "−0.1" of 54.8 against 54.9.
        #expect(headline.sentence.contains("the peak hotspot moved by only −0.04 °C"), "\(headline.sentence)")
        #expect(!headline.sentence.contains("−0.1 °C"))
        #expect(SimulationHeadline.temperatureChange(-0.036) == "−0.04")
        #expect(SimulationHeadline.temperatureChange(0.73, signed: false) == "0.7")
        #expect(SimulationHeadline.temperatureChange(0.049) == "+0.05")
    }

    @Test func theShareOfHeatCountsTheChargersLoss() {
        let headline = SimulationHeadline(result: Self.summerCar)
        // 27.0 J of 2.88 kJ + 3.18 kJ + 27.0 J is 0.44 %, not the 0.9 % of the workload alone.
        #expect(abs(headline.feedbackShare - 0.004_44) < 0.000_05, "\(headline.feedbackShare)")
        #expect(headline.sentence.contains("is 0.44 % of the 6.08 kJ the device turned into heat"), "\(headline.sentence)")
        #expect(headline.sentence.contains("the charger's loss 3.18 kJ"))
        #expect(headline.sentence.contains("but feedback is a small share of the heat"))
        // No run without feedback: nothing is said of what the feedback did to the temperature.
        #expect(!headline.sentence.contains("thermal gain") && !headline.sentence.contains("without any feedback"))
        let row = headline.table.rows.first { $0[0] == "feedback share of the heat (%)" }
        #expect(row?[2] == "0.44")
    }

    @Test func aLargeShareNamesThePartOfTheFeedbackAndWhy() {
        let headline = SimulationHeadline(result: Self.heatSoak)
        // 493.6 J of 5.14 kJ: 9.6 % of the heat, 8.1 % of it from the audio path.
        #expect(headline.feedbackShare > SimulationHeadline.smallShare)
        let sentence = headline.sentence
        #expect(sentence.contains("Feedback was 9.6 % of the heat the baseline made"), "\(sentence)")
        #expect(
            sentence.contains("Most of the feedback's heat was the audio path (8.1 % of the heat: each sound keeps the path"),
            "\(sentence)"
        )
        #expect(sentence.contains("the rest haptics (1.5 % of the heat"), "\(sentence)")
        #expect(!sentence.contains("small share"))
    }

    @Test func theSensitivitySectionShowsEachAssumedFigureMovedBothWays() throws {
        var result = Self.heatSoak
        let outcome = { (change: Double, peak: Double) in
            var copy = SensitivityOutcome(Self.heatSoak)
            copy.hotspotChangeCelsius = change
            copy.peakHotspotCelsius = peak
            return copy
        }
        result.sensitivity = Sensitivity(
            step: 0.3,
            nominal: SensitivityOutcome(result),
            rows: [
                SensitivityRow(
                    figure: .internalHeatCapacity,
                    value: 15,
                    lowerValue: 10.5,
                    upperValue: 19.5,
                    lower: outcome(-0.9, 53.4),
                    upper: outcome(-0.5, 51.9)
                )
            ]
        )
        let sensitivity = try #require(SimulationSensitivity(result: result))
        #expect(sensitivity.line.contains("ranges from −0.9 to −0.5 °C"), "\(sensitivity.line)")
        #expect(sensitivity.line.contains("from 51.9 °C to 53.4 °C"), "\(sensitivity.line)")
        #expect(sensitivity.table.rows.count == 3)
        #expect(sensitivity.table.rows[1][0...1] == ["internalHeatCapacity −30 %", "10.5 J/K"])
        let document = SimulationReport.document(for: result)
        #expect(document.blocks.contains { if case .heading("Sensitivity to assumed figures") = $0 { true } else { false } })
        #expect(SimulationSensitivity(result: Self.heatSoak) == nil, "no section without a sensitivity analysis")
    }
}
