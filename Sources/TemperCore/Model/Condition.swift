import FoundationEssentials

/// What the host is going through: a tier plus low power, each with the facts that drove it, and the battery of
/// each peripheral feedback may be aimed at.
public struct Condition: Sendable, Hashable, Codable, CustomStringConvertible {
    public var tier: Tier
    public var lowPower: Bool
    public var reasons: [Reason]
    /// Each peripheral of the snapshot with its own battery condition; it governs only feedback aimed at that
    /// device (``SensoryRequest/device``) and never the tier or low power. Written in JSON only when not empty.
    public var peripherals: [PeripheralCondition]

    public init(tier: Tier, lowPower: Bool = false, reasons: [Reason] = [], peripherals: [PeripheralCondition] = []) {
        self.tier = tier
        self.lowPower = lowPower
        self.reasons = reasons
        self.peripherals = peripherals
    }

    private enum CodingKeys: String, CodingKey { case tier, lowPower, reasons, peripherals }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            tier: try container.decode(Tier.self, forKey: .tier),
            lowPower: try container.decode(Bool.self, forKey: .lowPower),
            reasons: try container.decode([Reason].self, forKey: .reasons),
            peripherals: try container.decodeIfPresent([PeripheralCondition].self, forKey: .peripherals) ?? []
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tier, forKey: .tier)
        try container.encode(lowPower, forKey: .lowPower)
        try container.encode(reasons, forKey: .reasons)
        if !peripherals.isEmpty { try container.encode(peripherals, forKey: .peripherals) }
    }

    public static let nominal = Condition(tier: .nominal)

    /// `serious` or `serious,low-power`: the form the command line accepts.
    public var description: String { lowPower ? "\(tier),low-power" : tier.rawValue }

    /// Parses `TIER[,low-power]`.
    public init?(parsing text: String) {
        let parts = text.split(separator: ",").map { $0.trimmingSpaces }
        guard let first = parts.first, let tier = Tier(rawValue: String(first)) else { return nil }
        var lowPower = false
        for part in parts.dropFirst() {
            guard part == "low-power" || part == "lowPower" else { return nil }
            lowPower = true
        }
        self.init(tier: tier, lowPower: lowPower)
    }

    /// The same tier and low power, ignoring reasons and peripherals (whose batteries change no host rule).
    public func isSameState(as other: Condition) -> Bool { tier == other.tier && lowPower == other.lowPower }

    /// The same peripherals (by object path) with the same battery conditions.
    public func hasSamePeripherals(as other: Condition) -> Bool {
        peripherals.elementsEqual(other.peripherals) { $0.peripheral.objectPath == $1.peripheral.objectPath && $0.battery == $1.battery }
    }
}

/// One fact behind a condition or a decision, e.g. `sensor coretemp/Package id 0 at 86.0 °C ≥ serious 85.0 °C`.
public struct Reason: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A stable, matchable code such as ``sensorThreshold`` (`sensor.threshold`) or ``batteryLow``
    /// (`battery.low`): match on these, never on messages. Written in JSON, metrics and logs as its dotted name.
    public struct Code: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
        /// The dotted name, e.g. `sensor.threshold`.
        public let name: String

        /// A code by its dotted name; the codes Temper gives are the static members.
        public init(stringLiteral name: String) { self.name = name }

        public init(from decoder: any Decoder) throws {
            name = try decoder.singleValueContainer().decode(String.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(name)
        }

        public var description: String { name }

        /// Whether the dotted name starts with `prefix` (`sensor.` for every sensor reason).
        public func hasPrefix(_ prefix: String) -> Bool { name.hasPrefix(prefix) }

        public static let audioElevationDropped: Code = "audio.elevationDropped"
        public static let audioNonEssentialOff: Code = "audio.nonEssentialOff"
        public static let audioVolumeScaled: Code = "audio.volumeScaled"
        public static let batteryCritical: Code = "battery.critical"
        public static let batteryLow: Code = "battery.low"
        public static let batteryUnavailable: Code = "battery.unavailable"
        public static let batteryWarningLevel: Code = "battery.warningLevel"
        public static let budgetDegraded: Code = "budget.degraded"
        public static let budgetExemptOverdraw: Code = "budget.exemptOverdraw"
        public static let budgetExhausted: Code = "budget.exhausted"
        public static let energyGuard: Code = "energy.guard"
        public static let exemptKept: Code = "exempt.kept"
        public static let exemptSimplest: Code = "exempt.simplest"
        public static let exemptOnlyDropped: Code = "exemptOnly.dropped"
        public static let exemptOnlySimplest: Code = "exemptOnly.simplest"
        public static let forecastPreemptive: Code = "forecast.preemptive"
        public static let governorFinished: Code = "governor.finished"
        public static let governorShutdown: Code = "governor.shutdown"
        public static let hapticsContinuousRemoved: Code = "haptics.continuousRemoved"
        public static let hapticsCurvesClipped: Code = "haptics.curvesClipped"
        public static let hapticsIntensityScaled: Code = "haptics.intensityScaled"
        public static let hapticsNothingLeft: Code = "haptics.nothingLeft"
        public static let hapticsOff: Code = "haptics.off"
        public static let hapticsRumbleCapped: Code = "haptics.rumbleCapped"
        public static let hapticsSimpleImpact: Code = "haptics.simpleImpact"
        public static let hysteresisDwell: Code = "hysteresis.dwell"
        public static let hysteresisHold: Code = "hysteresis.hold"
        public static let hysteresisStepDown: Code = "hysteresis.stepDown"
        public static let powerProfilePowerSaver: Code = "powerProfile.powerSaver"
        public static let powerProfilePowerSaverOnAC: Code = "powerProfile.powerSaverOnAC"
        public static let requestCancelled: Code = "request.cancelled"
        public static let sensorAbsurdLimit: Code = "sensor.absurdLimit"
        public static let sensorAbsurdReading: Code = "sensor.absurdReading"
        public static let sensorFault: Code = "sensor.fault"
        public static let sensorIgnored: Code = "sensor.ignored"
        public static let sensorNoReading: Code = "sensor.noReading"
        public static let sensorNominal: Code = "sensor.nominal"
        public static let sensorThreshold: Code = "sensor.threshold"
        public static let sensorUnhealthy: Code = "sensor.unhealthy"
        public static let sensorsMissing: Code = "sensors.missing"
        public static let sensorsUnavailable: Code = "sensors.unavailable"
        public static let visualParticlesScaled: Code = "visual.particlesScaled"
    }

    public var code: Code
    public var message: String

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
