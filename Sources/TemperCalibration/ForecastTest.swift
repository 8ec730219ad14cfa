import FoundationEssentials
public import TemperCore
import TemperSimulation

/// The forecast test that can fail: fit a ``NodeFit`` on the first part of a trace, then forecast every later
/// reading at each horizon from what was known when the forecast was made, and compare with persistence (no
/// change) and the straight-line trend (Android's: a least-squares line over the last 20 s, extrapolated from
/// the latest reading).
///
/// The one hyperparameter, the model's mode wander (``NodeForecaster``), is chosen on the fit part alone: the
/// model is fitted to its first 70 %, each choice forecasts its last 30 %, and the best (lowest RMSE over the
/// horizons) is kept; the model is then fitted again to the whole fit part. The scored part is never seen before
/// it is scored.
public struct ForecastTest: Sendable {
    public struct Settings: Sendable, Hashable {
        public var fitFraction: Double
        public var horizonsSeconds: [Double]
        /// Where a crossing is counted; `nil`: three quarters of the way from the fit part's lowest to its highest
        /// reading.
        public var thresholdCelsius: Double?
        public var ambient: GivenAmbient?
        public var bootstrapResamples: Int
        public var seed: UInt64

        public init(
            fitFraction: Double = 0.5,
            horizonsSeconds: [Double] = [10, 30, 60],
            thresholdCelsius: Double? = nil,
            ambient: GivenAmbient? = nil,
            bootstrapResamples: Int = 1000,
            seed: UInt64 = 33
        ) {
            self.fitFraction = fitFraction
            self.horizonsSeconds = horizonsSeconds
            self.thresholdCelsius = thresholdCelsius
            self.ambient = ambient
            self.bootstrapResamples = bootstrapResamples
            self.seed = seed
        }
    }

    /// The trend's window (s), the classifier's default.
    public static let trendWindowSeconds = ClassifierSettings().trendWindowSeconds
    /// The share of the fit part the hyperparameter is fitted on; the rest chooses it.
    public static let trainingShare = 0.7

    public var series: SensorSeries
    public var settings: Settings
    /// The model fitted to the fit part; `nil` when the fit part cannot determine it (``modelFailure`` says why):
    /// then only the trend and persistence are scored.
    public var fit: NodeFit?
    public var modelFailure: String?
    public var modeWanderCelsiusPerRootSecond: Double?
    /// Where the fit part ends and the scored part begins (s).
    public var scoredFromSeconds: Double
    /// The samples fitted on.
    public var fitCount: Int
    public var horizons: [HorizonScore]
    public var threshold: ThresholdScore?

    /// Runs the test.
    /// - Throws: `cannotCalibrate` when the fit part is too short to fit, or no reading lies a horizon after the
    ///   fit part.
    public static func run(_ series: SensorSeries, settings: Settings = .init()) throws(TemperError) -> ForecastTest {
        let count = series.times.count
        let fitCount = Int((Double(count) * settings.fitFraction).rounded())
        let trainCount = Int((Double(fitCount) * trainingShare).rounded())
        guard trainCount >= ThermalSeries.minimumSamples, fitCount < count - 1 else {
            throw TemperError(
                code: .cannotCalibrate,
                message:
                    "too short for the forecast test: \(count) samples, a fit fraction of \(settings.fitFraction) leaves \(trainCount) to fit on (at least \(ThermalSeries.minimumSamples)) and \(count - fitCount) to score",
                file: series.name
            )
        }
        var fit: NodeFit?
        var wander: Double?
        var failure: String?
        do throws(TemperError) {
            let training = try NodeFit.fit(series.slice(0..<trainCount), ambient: settings.ambient)
            let validation = Forecasts(series.slice(0..<fitCount), horizons: settings.horizonsSeconds)
            var bestError = Double.infinity
            for choice in NodeForecaster.modeWanderChoices {
                let forecaster = NodeForecaster(fit: training, modeWanderCelsiusPerRootSecond: choice)
                let error = validation.modelError(forecaster, scoredFrom: series.times[trainCount])
                if error < bestError || wander == nil {
                    bestError = error
                    wander = choice
                }
            }
            fit = try NodeFit.fit(series.slice(0..<fitCount), ambient: settings.ambient)
        } catch {
            failure = error.message
            fit = nil
        }
        let scoredFrom = series.times[fitCount]
        let forecasts = Forecasts(series, horizons: settings.horizonsSeconds)
        let model = fit.flatMap { fit in wander.map { NodeForecaster(fit: fit, modeWanderCelsiusPerRootSecond: $0) } }
        let paths = forecasts.run(model, scoredFrom: scoredFrom)
        guard paths.contains(where: { $0.scoredCount > 0 }) else {
            throw TemperError(
                code: .cannotCalibrate,
                message:
                    "no reading lies \(settings.horizonsSeconds.min() ?? 0) s after a forecast in the scored part: use a smaller --fit-fraction",
                file: series.name
            )
        }
        var generator = SeededGenerator(seed: settings.seed)
        let spacing = forecasts.medianSpacing
        let horizons = paths.map { HorizonScore($0, resamples: settings.bootstrapResamples, spacing: spacing, generator: &generator) }
        let fitPart = series.celsius[0..<fitCount]
        let level = settings.thresholdCelsius ?? ((fitPart.min() ?? 0) + 0.75 * ((fitPart.max() ?? 0) - (fitPart.min() ?? 0)))
        return ForecastTest(
            series: series,
            settings: settings,
            fit: fit,
            modelFailure: failure,
            modeWanderCelsiusPerRootSecond: fit == nil ? nil : wander,
            scoredFromSeconds: scoredFrom,
            fitCount: fitCount,
            horizons: horizons,
            threshold: ThresholdScore(level, paths: paths, series: series, scoredFrom: scoredFrom)
        )
    }
}

/// Each method's figure at one horizon.
public struct MethodFigures<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
    public var model: Value
    public var trend: Value
    public var persistence: Value
}

/// A difference of RMSEs (model − other, °C; negative: the model is better) with its 95 % paired-bootstrap interval.
public struct RMSEDifference: Sendable, Hashable, Codable {
    public var celsius: Double
    public var low: Double
    public var high: Double
}
