import Foundation
import TemperCore

/// The human-readable `temper status`: the condition with its reasons, a table of sensors with their limits
/// and health, the battery and the power profile.
enum HostStatusTable {
    static func render(condition: Condition, snapshot: HostSnapshot, policy: HostStatusDocument.PolicyEntry) -> String {
        var lines = ["Condition: \(condition)"]
        lines += condition.reasons.map { "  - \($0.message)" }
        lines.append("")
        lines.append("Sensors")
        if case .error(let code, let message, _) = snapshot.sensorLibrary {
            lines.append("  libsensors could not start (error \(code): \(message)); no hwmon sensor was read")
        }
        if snapshot.temperatures.isEmpty {
            lines.append("  (none found)")
        } else {
            let header = ["CHIP", "LABEL", "°C", "HIGH", "CRIT", "HEALTH"]
            let rows = snapshot.temperatures.map { reading in
                [reading.chipName, reading.label, number(reading.celsius), number(reading.high), number(reading.critical),
                 reading.health.description]
            }
            lines += table([header] + rows).map { "  " + $0 }
        }
        lines.append("")
        lines.append("Battery: \(battery(snapshot.battery))")
        let profile = snapshot.powerProfile.activeProfile ?? "unknown"
        let degraded = snapshot.powerProfile.performanceDegraded.flatMap { $0.isEmpty ? nil : " (performance degraded: \($0))" }
        lines.append("Power profile: \(profile)\(degraded ?? "")")
        lines.append("Policy: \(policy.name) (\(policy.source))")
        return lines.joined(separator: "\n")
    }

    static func battery(_ battery: BatteryState) -> String {
        guard battery.status == .available else {
            return "unavailable" + (battery.detail.map { " (\($0))" } ?? "")
        }
        guard battery.present else { return "none" + (battery.onBattery ? ", on battery" : ", on AC") }
        var parts = [battery.percentage.map { String(format: "%.0f %%", $0) } ?? "? %"]
        parts.append(battery.state ?? "unknown")
        parts.append(battery.onBattery ? "on battery" : "on AC")
        parts.append("warning \(battery.warningLevel.rawValue)")
        if let rate = battery.energyRateWatts, rate > 0 { parts.append(String(format: "%.1f W", rate)) }
        if let empty = battery.timeToEmptySeconds { parts.append("\(Int(empty / 60)) min to empty") }
        if let full = battery.timeToFullSeconds { parts.append("\(Int(full / 60)) min to full") }
        return parts.joined(separator: ", ")
    }

    static func number(_ value: Double?) -> String {
        value.map { String(format: "%.1f", $0) } ?? "-"
    }

    /// Left-aligned columns, two spaces apart.
    static func table(_ rows: [[String]]) -> [String] {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
    }
}
