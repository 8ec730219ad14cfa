public import FoundationEssentials

/// Everything Temper knows about the host at one moment, with health per value.
/// The live host, a recorded trace and the simulator all produce these.
///
/// One time base: ``time`` is read from the clock the source was given, the same ``GovernorClock`` the governor's
/// queue and budgets run on, and it is all the classifier measures dwell, trends and forecasts with. The wall clock
/// (``timestamp``) is metadata for traces and status output only.
public struct HostSnapshot: Sendable, Hashable {
    /// Seconds on the source's clock (the governor's clock live, virtual time in the simulator) when it was taken.
    public var time: Double
    /// The wall-clock time it was taken, where a source read one (the live host): metadata for traces and status
    /// output that nothing computes with; `nil` from the simulator and fakes.
    public var timestamp: Date?
    public var temperatures: [TemperatureReading]
    /// Power (W) and energy (J) features, for the profiler.
    public var powerReadings: [PowerReading]
    /// Fans (rpm), voltages (V) and currents (A) the sensor library gives: shown, never classified.
    public var measurements: [MeasurementReading]
    public var battery: BatteryState
    public var powerProfile: PowerProfileState
    /// Every battery-powered device UPower lists besides the host's own batteries (controllers, mice, headsets…).
    public var peripherals: [Peripheral]
    /// The sensor library as a whole (libsensors on Linux): `.error` when it could not start, so no hwmon
    /// sensor could be read at all; `nil` where the snapshot did not come from one (simulation, older traces).
    public var sensorLibrary: ReadingHealth?

    public init(
        time: Double,
        timestamp: Date? = nil,
        temperatures: [TemperatureReading] = [],
        powerReadings: [PowerReading] = [],
        measurements: [MeasurementReading] = [],
        battery: BatteryState = .unavailable,
        powerProfile: PowerProfileState = .unknown,
        peripherals: [Peripheral] = [],
        sensorLibrary: ReadingHealth? = nil
    ) {
        self.time = time
        self.timestamp = timestamp
        self.temperatures = temperatures
        self.powerReadings = powerReadings
        self.measurements = measurements
        self.battery = battery
        self.powerProfile = powerProfile
        self.peripherals = peripherals
        self.sensorLibrary = sensorLibrary
    }
}

/// Whether a value could be read; an error keeps the source's own code and text, and which numbering the code
/// is in, so a libsensors `SENSORS_ERR_*` code is never mistaken for an errno.
public enum ReadingHealth: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Whose numbering an error code is in.
    public enum Domain: String, Sendable, Hashable, Codable {
        /// libsensors' `SENSORS_ERR_*`, positive (4 is "Kernel interface error").
        case libsensors
        /// POSIX `errno` from reading sysfs directly (2 is `ENOENT`).
        case errno
        /// A source that does not say (a recorded trace from before domains, a simulator).
        case unspecified
    }

    case ok
    case error(code: Int, message: String, domain: Domain = .unspecified)

    public var isOK: Bool { self == .ok }

    public var description: String {
        switch self {
        case .ok: "ok"
        case .error(let code, let message, .unspecified): "error \(code): \(message)"
        case .error(let code, let message, let domain): "\(domain.rawValue) error \(code): \(message)"
        }
    }

    private enum CodingKeys: String, CodingKey { case status, code, message, domain }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .status) {
        case "ok": self = .ok
        default:
            self = .error(
                code: try container.decodeIfPresent(Int.self, forKey: .code) ?? 0,
                message: try container.decodeIfPresent(String.self, forKey: .message) ?? "error",
                domain: try container.decodeIfPresent(Domain.self, forKey: .domain) ?? .unspecified
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .ok:
            try container.encode("ok", forKey: .status)
        case .error(let code, let message, let domain):
            try container.encode("error", forKey: .status)
            try container.encode(code, forKey: .code)
            try container.encode(message, forKey: .message)
            if domain != .unspecified { try container.encode(domain, forKey: .domain) }
        }
    }
}

/// Where a temperature came from.
public enum TemperatureSourceKind: String, Sendable, Hashable, Codable {
    case hwmon
    case thermalZone
    case simulated
}

