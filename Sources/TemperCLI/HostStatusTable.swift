import FoundationEssentials
import TemperCore

/// The human-readable `temper status`, laid out as `sensors`, `upower -d` and `powerprofilesctl` lay theirs
/// out: the condition with its reasons, the temperatures chip by chip with their limits, the thresholds derived
/// from them and each sensor's own tier, then fans, voltages, currents and power, the battery and the profiles.
enum HostStatusTable {
    static func render(
        condition: Condition,
        snapshot: HostSnapshot,
        policy: HostStatusDocument.PolicyEntry,
        sensors: [SensorAssessment] = [],
        failSafe: (tier: Tier, afterSeconds: Double)? = nil,
        width: Int? = nil
    ) -> String {
        var lines = ["Condition: \(condition)"]
        lines += condition.reasons.flatMap { fit($0.message, first: "  - ", rest: "    ", width: width) }
        lines.append("")
        lines += temperatures(snapshot, sensors: sensors, width: width)
        if let failSafe {
            lines.append("")
            let seconds = String(cFormat: "%.0f s", failSafe.afterSeconds)
            // Three lines that fit 80 columns.
            lines.append("A running governor (watch, serve) holds the tier while sensors it read vanish;")
            lines.append("after \(seconds) without a valid temperature it falls to the fail-safe tier \(failSafe.tier).")
            lines.append("A host that never had sensors is classified from its battery and power profile.")
        }
        let others = measurements(snapshot)
        if !others.isEmpty {
            lines.append("")
            lines.append("Fans, voltages, currents and power")
            lines += others
        }
        lines.append("")
        lines += batteryLines(snapshot.battery).flatMap { fit($0, first: "", rest: "    ", width: width) }
        lines.append("")
        lines += profiles(snapshot.powerProfile)
        lines.append("")
        lines += fit("Policy: \(policy.name) (\(policy.source))", first: "", rest: "  ", width: width)
        return lines.joined(separator: "\n")
    }

    /// `text` after `first`, wrapped to `width` with `rest` before each further line; one line when piped.
    static func fit(_ text: String, first: String, rest: String, width: Int?) -> [String] {
        guard let width, first.count + text.count > width else { return [first + text] }
        let body = text.drop { $0 == " " }
        let lead = text.prefix(text.count - body.count)
        let wrapped = SimulateSummary.wrap(String(body), width: max(20, width - rest.count - lead.count))
        return wrapped.enumerated().map { ($0.offset == 0 ? first : rest) + lead + $0.element }
    }

    /// Chip by chip as `sensors` prints them; the numbers are °C. FAIR, SERIOUS and CRITICAL are where the
    /// classifier puts this sensor in each tier (see --help); TIER is its own, or why it is not counted.
    static func temperatures(_ snapshot: HostSnapshot, sensors: [SensorAssessment], width: Int?) -> [String] {
        var lines = ["Temperatures, °C (FAIR, SERIOUS and CRITICAL: each sensor's derived thresholds)"]
        if case .error(let code, let message, _) = snapshot.sensorLibrary {
            lines.append("  libsensors could not start (error \(code): \(message)); no hwmon sensor was read")
        }
        guard !snapshot.temperatures.isEmpty else {
            // As `sensors` says it (when it has nothing else to show), with what to do about it.
            let others = !snapshot.measurements.isEmpty || snapshot.powerReadings.contains { $0.chip.contains("/hwmon") }
            lines.append(others ? "  No temperature sensors found." : "  No sensors found!")
            lines.append("  Load the kernel drivers your hardware needs; 'sensors-detect' (as root)")
            lines.append("  finds them.")
            return lines
        }
        for chip in chips(snapshot.temperatures.indices.map { (snapshot.temperatures[$0].chip, $0) }) {
            let first = snapshot.temperatures[chip.members[0]]
            lines.append(first.source == .thermalZone ? "\(first.chipName) (thermal zone)" : first.chipName)
            var table = OutputTable(columns: [
                .init(title: "SENSOR", alignment: .left, shortens: true), .init(title: "NOW", alignment: .right),
                .init(title: "HIGH", alignment: .right, drop: 2), .init(title: "CRIT", alignment: .right, drop: 1),
                .init(title: "FAIR", alignment: .right), .init(title: "SERIOUS", alignment: .right),
                .init(title: "CRITICAL", alignment: .right), .init(title: "TIER", alignment: .left),
            ])
            var notes: [String] = []
            for index in chip.members {
                let reading = snapshot.temperatures[index]
                let assessment = index < sensors.count ? sensors[index] : nil
                let entry = assessment?.thresholds?.entry
                table.append([
                    reading.label, number(reading.celsius), number(reading.high), number(reading.critical),
                    number(entry?.fair), number(entry?.serious), number(entry?.critical), tier(reading, assessment),
                ])
                if case .error = reading.health { notes.append("\(reading.label): \(reading.health)") }
                if let limit = reading.limitHealth { notes.append("\(reading.label): a limit could not be read (\(limit))") }
                if assessment?.status != .counted, let note = assessment?.note { notes.append("\(reading.label): \(note.message)") }
            }
            lines += table.render(width: width.map { $0 - 2 }).split(separator: "\n").map { "  " + $0 }
            lines += notes.flatMap { fit($0, first: "    ", rest: "      ", width: width) }
        }
        return lines
    }

