/// Which forecast produced a temperature or a headroom.
public enum ForecastMethod: String, Sendable, Hashable, Codable {
    /// No forecast: the reading now (a forecast of 0 s, or a sensor without a trend yet).
    case current
    /// The straight line through the classifier's trend window, from the latest reading.
    case trend
    /// A fitted thermal model integrated forward from a state estimate.
    case model
}

/// One sensor's forecast temperature and its uncertainty.
public struct TemperatureForecast: Sendable, Hashable, Codable {
    public var celsius: Double
    /// Half the width of an approximate 95 % band about ``celsius`` (°C).
    public var errorCelsius: Double
    public var method: ForecastMethod

    public init(celsius: Double, errorCelsius: Double, method: ForecastMethod) {
        self.celsius = celsius
        self.errorCelsius = errorCelsius
        self.method = method
    }
}

/// Forecasts each sensor's temperature some seconds ahead. Pure: it learns only from what the classifier saw
/// (``observe(_:at:)``, once per snapshot, on the snapshot's time) and never reads a clock or a file.
///
/// ``TrendForecaster`` is the default; TemperSimulation's model forecaster uses a device profile's fitted
/// two-node model for the sensors it knows and the trend for the rest. Whoever builds the ``Governor`` picks one.
public protocol ThermalForecaster: Sendable {
    /// Takes one update's sensors, in the snapshot's order, at the snapshot's time.
    mutating func observe(_ sensors: [SensorAssessment], at time: Double)
    /// The temperature of `sensor` (at `index` in the last update) `seconds` ahead; `nil` without a reading.
    func forecast(_ sensor: SensorAssessment, at index: Int, aheadSeconds seconds: Double) -> TemperatureForecast?
}

/// The straight line: the latest reading plus the trend window's slope times the horizon, as Android's thermal
/// service forecasts its headroom. The band is the line's own uncertainty (the readings' scatter about it and the
/// slope's standard error, at about two standard deviations); it cannot see curvature the line does not model.
public struct TrendForecaster: ThermalForecaster {
    public init() {}

    public mutating func observe(_ sensors: [SensorAssessment], at time: Double) {}

    public func forecast(_ sensor: SensorAssessment, at index: Int, aheadSeconds seconds: Double) -> TemperatureForecast? {
        Self.line(sensor, aheadSeconds: seconds)
    }

    /// The trend forecast of one sensor, for forecasters that fall back to it.
    public static func line(_ sensor: SensorAssessment, aheadSeconds seconds: Double) -> TemperatureForecast? {
        guard let celsius = sensor.celsius else { return nil }
        guard seconds > 0, let slope = sensor.slopeCelsiusPerSecond else {
            return TemperatureForecast(celsius: celsius, errorCelsius: 2 * (sensor.trendResidualCelsius ?? 0), method: .current)
        }
        let residual = sensor.trendResidualCelsius ?? 0
        let slopeSpread = (sensor.slopeErrorCelsiusPerSecond ?? 0) * seconds
        return TemperatureForecast(
            celsius: celsius + slope * seconds,
            errorCelsius: 2 * (residual * residual + slopeSpread * slopeSpread).squareRoot(),
            method: .trend
        )
    }
}

/// No change: the latest reading, for a device whose own forecast test (`temper forecast`) found that neither the
/// fitted model nor the straight line beats it. The band is the trend window's scatter, as the line's is.
public struct PersistenceForecaster: ThermalForecaster {
    public init() {}

    public mutating func observe(_ sensors: [SensorAssessment], at time: Double) {}

    public func forecast(_ sensor: SensorAssessment, at index: Int, aheadSeconds seconds: Double) -> TemperatureForecast? {
        sensor.celsius.map { TemperatureForecast(celsius: $0, errorCelsius: 2 * (sensor.trendResidualCelsius ?? 0), method: .current) }
    }
}
