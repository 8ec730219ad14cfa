public import Foundation

/// Everything Temper knows about the host at one moment, with health per value.
/// The live host, a recorded trace and the simulator all produce these.
///
/// One time base: ``time`` is read from the clock the source was given, the same ``GovernorClock`` the governor's
/// queue and budgets run on, and it is all the classifier measures dwell, trends and forecasts with. The wall clock
/// (``timestamp``) is metadata for traces and status output only.
public struct HostSnapshot: Sendable, Hashable, Codable {
    /// Seconds on the source's clock (the governor's clock live, virtual time in the simulator) when it was taken.
    public var time: Double
    /// The wall-clock time it was taken, where a source read one (the live host): metadata for traces and status
    /// output that nothing computes with; `nil` from the simulator and fakes.
    public var timestamp: Date?
    public var temperatures: [TemperatureReading]
    /// Power (W) and energy (J) features, for the profiler.
    public var powerReadings: [PowerReading]
    public var battery: BatteryState
    public var powerProfile: PowerProfileState
    /// The sensor library as a whole (libsensors on Linux): `.error` when it could not start, so no hwmon
    /// sensor could be read at all; `nil` where the snapshot did not come from one (simulation, older traces).
    public var sensorLibrary: ReadingHealth?

    public init(
        time: Double,
        timestamp: Date? = nil,
        temperatures: [TemperatureReading] = [],
        powerReadings: [PowerReading] = [],
        battery: BatteryState = .unavailable,
        powerProfile: PowerProfileState = .unknown,
        sensorLibrary: ReadingHealth? = nil
    ) {
        self.time = time
        self.timestamp = timestamp
        self.temperatures = temperatures
        self.powerReadings = powerReadings
        self.battery = battery
        self.powerProfile = powerProfile
        self.sensorLibrary = sensorLibrary
    }

    private enum CodingKeys: String, CodingKey {
        case time, timestamp, temperatures, powerReadings, battery, powerProfile, sensorLibrary
    }

    /// Reads a snapshot; a trace written before snapshots carried ``time`` has only the wall clock, which then
    /// serves as its time (a replay measures from the trace's first snapshot either way).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        timestamp = try container.decodeIfPresent(Date.self, forKey: .timestamp)
        if let time = try container.decodeIfPresent(Double.self, forKey: .time) {
            self.time = time
        } else if let timestamp {
            time = timestamp.timeIntervalSince1970
        } else {
            throw DecodingError.keyNotFound(
                CodingKeys.time, DecodingError.Context(codingPath: container.codingPath, debugDescription: "no time and no timestamp")
            )
        }
        temperatures = try container.decode([TemperatureReading].self, forKey: .temperatures)
        powerReadings = try container.decode([PowerReading].self, forKey: .powerReadings)
        battery = try container.decode(BatteryState.self, forKey: .battery)
        powerProfile = try container.decode(PowerProfileState.self, forKey: .powerProfile)
        sensorLibrary = try container.decodeIfPresent(ReadingHealth.self, forKey: .sensorLibrary)
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
public struct TemperatureReading: Sendable, Hashable, Codable {
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
        chip: String, chipName: String, label: String, source: TemperatureSourceKind = .hwmon,
        celsius: Double?, high: Double? = nil, highHysteresis: Double? = nil,
        critical: Double? = nil, criticalHysteresis: Double? = nil,
        emergency: Double? = nil, emergencyHysteresis: Double? = nil,
        alarm: Bool? = nil, fault: Bool? = nil, health: ReadingHealth = .ok, limitHealth: ReadingHealth? = nil
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
public struct PowerReading: Sendable, Hashable, Codable {
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

/// UPower's warning levels, with UPower's numbering.
public enum BatteryWarningLevel: String, Sendable, Hashable, Codable, Comparable {
    case unknown, none, discharging, low, critical, action

    public var rank: Int {
        switch self {
        case .unknown: 0
        case .none: 1
        case .discharging: 2
        case .low: 3
        case .critical: 4
        case .action: 5
        }
    }

    public init(upowerValue: Int) {
        self = switch upowerValue {
        case 1: .none
        case 2: .discharging
        case 3: .low
        case 4: .critical
        case 5: .action
        default: .unknown
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// One battery as UPower reports it.
public struct BatteryDevice: Sendable, Hashable, Codable {
    public var nativePath: String
    public var present: Bool
    public var percentage: Double?
    public var state: String
    public var energyRateWatts: Double?

    public init(nativePath: String, present: Bool, percentage: Double?, state: String, energyRateWatts: Double? = nil) {
        self.nativePath = nativePath
        self.present = present
        self.percentage = percentage
        self.state = state
        self.energyRateWatts = energyRateWatts
    }
}

/// The battery side of the host: UPower's display device, or `unavailable` when the daemon or bus is gone.
public struct BatteryState: Sendable, Hashable, Codable {
    public enum Status: String, Sendable, Hashable, Codable { case available, unavailable }

    public var status: Status
    public var present: Bool
    public var onBattery: Bool
    public var lidClosed: Bool?
    public var percentage: Double?
    /// UPower's state text: `charging`, `discharging`, `fully-charged`, …
    public var state: String?
    public var warningLevel: BatteryWarningLevel
    public var energyRateWatts: Double?
    public var timeToEmptySeconds: Double?
    public var timeToFullSeconds: Double?
    public var batteries: [BatteryDevice]
    /// Why the battery is unavailable, when it is.
    public var detail: String?

    public init(
        status: Status = .available, present: Bool = false, onBattery: Bool = false, lidClosed: Bool? = nil,
        percentage: Double? = nil, state: String? = nil, warningLevel: BatteryWarningLevel = .unknown,
        energyRateWatts: Double? = nil, timeToEmptySeconds: Double? = nil, timeToFullSeconds: Double? = nil,
        batteries: [BatteryDevice] = [], detail: String? = nil
    ) {
        self.status = status
        self.present = present
        self.onBattery = onBattery
        self.lidClosed = lidClosed
        self.percentage = percentage
        self.state = state
        self.warningLevel = warningLevel
        self.energyRateWatts = energyRateWatts
        self.timeToEmptySeconds = timeToEmptySeconds
        self.timeToFullSeconds = timeToFullSeconds
        self.batteries = batteries
        self.detail = detail
    }

    public static let unavailable = BatteryState(status: .unavailable)
}

/// power-profiles-daemon's view: `nil` profile means unknown (daemon absent).
public struct PowerProfileState: Sendable, Hashable, Codable {
    /// `power-saver`, `balanced` or `performance`; `nil` when unknown.
    public var activeProfile: String?
    /// PerformanceDegraded reason, empty when not degraded.
    public var performanceDegraded: String?

    public init(activeProfile: String? = nil, performanceDegraded: String? = nil) {
        self.activeProfile = activeProfile
        self.performanceDegraded = performanceDegraded
    }

    public static let unknown = PowerProfileState()
    public var isPowerSaver: Bool { activeProfile == "power-saver" }
}
