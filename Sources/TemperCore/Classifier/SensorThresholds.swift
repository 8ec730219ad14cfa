/// Where a sensor's thresholds came from, for reasons and `temper status`.
public enum ThresholdSource: String, Sendable, Hashable, Codable {
    /// Derived from the sensor's own limits (max or passive trip point, crit).
    case ownLimits
    /// The sensor gives no limits: the settings' default thresholds.
    case defaults
    /// A policy override for this chip or label.
    case override
}

/// The thresholds one sensor is classified against: entry temperatures per tier and the exit temperatures
/// (entry minus hysteresis) it must stay below before the host may step down from that tier.
public struct SensorThresholds: Sendable, Hashable, Codable {
    public var entry: TierThresholds
    public var exit: TierThresholds
    public var source: ThresholdSource

    public init(entry: TierThresholds, exit: TierThresholds, source: ThresholdSource) {
        self.entry = entry
        self.exit = exit
        self.source = source
    }

    /// The highest tier whose entry temperature `celsius` has reached.
    public func tier(at celsius: Double) -> Tier {
        if celsius >= entry.critical { return .critical }
        if celsius >= entry.serious { return .serious }
        if celsius >= entry.fair { return .fair }
        return .nominal
    }
}

/// How the classifier treats one sensor, decided from its limits and the policy's overrides.
enum SensorRole: Sendable, Hashable {
    case counted(SensorThresholds)
    /// Left out of the host tier; the reason says why (absurd limits, a policy override).
    case ignored(Reason)

    public var thresholds: SensorThresholds? {
        if case .counted(let thresholds) = self { return thresholds }
        return nil
    }
}

extension ClassifierSettings {
    /// The thresholds these settings give a sensor, or `nil` when the sensor is left out of the host tier
    /// (ignored by an override, or with absurd limits): what a report draws for it.
    public func thresholds(for reading: TemperatureReading) -> SensorThresholds? {
        role(for: reading).thresholds
    }

    /// A kernel hysteresis wider than this is taken as a delta rather than an absolute temperature (°C).
    static let plausibleHysteresisCelsius = 20.0

    /// Decides how a sensor is classified.
    ///
    /// Own limits: serious at `high` (hwmon max, or the thermal zone's passive trip point), critical at
    /// `critical − 5 °C`, fair at `high − 10 °C`. A missing limit takes the default threshold for that tier, and
    /// the result is kept ordered by lowering serious to critical and fair to serious where they cross.
    /// A sensor with no limits uses ``defaultThresholds``. A limit above ``absurdLimitCelsius`` makes the
    /// sensor ignored; so does an override with `ignore`.
    func role(for reading: TemperatureReading) -> SensorRole {
        let override = sensorOverrides.first { $0.matches(reading) }
        if let override, override.ignore {
            return .ignored(Reason(code: "sensor.ignored", message: "sensor \(reading.displayName) ignored by policy override"))
        }
        if let thresholds = override?.thresholds {
            let hysteresis = override?.hysteresisCelsius ?? hysteresisCelsius
            return .counted(Self.thresholds(entry: thresholds, fairAndSerious: hysteresis, critical: hysteresis, source: .override))
        }
        let limits: [(String, Double?)] = [("high", reading.high), ("critical", reading.critical), ("emergency", reading.emergency)]
        if let (name, value) = limits.first(where: { ($0.1 ?? 0) > absurdLimitCelsius }), let value {
            return .ignored(
                Reason(
                    code: "sensor.absurdLimit",
                    message:
                        "sensor \(reading.displayName) ignored: its \(name) limit \(ReasonFormat.celsius(value)) is above \(ReasonFormat.celsius(absurdLimitCelsius))"
                )
            )
        }
        let explicitHysteresis = override?.hysteresisCelsius
        guard reading.high != nil || reading.critical != nil else {
            let hysteresis = explicitHysteresis ?? hysteresisCelsius
            return .counted(Self.thresholds(entry: defaultThresholds, fairAndSerious: hysteresis, critical: hysteresis, source: .defaults))
        }
        let critical = reading.critical.map { $0 - 5 } ?? defaultThresholds.critical
        let serious = min(reading.high ?? defaultThresholds.serious, critical)
        let fair = min(reading.high.map { $0 - 10 } ?? defaultThresholds.fair, serious)
        let highWidth =
            explicitHysteresis ?? Self.hysteresisWidth(limit: reading.high, hysteresis: reading.highHysteresis) ?? hysteresisCelsius
        let criticalWidth =
            explicitHysteresis ?? Self.hysteresisWidth(limit: reading.critical, hysteresis: reading.criticalHysteresis) ?? hysteresisCelsius
        return .counted(
            Self.thresholds(
                entry: TierThresholds(fair: fair, serious: serious, critical: critical),
                fairAndSerious: highWidth,
                critical: criticalWidth,
                source: .ownLimits
            )
        )
    }

    /// The width of a sensor's own hysteresis. libsensors reports `tempN_max_hyst` as an absolute temperature
    /// (e.g. max 80, hyst 75 means 5 °C), while a kernel thermal zone's `trip_point_N_hyst` is a delta; a value
    /// close under the limit is read as absolute, a small one far under it as a delta. `nil` when neither fits.
    static func hysteresisWidth(limit: Double?, hysteresis: Double?) -> Double? {
        guard let limit, let hysteresis else { return nil }
        let absoluteWidth = limit - hysteresis
        if absoluteWidth > 0, absoluteWidth <= plausibleHysteresisCelsius { return absoluteWidth }
        if hysteresis > 0, hysteresis <= plausibleHysteresisCelsius { return hysteresis }
        return nil
    }

    private static func thresholds(
        entry: TierThresholds,
        fairAndSerious: Double,
        critical: Double,
        source: ThresholdSource
    ) -> SensorThresholds {
        SensorThresholds(
            entry: entry,
            exit: TierThresholds(
                fair: entry.fair - fairAndSerious,
                serious: entry.serious - fairAndSerious,
                critical: entry.critical - critical
            ),
            source: source
        )
    }
}
