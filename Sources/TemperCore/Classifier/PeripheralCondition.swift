/// A peripheral's battery as the classifier sees it: `ok`, `low` or `critical`, or `unknown` without a reading.
public enum PeripheralBattery: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case unknown, ok, low, critical

    private var rank: Int {
        switch self {
        case .unknown: 0
        case .ok: 1
        case .low: 2
        case .critical: 3
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// One peripheral of a snapshot with its own battery condition: the part of a ``Condition`` that governs feedback
/// aimed at that device. The host's tier and low power never depend on it.
public struct PeripheralCondition: Sendable, Hashable, Codable {
    public var peripheral: Peripheral
    public var battery: PeripheralBattery
    /// The facts behind ``battery`` (`peripheral.low`, `peripheral.critical`, `peripheral.charging`, …).
    public var reasons: [Reason]

    public init(peripheral: Peripheral, battery: PeripheralBattery, reasons: [Reason] = []) {
        self.peripheral = peripheral
        self.battery = battery
        self.reasons = reasons
    }

    /// Judges `peripheral` with the host battery's thresholds: critical at UPower's warning level Critical or
    /// Action, or at or under ``ClassifierSettings/criticalBatteryPercentage``; low at warning level Low, or at or
    /// under ``ClassifierSettings/lowBatteryPercentage``; `ok` otherwise, and always while it charges (it is not
    /// draining, whatever its percentage); `unknown` without a percentage or a warning level.
    public static func assess(_ peripheral: Peripheral, settings: ClassifierSettings) -> PeripheralCondition {
        let name = peripheral.displayName
        let level = peripheral.warningLevel
        let percentText = peripheral.percentage.map(ReasonFormat.percent) ?? "an unknown percentage"
        if peripheral.isCharging {
            let reason = Reason(code: .peripheralCharging, message: "\(name) \(peripheral.state) at \(percentText): not draining")
            return PeripheralCondition(peripheral: peripheral, battery: .ok, reasons: [reason])
        }
        let percentage = peripheral.percentage
        if level >= .critical || percentage.map({ $0 <= settings.criticalBatteryPercentage }) == true {
            let fact =
                level >= .critical
                ? "warning level \(level.rawValue)"
                : "at or under \(ReasonFormat.percent(settings.criticalBatteryPercentage))"
            let reason = Reason(code: .peripheralCritical, message: "\(name) battery critical at \(percentText) (\(fact))")
            return PeripheralCondition(peripheral: peripheral, battery: .critical, reasons: [reason])
        }
        if level == .low || percentage.map({ $0 <= settings.lowBatteryPercentage }) == true {
            let fact =
                level == .low ? "warning level low" : "at or under \(ReasonFormat.percent(settings.lowBatteryPercentage))"
            let reason = Reason(code: .peripheralLow, message: "\(name) battery low at \(percentText) (\(fact))")
            return PeripheralCondition(peripheral: peripheral, battery: .low, reasons: [reason])
        }
        guard percentage != nil || level != .unknown else {
            let reason = Reason(code: .peripheralUnknown, message: "\(name) gives no battery percentage or warning level")
            return PeripheralCondition(peripheral: peripheral, battery: .unknown, reasons: [reason])
        }
        return PeripheralCondition(peripheral: peripheral, battery: .ok)
    }

    /// The peripheral `device` names (see ``Peripheral/matches(_:)``) among `conditions`: an exact path or serial
    /// first, else of the kinds it names the one with the worst battery, so two controllers are governed by the
    /// weaker one. `nil` when none matches.
    public static func target(_ device: String, in conditions: [PeripheralCondition]) -> PeripheralCondition? {
        if let exact = conditions.first(where: { condition in
            let peripheral = condition.peripheral
            return peripheral.objectPath == device || peripheral.nativePath == device || peripheral.serial == device
        }) {
            return exact
        }
        return conditions.filter { $0.peripheral.matches(device) }.max { $0.battery < $1.battery }
    }
}

extension Reason.Code {
    public static let peripheralCharging: Reason.Code = "peripheral.charging"
    public static let peripheralCritical: Reason.Code = "peripheral.critical"
    public static let peripheralLow: Reason.Code = "peripheral.low"
    public static let peripheralNotFound: Reason.Code = "peripheral.notFound"
    public static let peripheralUnknown: Reason.Code = "peripheral.unknown"
}
