/// What the battery and power profile say: low power, a critical battery, and the facts behind both.
public struct PowerAssessment: Sendable, Hashable {
    public var lowPower: Bool
    /// On battery with warning level Critical or Action, or at most ``ClassifierSettings/criticalBatteryPercentage``.
    public var criticalBattery: Bool
    public var reasons: [Reason]

    public init(lowPower: Bool = false, criticalBattery: Bool = false, reasons: [Reason] = []) {
        self.lowPower = lowPower
        self.criticalBattery = criticalBattery
        self.reasons = reasons
    }
}

extension ClassifierSettings {
    /// Low power means on battery and any of: warning level Low or worse, percentage at or under
    /// ``lowBatteryPercentage``, or power-profiles-daemon in `power-saver` (when ``powerSaverMeansLowPower``).
    /// An unavailable battery (no daemon, no bus) is never low power, and the reasons say so. Allocation-free:
    /// the classifier calls it on every update.
    func assessPower(
        battery: BatteryState,
        profile: PowerProfileState,
        into lowPower: inout Bool,
        _ critical: inout Bool,
        reasons: inout [Reason]
    ) {
        lowPower = false
        critical = false
        let powerSaver = powerSaverMeansLowPower && profile.isPowerSaver
        guard battery.status == .available else {
            let detail = battery.detail.map { " (\($0))" } ?? ""
            reasons.append(Reason(code: "battery.unavailable", message: "battery unavailable\(detail): not treated as low power"))
            return
        }
        guard battery.onBattery else {
            if powerSaver {
                reasons.append(
                    Reason(code: "powerProfile.powerSaverOnAC", message: "power profile power-saver, but on external power: not low power")
                )
            }
            return
        }
        if battery.warningLevel >= .low {
            lowPower = true
            reasons.append(Reason(code: "battery.warningLevel", message: "on battery with warning level \(battery.warningLevel.rawValue)"))
        }
        if let percentage = battery.percentage, percentage <= lowBatteryPercentage {
            lowPower = true
            reasons.append(
                Reason(
                    code: "battery.low",
                    message:
                        "on battery at \(ReasonFormat.percent(percentage)) (low at or under \(ReasonFormat.percent(lowBatteryPercentage)))"
                )
            )
        }
        if powerSaver {
            lowPower = true
            reasons.append(Reason(code: "powerProfile.powerSaver", message: "on battery with power profile power-saver"))
        }
        let criticalLevel = battery.warningLevel >= .critical
        let criticalPercentage = battery.percentage.map { $0 <= criticalBatteryPercentage } ?? false
        if criticalLevel || criticalPercentage {
            critical = true
            let fact =
                criticalLevel
                ? "warning level \(battery.warningLevel.rawValue)"
                : "\(ReasonFormat.percent(battery.percentage ?? 0)) (critical at or under \(ReasonFormat.percent(criticalBatteryPercentage)))"
            let effect = criticalBatteryTier.map { "tier at least \($0)" } ?? "no tier escalation by policy"
            reasons.append(Reason(code: "battery.critical", message: "critical battery: \(fact); \(effect)"))
        }
    }
}
