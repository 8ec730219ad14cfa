/// How close the host is to its serious tier, on Android's scale: 1.0 at the serious-tier entry temperature of
/// the sensor nearest it, 0.0 at 30 °C below that, linear between, never below 0 and above 1 once past serious.
///
/// The mapping is Android's `ThermalManagerService` (`normalizeTemperature`: zero at the SEVERE threshold minus
/// `DEGREES_BETWEEN_ZERO_AND_ONE` = 30 °C, no upper cap), with Temper's serious tier in SEVERE's place, so an app
/// tuned to `getThermalHeadroom` reads the same numbers. The host's headroom is the highest over the counted
/// sensors, each against its own serious threshold.
public struct ThermalHeadroom: Sendable, Hashable, Codable {
    /// The forecast headroom.
    public var headroom: Double
    /// The headroom at the low and high ends of the forecast's band.
    public var low: Double
    public var high: Double
    /// What produced the forecast.
    public var method: ForecastMethod
    /// The sensor whose headroom is the host's, by display name.
    public var sensor: String
    /// How far ahead it looks (s).
    public var forecastSeconds: Double

    public init(headroom: Double, low: Double, high: Double, method: ForecastMethod, sensor: String, forecastSeconds: Double) {
        self.headroom = headroom
        self.low = low
        self.high = high
        self.method = method
        self.sensor = sensor
        self.forecastSeconds = forecastSeconds
    }

    /// Degrees between headroom 0 and 1 (Android's `DEGREES_BETWEEN_ZERO_AND_ONE`).
    public static let degreesBetweenZeroAndOne = 30.0
    /// The longest forecast asked of a forecaster (s): further ahead no trend or model state means much.
    public static let maxForecastSeconds = 600.0

    /// `celsius` on the headroom scale of a sensor that enters serious at `serious`.
    public static func normalized(_ celsius: Double, serious: Double) -> Double {
        max(0, (celsius - (serious - degreesBetweenZeroAndOne)) / degreesBetweenZeroAndOne)
    }

    /// The host's headroom `forecastSeconds` ahead from one update's sensors: the highest over the counted
    /// sensors with a reading; `nil` when none has one.
    public static func of(
        _ sensors: [SensorAssessment],
        forecastSeconds: Double,
        forecaster: some ThermalForecaster
    ) -> ThermalHeadroom? {
        var best: ThermalHeadroom?
        for (index, sensor) in sensors.enumerated() where sensor.status == .counted {
            guard let serious = sensor.thresholds?.entry.serious,
                let forecast = forecaster.forecast(sensor, at: index, aheadSeconds: forecastSeconds),
                forecast.celsius.isFinite, forecast.errorCelsius.isFinite
            else { continue }
            let headroom = normalized(forecast.celsius, serious: serious)
            if let best, best.headroom >= headroom { continue }
            best = ThermalHeadroom(
                headroom: headroom,
                low: normalized(forecast.celsius - forecast.errorCelsius, serious: serious),
                high: normalized(forecast.celsius + forecast.errorCelsius, serious: serious),
                method: forecast.method,
                sensor: sensor.displayName,
                forecastSeconds: forecastSeconds
            )
        }
        return best
    }
}

/// The headroom at each tier's entry temperature, for the sensor nearest its serious threshold now: what
/// Android's `getThermalHeadroomThresholds` gives, so an app can compare a headroom with a tier's edge.
public struct HeadroomThresholds: Sendable, Hashable, Codable {
    public var fair: Double
    public var serious: Double
    public var critical: Double
    /// The sensor they are for, by display name.
    public var sensor: String

    public init(fair: Double, serious: Double, critical: Double, sensor: String) {
        self.fair = fair
        self.serious = serious
        self.critical = critical
        self.sensor = sensor
    }

    /// The thresholds of the counted sensor with the highest headroom now; `nil` without one.
    public static func of(_ sensors: [SensorAssessment]) -> HeadroomThresholds? {
        var best: (headroom: Double, thresholds: HeadroomThresholds)?
        for sensor in sensors where sensor.status == .counted {
            guard let celsius = sensor.celsius, let entry = sensor.thresholds?.entry else { continue }
            let headroom = ThermalHeadroom.normalized(celsius, serious: entry.serious)
            if let best, best.headroom >= headroom { continue }
            let thresholds = HeadroomThresholds(
                fair: ThermalHeadroom.normalized(entry.fair, serious: entry.serious),
                serious: 1,
                critical: ThermalHeadroom.normalized(entry.critical, serious: entry.serious),
                sensor: sensor.displayName
            )
            best = (headroom, thresholds)
        }
        return best?.thresholds
    }

    /// Each tier with its threshold, lowest first.
    public var tiers: [(Tier, Double)] { [(.fair, fair), (.serious, serious), (.critical, critical)] }

    /// How many tier thresholds `headroom` has reached.
    public func level(of headroom: Double) -> Int { tiers.count(where: { headroom >= $0.1 }) }
}
