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
        self =
            switch upowerValue {
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

/// One battery as UPower reports it (`upower -d`'s per-battery block).
public struct BatteryDevice: Sendable, Hashable, Codable {
    public var nativePath: String
    public var present: Bool
    public var percentage: Double?
    public var state: String
    public var energyRateWatts: Double?
    /// Energy now, when full, and when new (Wh): UPower's `energy`, `energy-full`, `energy-full-design`.
    public var energyWh: Double?
    public var energyFullWh: Double?
    public var energyFullDesignWh: Double?
    /// Health: full capacity as a percentage of the design capacity (UPower's `capacity`).
    public var capacityPercent: Double?
    public var model: String?
    public var vendor: String?
    /// `lithium-ion`, `lithium-polymer`, … as UPower names it; `nil` when unknown.
    public var technology: String?

    public init(
        nativePath: String,
        present: Bool,
        percentage: Double?,
        state: String,
        energyRateWatts: Double? = nil,
        energyWh: Double? = nil,
        energyFullWh: Double? = nil,
        energyFullDesignWh: Double? = nil,
        capacityPercent: Double? = nil,
        model: String? = nil,
        vendor: String? = nil,
        technology: String? = nil
    ) {
        self.nativePath = nativePath
        self.present = present
        self.percentage = percentage
        self.state = state
        self.energyRateWatts = energyRateWatts
        self.energyWh = energyWh
        self.energyFullWh = energyFullWh
        self.energyFullDesignWh = energyFullDesignWh
        self.capacityPercent = capacityPercent
        self.model = model
        self.vendor = vendor
        self.technology = technology
    }
}

/// The battery side of the host: UPower's display device, or `unavailable` when the daemon or bus is gone.
public struct BatteryState: Sendable, Hashable {
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
    /// The display device's energy now and when full (Wh), summed over the batteries.
    public var energyWh: Double?
    public var energyFullWh: Double?
    public var timeToEmptySeconds: Double?
    public var timeToFullSeconds: Double?
    public var batteries: [BatteryDevice]
    /// Why the battery is unavailable, when it is.
    public var detail: String?

    public init(
        status: Status = .available,
        present: Bool = false,
        onBattery: Bool = false,
        lidClosed: Bool? = nil,
        percentage: Double? = nil,
        state: String? = nil,
        warningLevel: BatteryWarningLevel = .unknown,
        energyRateWatts: Double? = nil,
        energyWh: Double? = nil,
        energyFullWh: Double? = nil,
        timeToEmptySeconds: Double? = nil,
        timeToFullSeconds: Double? = nil,
        batteries: [BatteryDevice] = [],
        detail: String? = nil
    ) {
        self.status = status
        self.present = present
        self.onBattery = onBattery
        self.lidClosed = lidClosed
        self.percentage = percentage
        self.state = state
        self.warningLevel = warningLevel
        self.energyRateWatts = energyRateWatts
        self.energyWh = energyWh
        self.energyFullWh = energyFullWh
        self.timeToEmptySeconds = timeToEmptySeconds
        self.timeToFullSeconds = timeToFullSeconds
        self.batteries = batteries
        self.detail = detail
    }

    public static let unavailable = BatteryState(status: .unavailable)
}
