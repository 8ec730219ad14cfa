/// Everything the classifier can be told by a policy. The defaults are the ones the host-state issue names.
public struct ClassifierSettings: Sendable, Hashable, Codable {
    /// Thresholds for a sensor that has no limits of its own.
    public var defaultThresholds: TierThresholds
    /// Per chip or label overrides; the first match wins.
    public var sensorOverrides: [SensorOverride]
    /// Hysteresis when a sensor has no `*_hyst` of its own (°C).
    public var hysteresisCelsius: Double
    /// How long every counted sensor must stay below the exit threshold before stepping down one tier.
    public var dwellSeconds: Double
    /// The least-squares window for the temperature trend.
    public var trendWindowSeconds: Double
    /// Escalate pre-emptively when the forecast to the next tier is under this many seconds; `nil` = off.
    public var preemptiveEscalationSeconds: Double?
    /// A limit above this is absurd, and the sensor is ignored with a reason (°C).
    public var absurdLimitCelsius: Double
    /// No valid temperature for this long gives ``failSafeTier``.
    public var sensorLossTimeoutSeconds: Double
    public var failSafeTier: Tier
    /// Low power when on battery at or under this percentage.
    public var lowBatteryPercentage: Double
    /// A critical battery at or under this percentage.
    public var criticalBatteryPercentage: Double
    /// The tier a critical battery escalates to at least; `nil` = no escalation.
    public var criticalBatteryTier: Tier?
    /// Whether power-profiles-daemon's `power-saver` means low power.
    public var powerSaverMeansLowPower: Bool

    public init(
        defaultThresholds: TierThresholds = .init(fair: 70, serious: 85, critical: 95),
        sensorOverrides: [SensorOverride] = [],
        hysteresisCelsius: Double = 3,
        dwellSeconds: Double = 10,
        trendWindowSeconds: Double = 20,
        preemptiveEscalationSeconds: Double? = nil,
        absurdLimitCelsius: Double = 200,
        sensorLossTimeoutSeconds: Double = 30,
        failSafeTier: Tier = .fair,
        lowBatteryPercentage: Double = 20,
        criticalBatteryPercentage: Double = 5,
        criticalBatteryTier: Tier? = .serious,
        powerSaverMeansLowPower: Bool = true
    ) {
        self.defaultThresholds = defaultThresholds
        self.sensorOverrides = sensorOverrides
        self.hysteresisCelsius = hysteresisCelsius
        self.dwellSeconds = dwellSeconds
        self.trendWindowSeconds = trendWindowSeconds
        self.preemptiveEscalationSeconds = preemptiveEscalationSeconds
        self.absurdLimitCelsius = absurdLimitCelsius
        self.sensorLossTimeoutSeconds = sensorLossTimeoutSeconds
        self.failSafeTier = failSafeTier
        self.lowBatteryPercentage = lowBatteryPercentage
        self.criticalBatteryPercentage = criticalBatteryPercentage
        self.criticalBatteryTier = criticalBatteryTier
        self.powerSaverMeansLowPower = powerSaverMeansLowPower
    }
}

/// Entry temperatures (°C) for each tier above nominal.
public struct TierThresholds: Sendable, Hashable, Codable {
    public var fair: Double
    public var serious: Double
    public var critical: Double

    public init(fair: Double, serious: Double, critical: Double) {
        self.fair = fair
        self.serious = serious
        self.critical = critical
    }

    /// The entry threshold of `tier`; nominal has none.
    public func entry(of tier: Tier) -> Double? {
        switch tier {
        case .nominal: nil
        case .fair: fair
        case .serious: serious
        case .critical: critical
        }
    }
}

/// A policy's word on one sensor: match by chip (sysfs path or printed name) and/or label.
public struct SensorOverride: Sendable, Hashable, Codable {
    public var chip: String?
    public var label: String?
    /// Replaces the sensor's own thresholds.
    public var thresholds: TierThresholds?
    public var hysteresisCelsius: Double?
    /// Leave this sensor out of the host tier.
    public var ignore: Bool

    public init(
        chip: String? = nil,
        label: String? = nil,
        thresholds: TierThresholds? = nil,
        hysteresisCelsius: Double? = nil,
        ignore: Bool = false
    ) {
        self.chip = chip
        self.label = label
        self.thresholds = thresholds
        self.hysteresisCelsius = hysteresisCelsius
        self.ignore = ignore
    }

    public func matches(_ reading: TemperatureReading) -> Bool {
        if let chip, chip != reading.chip, chip != reading.chipName { return false }
        if let label, label != reading.label { return false }
        return chip != nil || label != nil
    }
}