    /// Fans (rpm), voltages (V), currents (A), power (W) and energy counters (J), chip by chip, with the chip's
    /// own limits in parentheses as `sensors` gives them.
    static func measurements(_ snapshot: HostSnapshot) -> [String] {
        var items: [(chip: String, chipName: String, label: String, value: String, limits: String)] = snapshot.measurements.map { reading in
            let digits = reading.kind == .fan ? "%.0f" : "%.2f"
            func value(_ number: Double?) -> String? { number.map { String(cFormat: digits, $0) + " " + reading.kind.unit } }
            let text = reading.health.isOK ? value(reading.value) ?? "-" : "\(reading.health)"
            let limits = [value(reading.minimum).map { "min \($0)" }, value(reading.maximum).map { "max \($0)" }].compactMap { $0 }
            return (reading.chip, reading.chipName, reading.label, text, limits.isEmpty ? "" : "(" + limits.joined(separator: ", ") + ")")
        }
        items += snapshot.powerReadings.map { reading in
            let unit = reading.kind == .power ? "W" : "J"
            let text = reading.health.isOK ? reading.value.map { String(cFormat: "%.2f", $0) + " " + unit } ?? "-" : "\(reading.health)"
            return (reading.chip, reading.chipName, reading.label, text, "")
        }
        var lines: [String] = []
        for chip in chips(items.indices.map { (items[$0].chip, $0) }) {
            lines.append(items[chip.members[0]].chipName)
            let labelWidth = chip.members.map { items[$0].label.count }.max() ?? 0
            let valueWidth = chip.members.map { items[$0].value.count }.max() ?? 0
            lines += chip.members.map { member in
                let item = items[member]
                let label = (item.label + ":") + String(repeating: " ", count: max(0, labelWidth + 1 - item.label.count - 1))
                let value = String(repeating: " ", count: valueWidth - item.value.count) + item.value
                return "  \(label)  \(value)" + (item.limits.isEmpty ? "" : "  " + item.limits)
            }
        }
        return lines
    }

    /// The display device in one line, then one block per battery as `upower -d` shows it: energy, capacity
    /// against design (health), model, vendor and technology.
    static func batteryLines(_ state: BatteryState) -> [String] {
        var lines = ["Battery: \(battery(state))"]
        for device in state.batteries {
            let name = device.nativePath.isEmpty ? "battery" : device.nativePath
            let identity = [device.vendor, device.model, device.technology].compactMap { $0 }
            lines.append("  \(name)" + (identity.isEmpty ? "" : " (\(identity.joined(separator: ", ")))"))
            var charge = [device.percentage.map { String(cFormat: "%.0f %%", $0) } ?? "? %", device.state]
            if let now = device.energyWh, let full = device.energyFullWh { charge.append(String(cFormat: "%.1f of %.1f Wh", now, full)) }
            lines.append("    charge: " + charge.joined(separator: ", "))
            if let design = device.energyFullDesignWh {
                let health = device.capacityPercent.map { String(cFormat: "%.0f %% of design", $0) } ?? "health unknown"
                let full = device.energyFullWh.map { String(cFormat: "%.1f Wh full, ", $0) } ?? ""
                lines.append("    health: \(health) (\(full)\(String(cFormat: "%.1f", design)) Wh design)")
            }
        }
        return lines
    }

