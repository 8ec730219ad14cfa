/// How the last update saw one sensor: its role, its own tier, and its trend.
public struct SensorAssessment: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable, Codable {
        /// Counted in the host tier this update.
        case counted
        /// Left out by policy or for absurd limits.
        case ignored
        /// Counted by policy, but it gave no valid temperature this update (an error, a fault, no value).
        case unhealthy
    }

    public var chip: String
    public var chipName: String
    public var label: String
    public var celsius: Double?
    public var status: Status
    /// The thresholds it is classified against; `nil` when ignored.
    public var thresholds: SensorThresholds?
    /// The tier its own temperature reaches; `nil` unless counted.
    public var tier: Tier?
    /// Least-squares slope over the trend window (°C/s); `nil` until two samples span some time.
    public var slopeCelsiusPerSecond: Double?
    /// How far the trend window's samples scatter about its line (residual standard deviation, °C); `nil` until
    /// the window holds three samples.
    public var trendResidualCelsius: Double?
    /// The standard error of ``slopeCelsiusPerSecond`` (°C/s); `nil` until the window holds three samples.
    public var slopeErrorCelsiusPerSecond: Double?
    /// Why it is ignored or unhealthy.
    public var note: Reason?

    public init(
        chip: String,
        chipName: String,
        label: String,
        celsius: Double? = nil,
        status: Status,
        thresholds: SensorThresholds? = nil,
        tier: Tier? = nil,
        slopeCelsiusPerSecond: Double? = nil,
        trendResidualCelsius: Double? = nil,
        slopeErrorCelsiusPerSecond: Double? = nil,
        note: Reason? = nil
    ) {
        self.chip = chip
        self.chipName = chipName
        self.label = label
        self.celsius = celsius
        self.status = status
        self.thresholds = thresholds
        self.tier = tier
        self.slopeCelsiusPerSecond = slopeCelsiusPerSecond
        self.trendResidualCelsius = trendResidualCelsius
        self.slopeErrorCelsiusPerSecond = slopeErrorCelsiusPerSecond
        self.note = note
    }

    /// `chipName/label`, for messages.
    public var displayName: String { "\(chipName)/\(label)" }
}

/// The host's temperature trend: the slope of the most urgent sensor (the one nearest its next threshold).
public struct ThermalTrend: Sendable, Hashable, Codable {
    public var sensor: String
    public var celsius: Double
    public var slopeCelsiusPerSecond: Double
    /// Seconds the slope was fitted over.
    public var spanSeconds: Double

    public init(sensor: String, celsius: Double, slopeCelsiusPerSecond: Double, spanSeconds: Double) {
        self.sensor = sensor
        self.celsius = celsius
        self.slopeCelsiusPerSecond = slopeCelsiusPerSecond
        self.spanSeconds = spanSeconds
    }
}

/// Seconds until the host reaches its next tier at the current slopes, in the spirit of Android's thermal
/// headroom forecast: the soonest over all counted, rising sensors.
public struct ThermalForecast: Sendable, Hashable, Codable {
    /// The tier it forecasts the host entering.
    public var tier: Tier
    public var seconds: Double
    /// The sensor that gets there first.
    public var sensor: String
    public var celsius: Double
    public var thresholdCelsius: Double
    public var slopeCelsiusPerSecond: Double

    public init(tier: Tier, seconds: Double, sensor: String, celsius: Double, thresholdCelsius: Double, slopeCelsiusPerSecond: Double) {
        self.tier = tier
        self.seconds = seconds
        self.sensor = sensor
        self.celsius = celsius
        self.thresholdCelsius = thresholdCelsius
        self.slopeCelsiusPerSecond = slopeCelsiusPerSecond
    }
}
