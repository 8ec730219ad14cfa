import TemperCore

extension HostStatusTable {
    /// Each peripheral UPower lists, as `upower -d` names it, with its charge and the battery condition that governs
    /// feedback aimed at it (a request's `device`); the reasons for a low or critical one beneath.
    static func peripheralLines(_ snapshot: HostSnapshot, condition: Condition, width: Int?, style: TerminalStyle) -> [String] {
        guard snapshot.battery.status == .available else {
            return ["Peripherals: unknown (UPower is unavailable)"]
        }
        guard !snapshot.peripherals.isEmpty else { return ["Peripherals: none"] }
        var lines = [style.bold("Peripherals") + " (a request's \"device\" names one by kind, path or serial)"]
        var table = OutputTable(columns: [
            .init(title: "DEVICE", alignment: .left, shortens: true), .init(title: "CHARGE", alignment: .right),
            .init(title: "STATE", alignment: .left), .init(title: "BATTERY", alignment: .left),
            .init(title: "SERIAL", alignment: .left, drop: 1),
        ])
        var notes: [String] = []
        for peripheral in snapshot.peripherals {
            let judged = condition.peripherals.first { $0.peripheral.objectPath == peripheral.objectPath }
            let battery = judged?.battery.rawValue ?? "-"
            table.append([
                peripheral.displayName, peripheral.percentage.map { String(cFormat: "%.0f %%", $0) } ?? "?", peripheral.state,
                judged.map { $0.battery >= .low ? style.alarm(battery) : battery } ?? battery, peripheral.serial ?? "-",
            ])
            if let judged, judged.battery >= .low { notes += judged.reasons.map(\.message) }
        }
        lines += table.render(width: width.map { $0 - 2 }).split(separator: "\n").map { "  " + $0 }
        lines += notes.flatMap { TerminalText.fit($0, first: "    ", rest: "      ", width: width) }
        return lines
    }
}
