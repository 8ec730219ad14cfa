import TemperCore

extension RewriteCommand {
    /// `--peripheral KIND=BATTERY`: a peripheral of that kind (an alias resolved to UPower's name) with that battery
    /// condition and a reason saying it was forced; `nil` when the text is not of that form.
    static func forcedPeripheral(_ text: String) -> PeripheralCondition? {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, let battery = PeripheralBattery(rawValue: parts[1]), battery != .unknown else {
            return nil
        }
        let word = parts[0].lowercased()
        let kind = Peripheral.kindAliases[word] ?? word
        let peripheral = Peripheral(objectPath: "/forced/\(kind)", kind: kind, percentage: nil, state: "discharging")
        let code: Reason.Code =
            switch battery {
            case .critical: .peripheralCritical
            case .low: .peripheralLow
            default: "peripheral.ok"
            }
        let reason = Reason(code: code, message: "\(kind) battery \(battery.rawValue) (--peripheral)")
        return PeripheralCondition(peripheral: peripheral, battery: battery, reasons: [reason])
    }
}
