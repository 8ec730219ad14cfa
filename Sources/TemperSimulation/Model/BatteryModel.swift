public import TemperCore

/// The battery's constants: enough to turn watts into percentage points.
public struct BatteryParameters: Sendable, Hashable, Codable {
    public var capacityMilliampHours: Double
    public var nominalVolts: Double
    /// How much of a charger's power the cell takes at its temperature.
    public var charging: ChargeDerating
    /// Where the numbers come from.
    public var source: String

    public init(
        capacityMilliampHours: Double = 4_500,
        nominalVolts: Double = 3.85,
        charging: ChargeDerating = .jeita,
        source: String = "derived: a typical phone cell"
    ) {
        self.capacityMilliampHours = capacityMilliampHours
        self.nominalVolts = nominalVolts
        self.charging = charging
        self.source = source
    }

    /// Stored energy when full (J).
    public var capacityJoules: Double { capacityMilliampHours / 1000 * nominalVolts * 3600 }
}

/// A battery that drains by the energy drawn from it while on battery, charges when a charger feeds it, and
/// otherwise holds its charge on mains power.
public struct BatteryModel: Sendable, Hashable {
    public let parameters: BatteryParameters
    public var onBattery: Bool
    public private(set) var remainingJoules: Double
    /// Power going into the cell during the last step (W); 0 when not charging or full.
    public private(set) var chargingWatts: Double = 0

    public init(parameters: BatteryParameters = .init(), percentage: Double, onBattery: Bool) {
        self.parameters = parameters
        self.onBattery = onBattery
        self.remainingJoules = parameters.capacityJoules * min(max(percentage, 0), 100) / 100
    }

    public var percentage: Double {
        guard parameters.capacityJoules > 0 else { return 0 }
        return remainingJoules / parameters.capacityJoules * 100
    }

    /// Draws `powerWatts` for `seconds` when on battery.
    public mutating func drain(powerWatts: Double, seconds: Double) {
        guard onBattery else { return }
        remainingJoules = max(0, remainingJoules - powerWatts * seconds)
    }

    /// Charges at up to `powerWatts` for `seconds` with the cell at `cellCelsius`, stopping when full. The
    /// charger derates with the cell's temperature as ``BatteryParameters/charging`` says (JEITA).
    /// - Returns: the power that actually went into the cell (less than asked when derated, and in the step that
    ///   fills it).
    @discardableResult
    public mutating func charge(powerWatts: Double, seconds: Double, cellCelsius: Double = 25) -> Double {
        guard seconds > 0 else { return 0 }
        let room = max(0, parameters.capacityJoules - remainingJoules)
        let allowed = max(0, powerWatts) * parameters.charging.fraction(atCelsius: cellCelsius)
        let joules = min(room, allowed * seconds)
        remainingJoules += joules
        chargingWatts = joules / seconds
        return chargingWatts
    }

    /// Marks that no charger fed the cell in this step.
    public mutating func stopCharging() { chargingWatts = 0 }

    /// UPower's percentage-based warning levels (UPower.conf: low 20 %, critical 5 %, action 2 %).
    public var warningLevel: BatteryWarningLevel {
        guard onBattery else { return .none }
        let level = percentage
        if level <= 2 { return .action }
        if level <= 5 { return .critical }
        if level <= 20 { return .low }
        return .discharging
    }

    /// The battery as UPower would report it, for a snapshot.
    public func state(powerWatts: Double) -> BatteryState {
        let level = percentage
        let timeToEmpty = onBattery && powerWatts > 0 ? remainingJoules / powerWatts : nil
        let charging = !onBattery && chargingWatts > 0
        let timeToFull = charging ? (parameters.capacityJoules - remainingJoules) / chargingWatts : nil
        let stateText = onBattery ? "discharging" : charging ? "charging" : (level >= 99.5 ? "fully-charged" : "pending-charge")
        return BatteryState(
            status: .available,
            present: true,
            onBattery: onBattery,
            percentage: level,
            state: stateText,
            warningLevel: warningLevel,
            energyRateWatts: onBattery ? powerWatts : charging ? chargingWatts : nil,
            timeToEmptySeconds: timeToEmpty,
            timeToFullSeconds: timeToFull
        )
    }
}
