/// How a simulation's headline moves when each assumed thermal figure moves: the scenario rerun, with and without the
/// policy, once with the figure scaled down and once scaled up, every other figure as it was.
public struct Sensitivity: Sendable, Hashable, Codable {
    /// The relative move of each figure (0.3 for ±30 %).
    public var step: Double
    /// The headline's figures as simulated, with every figure as the profile gives it.
    public var nominal: SensitivityOutcome
    /// One row per assumed figure, in the profile's order.
    public var rows: [SensitivityRow]

    public init(step: Double, nominal: SensitivityOutcome, rows: [SensitivityRow]) {
        self.step = step
        self.nominal = nominal
        self.rows = rows
    }

    /// The smallest and largest of `value` over the nominal run and every rerun.
    public func range(_ value: (SensitivityOutcome) -> Double) -> ClosedRange<Double> {
        let values = [nominal] + rows.flatMap { [$0.lower, $0.upper] }
        let mapped = values.map(value)
        return mapped.min()!...mapped.max()!
    }
}

/// One assumed figure moved down and up.
public struct SensitivityRow: Sendable, Hashable, Codable {
    public var figure: ThermalFigure
    /// The figure as the profile gives it, and as the two reruns had it.
    public var value: Double
    public var lowerValue: Double
    public var upperValue: Double
    public var lower: SensitivityOutcome
    public var upper: SensitivityOutcome

    public init(
        figure: ThermalFigure,
        value: Double,
        lowerValue: Double,
        upperValue: Double,
        lower: SensitivityOutcome,
        upper: SensitivityOutcome
    ) {
        self.figure = figure
        self.value = value
        self.lowerValue = lowerValue
        self.upperValue = upperValue
        self.lower = lower
        self.upper = upper
    }
}

/// The headline's thermal figures from one pair of runs.
public struct SensitivityOutcome: Sendable, Hashable, Codable {
    /// The peak skin hotspot with the policy (°C).
    public var peakHotspotCelsius: Double
    /// The policy's peak hotspot minus the baseline's (°C).
    public var hotspotChangeCelsius: Double
    /// Seconds in serious and critical with the policy, and in the baseline.
    public var hotSeconds: Double
    public var baselineHotSeconds: Double

    public init(_ result: SimulationResult) {
        let headline = result.headline
        peakHotspotCelsius = result.withPolicy.peakHotspotCelsius
        hotspotChangeCelsius = headline.hotspotChangeCelsius
        hotSeconds = headline.hotSeconds
        baselineHotSeconds = headline.baselineHotSeconds
    }
}

extension Simulator {
    /// Reruns `setup` with each of its assumed thermal figures (``ThermalParameters/assumed``) scaled by
    /// `1 − step` and `1 + step`: two pairs of runs per figure, each as long as the scenario's own pair.
    /// - Returns: `nil` when no figure is assumed.
    public static func sensitivity(
        _ setup: SimulationSetup,
        of result: SimulationResult,
        policyName: String,
        step: Double = 0.3,
        governing: (_ policyOn: Bool) -> GovernorDriver
    ) async -> Sensitivity? {
        let figures = setup.thermal.assumed
        guard !figures.isEmpty, step.isFinite, step > 0, step < 1 else { return nil }
        var rows: [SensitivityRow] = []
        for figure in figures {
            var outcomes: [(value: Double, outcome: SensitivityOutcome)] = []
            for scale in [1 - step, 1 + step] {
                var scaled = setup
                scaled.thermal = setup.thermal.scaling(figure, by: scale)
                let rerun = await run(scaled, policyName: policyName, runsWithoutFeedback: false, governing: governing)
                outcomes.append((scaled.thermal.value(of: figure), SensitivityOutcome(rerun)))
            }
            rows.append(
                SensitivityRow(
                    figure: figure,
                    value: setup.thermal.value(of: figure),
                    lowerValue: outcomes[0].value,
                    upperValue: outcomes[1].value,
                    lower: outcomes[0].outcome,
                    upper: outcomes[1].outcome
                )
            )
        }
        return Sensitivity(step: step, nominal: SensitivityOutcome(result), rows: rows)
    }
}