/// One temperature sensor with its own limits (°C). Limits are `nil` where the sensor gives none.
public struct TemperatureReading: Sendable, Hashable {
    /// Stable key: the chip's sysfs path (hwmon) or the zone's path (thermal zone).
    public var chip: String
    /// The printed chip name, e.g. `coretemp-isa-0000`.
    public var chipName: String
    /// The label as libsensors gives it (sensors.conf honoured), or the zone type.
    public var label: String
    public var source: TemperatureSourceKind
    public var celsius: Double?
    public var high: Double?
    public var highHysteresis: Double?
    public var critical: Double?
    public var criticalHysteresis: Double?
    public var emergency: Double?
    public var emergencyHysteresis: Double?
    public var alarm: Bool?
    public var fault: Bool?
    public var health: ReadingHealth
    /// The first limit, alarm or fault that could not be read (its message names which), or `nil` when all that
    /// the sensor has were read. The limit itself is then `nil`, and this says why.
    public var limitHealth: ReadingHealth?

    public init(
        chip: String,
        chipName: String,
        label: String,
        source: TemperatureSourceKind = .hwmon,
        celsius: Double?,
        high: Double? = nil,
        highHysteresis: Double? = nil,
        critical: Double? = nil,
        criticalHysteresis: Double? = nil,
        emergency: Double? = nil,
        emergencyHysteresis: Double? = nil,
        alarm: Bool? = nil,
        fault: Bool? = nil,
        health: ReadingHealth = .ok,
        limitHealth: ReadingHealth? = nil
    ) {
        self.chip = chip
        self.chipName = chipName
        self.label = label
        self.source = source
        self.celsius = celsius
        self.high = high
        self.highHysteresis = highHysteresis
        self.critical = critical
        self.criticalHysteresis = criticalHysteresis
        self.emergency = emergency
        self.emergencyHysteresis = emergencyHysteresis
        self.alarm = alarm
        self.fault = fault
        self.health = health
        self.limitHealth = limitHealth
    }

    /// `chipName/label`, for messages.
    public var displayName: String { "\(chipName)/\(label)" }
}

/// A power (W) or energy (J) feature.
public struct PowerReading: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable { case power, energy }
    public var chip: String
    public var chipName: String
    public var label: String
    public var kind: Kind
    /// Watts for power, joules for energy.
    public var value: Double?
    public var health: ReadingHealth

    public init(chip: String, chipName: String, label: String, kind: Kind, value: Double?, health: ReadingHealth = .ok) {
        self.chip = chip
        self.chipName = chipName
        self.label = label
        self.kind = kind
        self.value = value
        self.health = health
    }
}

/// A fan (rpm), voltage (V) or current (A) feature: what `sensors` prints besides temperatures and power.
public struct MeasurementReading: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case fan, voltage, current
        /// Load proxies an imported recording carries (`temper import`): a utilisation in % or a clock in MHz. Never
        /// a power, so a fit never takes one for the heat that goes in.
        case utilization, frequency

        /// The unit of ``MeasurementReading/value``: `rpm`, `V`, `A`, `%` or `MHz`.
        public var unit: String {
            switch self {
            case .fan: "rpm"
            case .voltage: "V"
            case .current: "A"
            case .utilization: "%"
            case .frequency: "MHz"
            }
        }
    }

    public var chip: String
    public var chipName: String
    public var label: String
    public var kind: Kind
    /// In the kind's ``Kind/unit``.
    public var value: Double?
    /// The chip's own lower and upper limits (`fan1_min`, `in0_max`, …), where it has them.
    public var minimum: Double?
    public var maximum: Double?
    public var health: ReadingHealth

    public init(
        chip: String,
        chipName: String,
        label: String,
        kind: Kind,
        value: Double?,
        minimum: Double? = nil,
        maximum: Double? = nil,
        health: ReadingHealth = .ok
    ) {
        self.chip = chip
        self.chipName = chipName
        self.label = label
        self.kind = kind
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.health = health
    }
}