    static func battery(_ battery: BatteryState) -> String {
        guard battery.status == .available else {
            return "unavailable" + (battery.detail.map { " (\($0))" } ?? "")
        }
        guard battery.present else { return "none" + (battery.onBattery ? ", on battery" : ", on AC") }
        var parts = [battery.percentage.map { String(cFormat: "%.0f %%", $0) } ?? "? %"]
        parts.append(battery.state ?? "unknown")
        parts.append(battery.onBattery ? "on battery" : "on AC")
        parts.append("warning \(battery.warningLevel.rawValue)")
        if let rate = battery.energyRateWatts, rate > 0 { parts.append(String(cFormat: "%.1f W", rate)) }
        // `Int(exactly:)`: a daemon's or a trace's absurd figure is left out rather than trapping.
        if let empty = battery.timeToEmptySeconds, let minutes = Int(exactly: (empty / 60).rounded(.down)) {
            parts.append("\(minutes) min to empty")
        }
        if let full = battery.timeToFullSeconds, let minutes = Int(exactly: (full / 60).rounded(.down)) {
            parts.append("\(minutes) min to full")
        }
        return parts.joined(separator: ", ")
    }

    /// As `powerprofilesctl list`: every profile, `*` on the active one, the driver, and the degradation reason
    /// on the performance profile (the only one it applies to).
    static func profiles(_ state: PowerProfileState) -> [String] {
        guard let active = state.activeProfile else {
            return ["Power profiles: unknown (power-profiles-daemon is not running)"]
        }
        var lines = ["Power profiles"]
        let offered = state.profiles.isEmpty ? [PowerProfileState.Profile(name: active)] : state.profiles
        let degraded = state.performanceDegraded.flatMap { $0.isEmpty ? nil : $0 }
        let nameWidth = offered.map(\.name.count).max() ?? 0
        for profile in offered {
            var details = profile.driver.map { ["driver \($0)"] } ?? []
            if profile.name == "performance", let degraded { details.append("degraded: \(degraded)") }
            let marker = profile.name == active ? "* " : "  "
            let name = details.isEmpty ? profile.name : profile.name + String(repeating: " ", count: max(0, nameWidth - profile.name.count))
            lines.append("  " + marker + name + (details.isEmpty ? "" : "  " + details.joined(separator: ", ")))
        }
        if let degraded, !offered.contains(where: { $0.name == "performance" }) {
            lines.append("  performance degraded: \(degraded)")
        }
        return lines
    }

    /// The sensor's own tier when counted, `ignored` when the classifier leaves it out, `error` when unreadable.
    static func tier(_ reading: TemperatureReading, _ assessment: SensorAssessment?) -> String {
        if !reading.health.isOK { return "error" }
        switch assessment?.status {
        case .counted: return assessment?.tier?.rawValue ?? "-"
        case .ignored: return "ignored"
        case .unhealthy: return "no value"
        case nil: return "-"
        }
    }

    static func number(_ value: Double?) -> String {
        value.map { String(cFormat: "%.1f", $0) } ?? "-"
    }

    /// Groups indices by chip (its sysfs path: printed names can collide), chips in order of first appearance.
    private static func chips(_ items: [(chip: String, index: Int)]) -> [(chip: String, members: [Int])] {
        var order: [String] = []
        var members: [String: [Int]] = [:]
        for item in items {
            if members[item.chip] == nil { order.append(item.chip) }
            members[item.chip, default: []].append(item.index)
        }
        return order.map { ($0, members[$0] ?? []) }
    }
}
