public import FoundationEssentials
public import TemperCore

/// What `temper calibrate thermal` prints for a single-sensor fit, in `--json` and in the forecast test's.
public struct NodeFitSummary: Sendable, Hashable, Codable {
    public var trace: String
    public var sensor: String
    /// `chip/label (measured power, W)`, `… (load proxy, %)` or `none`.
    public var input: String
    public var inputKind: SensorSeries.InputKind
    public var samples: Int
    public var nodes: Int
    /// Each node count tried and its information criterion (χ² + p·ln n; lower is better).
    public var informationCriterion: [String: Double]
    public var timeConstantsSeconds: [FittedValue]
    /// °C per W for measured power; °C per % or MHz for a load proxy (a fitted scale).
    public var gains: [FittedValue]
    public var baselineCelsius: FittedValue
    public var rmseCelsius: Double
    public var noiseCelsius: Double
    public var reducedChiSquare: Double?
    public var residualAutocorrelation: Double
    public var warnings: [String]

    public init(_ fit: NodeFit, series: SensorSeries) {
        trace = series.name
        sensor = series.sensor
        input = series.inputSource
        inputKind = series.inputKind
        samples = series.times.count
        nodes = fit.nodes
        informationCriterion = Dictionary(uniqueKeysWithValues: fit.informationCriterion.map { ("\($0.key)", $0.value) })
        timeConstantsSeconds = fit.timeConstants
        gains = fit.gains
        baselineCelsius = fit.baseline
        rmseCelsius = fit.rmseCelsius
        noiseCelsius = fit.noiseCelsius
        reducedChiSquare = fit.goodness.reducedChiSquare
        residualAutocorrelation = fit.goodness.residualAutocorrelation
        warnings = fit.goodness.warnings
    }
}

/// `temper forecast --json`.
public struct ForecastSummary: Sendable, Hashable, Codable {
    public var fitFraction: Double
    /// Where the scored part begins (s from the trace's start).
    public var scoredFromSeconds: Double
    /// `nil` when the fit part could not determine the model (``modelFailure`` says why).
    public var fit: NodeFitSummary?
    public var modelFailure: String?
    /// The model's mode wander, chosen on the fit part's last 30 % (°C/√s).
    public var modeWanderCelsiusPerRootSecond: Double?
    public var horizons: [HorizonScore]
    public var threshold: ThresholdScore?
    /// The method with the lowest RMSE at the longest horizon: what a governor should use on this device.
    public var bestAtLongestHorizon: String

    public init(_ test: ForecastTest) {
        fitFraction = test.settings.fitFraction
        scoredFromSeconds = test.scoredFromSeconds
        fit = test.fit.map { NodeFitSummary($0, series: test.series.slice(0..<test.fitCount)) }
        modelFailure = test.modelFailure
        modeWanderCelsiusPerRootSecond = test.modeWanderCelsiusPerRootSecond
        horizons = test.horizons
        threshold = test.threshold
        bestAtLongestHorizon = test.bestMethod
    }
}

extension ForecastTest {
    /// `model`, `trend` or `persistence`: the lowest RMSE at the longest horizon.
    public var bestMethod: String {
        guard let longest = horizons.max(by: { $0.seconds < $1.seconds }) else { return "persistence" }
        let figures = longest.rmseCelsius
        let ranked = [("model", figures.model), ("trend", figures.trend), ("persistence", figures.persistence)]
        return ranked.compactMap { name, rmse in rmse.map { (name, $0) } }.min { $0.1 < $1.1 }?.0 ?? "persistence"
    }
}

extension ForecastSummary {
    /// What `GetHeadroom` should forecast with on the device this test ran on: `model` (the fitted profile's) only
    /// when the test found the model best at its longest horizon, else the method it found best; the trend when
    /// the model won but the profile has none.
    public func headroomForecaster(model: (any ThermalForecaster)?) -> any ThermalForecaster {
        switch bestAtLongestHorizon {
        case "model": model ?? TrendForecaster()
        case "trend": TrendForecaster()
        default: PersistenceForecaster()
        }
    }

    /// Reads what `temper forecast --json` wrote (the caller reads the file, bounded).
    /// - Throws: one line naming `file` when `data` is not a forecast test's JSON.
    public static func decode(_ data: Data, file: String) throws(TemperError) -> ForecastSummary {
        guard let summary = try? TemperJSON.decoder().decode(ForecastSummary.self, from: data) else {
            throw TemperError(code: .invalidValue, message: "not the JSON of 'temper forecast --json'", file: file)
        }
        guard ["model", "trend", "persistence"].contains(summary.bestAtLongestHorizon) else {
            throw TemperError(code: .invalidValue, message: "bestAtLongestHorizon is not model, trend or persistence", file: file)
        }
        return summary
    }
}
