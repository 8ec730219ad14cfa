public import TemperSimulation

/// The room's temperature during the traces as measured, with its uncertainty (one standard deviation).
public struct GivenAmbient: Sendable, Hashable, CustomStringConvertible {
    public var celsius: Double
    public var uncertaintyCelsius: Double

    /// What a bare `--ambient` is taken to mean: a room thermometer a metre away reads the air around a device to
    /// about a degree.
    public static let defaultUncertaintyCelsius = 1.0

    public init(celsius: Double, uncertaintyCelsius: Double = defaultUncertaintyCelsius) {
        self.celsius = celsius
        self.uncertaintyCelsius = uncertaintyCelsius
    }

    /// `24 ± 1 °C`.
    public var description: String {
        "\(ProfileText.number(celsius, digits: 6)) ± \(ProfileText.number(uncertaintyCelsius, digits: 3)) °C"
    }
}

/// A model run over a trace's times.
public struct FittedCurve: Sendable, Hashable {
    public var times: [Double]
    public var internalCelsius: [Double]
    public var hotspotCelsius: [Double]
}

/// What ``ThermalCalibration/fit(_:base:ambient:progress:)`` found.
public struct ThermalFit: Sendable {
    /// The solver's result: every parameter (thermal, ambient, each trace's starting temperatures) with its interval,
    /// widened by ``GoodnessOfFit/intervalScale``. Its residuals are in units of each sensor's noise, the given
    /// ambient's last.
    public var result: FitResult
    /// The fitted model, ready to simulate with.
    public var parameters: ThermalParameters
    /// The fitted ambient.
    public var ambientCelsius: Double
    /// The ambient the caller gave, if any.
    public var givenAmbient: GivenAmbient?
    public var series: [ThermalSeries]
    /// The fitted model over each trace, in the order of ``series``.
    public var curves: [FittedCurve]
    /// Each trace's sensor noise (``ThermalSeries/readingNoiseCelsius``), the unit of its residuals.
    public var readingNoiseCelsius: [(internal: Double, hotspot: Double)]
    /// Reduced χ² against the sensors' noise, the largest residual, the residuals' autocorrelation, and the
    /// warnings, one of them when the traces disagree with the given ambient.
    public var goodness: GoodnessOfFit

    /// The misfit warnings; empty when the fitted model explains the traces.
    public var warnings: [String] { goodness.warnings }

    /// The readings fitted: both temperatures of every sample of every trace.
    public var readingCount: Int { series.reduce(0) { $0 + 2 * $1.times.count } }

    /// RMSE of the fit over both temperatures of every trace (°C).
    public var rmseCelsius: Double {
        var sum = 0.0
        for (trace, curve) in zip(series, curves) {
            let rmse = ThermalCalibration.rmse(curve, against: trace)
            sum += rmse * rmse * Double(2 * trace.times.count)
        }
        return (sum / Double(max(readingCount, 1))).squareRoot()
    }

    /// The residuals' lag-1 autocorrelation, averaged over each trace's two temperatures. Near 0 the residuals are
    /// independent noise, as the intervals assume; well above 0 (a slow drift the model does not explain: the room
    /// changed, an unrecorded heat source) the intervals are widened and a warning says why.
    public var residualAutocorrelation: Double { goodness.residualAutocorrelation }

    /// Above this, ``residualAutocorrelation`` says the intervals are optimistic.
    public static let correlatedResidualsThreshold = GoodnessOfFit.correlatedResidualsThreshold
}
