import Foundation
import TemperCore

/// The human-readable `temper status`: the condition with its reasons, a table of sensors with their limits
/// and health, the battery and the power profile.
enum HostStatusTable {
    static func render(
        condition: Condition, snapshot: HostSnapshot, policy: HostStatusDocument.PolicyEntry, sensors: [SensorAssessment] = [],
        failSafe: (tier: Tier, afterSeconds: Double)? = nil
    ) -> String {
        var lines = ["Condition: \(condition)"]
        lines += condition.reasons.map { "  - \($0.message)" }
        lines.append("")
        lines.append("Sensors")
        if case .error(let code, let message, _) = snapshot.sensorLibrary {
            lines.append("  libsensors could not start (error \(code): \(message)); no hwmon sensor was read")
        }
        if snapshot.temperatures.isEmpty {
            // As `sensors` says it, with what to do about it.
            lines.append("  No sensors found!")
            lines.append("  Load the kernel drivers your hardware needs: run 'sensors-detect' as root to find them.")
        } else {
            // Thresholds are the entry temperatures the classifier derived for each sensor (see --help).
            let header = ["CHIP", "LABEL", "°C", "HIGH °C", "CRIT °C", "FAIR °C", "SERIOUS °C", "CRITICAL °C", "TIER", "STATUS"]
            let rows = snapshot.temperatures.indices.map { index in
                let reading = snapshot.temperatures[index]
                let assessment = index < sensors.count ? sensors[index] : nil
                let entry = assessment?.thresholds?.entry
                return [
                    reading.chipName, reading.label, number(reading.celsius), number(reading.high), number(reading.critical),
                    number(entry?.fair), number(entry?.serious), number(entry?.critical),
                    assessment?.status == .counted ? assessment?.tier?.rawValue ?? "-" : "-", status(reading, assessment),
                ]
            }
            lines += table([header] + rows).map { "  " + $0 }
            for assessment in sensors where assessment.status != .counted {
                if let note = assessment.note { lines.append("  \(assessment.chipName) \(assessment.label): \(note.message)") }
            }
        }
        if let failSafe {
            lines.append("")
            let seconds = String(format: "%.0f s", failSafe.afterSeconds)
            lines.append("A running governor (watch, serve) holds the tier while sensors it once read are missing;")
            lines.append("after \(seconds) without a valid temperature it falls to the fail-safe tier \(failSafe.tier).")
            lines.append("A host that never had sensors stays classified from its battery and power profile.")
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
        // `Int(exactly:)`: a daemon's or a trace's absurd figure is left out rather than trapping.
        if let empty = battery.timeToEmptySeconds, let minutes = Int(exactly: (empty / 60).rounded(.down)) { parts.append("\(minutes) min to empty") }
        if let full = battery.timeToFullSeconds, let minutes = Int(exactly: (full / 60).rounded(.down)) { parts.append("\(minutes) min to full") }
        return parts.joined(separator: ", ")
    }

    /// `ok`, `ignored` (read fine but not counted), or the reading's error.
    static func status(_ reading: TemperatureReading, _ assessment: SensorAssessment?) -> String {
        if reading.health.isOK, assessment?.status == .ignored { return "ignored" }
        return reading.health.description
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
