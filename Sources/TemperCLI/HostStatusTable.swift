import FoundationEssentials
import TemperCore

/// The human-readable `temper status`, laid out as `sensors`, `upower -d` and `powerprofilesctl` lay theirs
/// out: the condition with its reasons, the temperatures chip by chip with their limits, the thresholds derived
/// from them and each sensor's own tier, then fans, voltages, currents and power, the battery, the peripherals and
/// the profiles.
enum HostStatusTable {
    static func render(
        condition: Condition,
        snapshot: HostSnapshot,
        policy: HostStatusDocument.PolicyEntry,
        sensors: [SensorAssessment] = [],
        failSafe: (tier: Tier, afterSeconds: Double)? = nil,
        width: Int? = nil,
        style: TerminalStyle = .plain
    ) -> String {
        var lines = header(condition, failSafe: failSafe, width: width, style: style)
        lines.append("")
        lines += temperatures(snapshot, sensors: sensors, width: width, style: style)
        let others = measurements(snapshot)
        if !others.isEmpty {
            lines.append("")
            lines.append(style.bold("Fans, voltages, currents and power"))
            lines += others
        }
        lines.append("")
        lines += batteryLines(snapshot.battery).flatMap { TerminalText.fit($0, first: "", rest: "    ", width: width) }
        lines.append("")
        lines += peripheralLines(snapshot, condition: condition, width: width, style: style)
        lines.append("")
        lines += profiles(snapshot.powerProfile)
        lines.append("")
        lines += TerminalText.fit("Policy: \(policy.name) (\(policy.source))", first: "", rest: "  ", width: width)
        return TerminalText.fit(lines.joined(separator: "\n"), width: width)
    }

    /// The condition and, first, what caused it: the sensor over its threshold (or the hold, the forecast, the
    /// lost sensors), then what makes it low power. A sensor the classifier skipped is counted here, not
    /// described: the table below gives its error, once. The fail-safe is explained only when sensors are gone.
    static func header(_ condition: Condition, failSafe: (tier: Tier, afterSeconds: Double)?, width: Int?, style: TerminalStyle) -> [String]
    {
        let skipped = condition.reasons.filter { isSkippedSensor($0.code) }
        let causes = condition.reasons.filter { !isSkippedSensor($0.code) }
        var lines = [
            style.bold("Condition: ") + style.tier(condition.tier) + (condition.lowPower ? style.bold(", low power") : "")
        ]
        lines += causes.flatMap { TerminalText.fit($0.message, first: "  - ", rest: "    ", width: width) }
        if !skipped.isEmpty {
            let count = skipped.count == 1 ? "1 sensor" : "\(skipped.count) sensors"
            lines.append("  - \(count) not read, so not counted (the table says why)")
        }
        let sensorsGone = condition.reasons.contains { $0.code == "sensors.missing" || $0.code == "sensors.unavailable" }
        if let failSafe, sensorsGone {
            lines += TerminalText.fit(
                "a running governor holds the tier, and after \(QuantityLimits.number(failSafe.afterSeconds)) s without a valid temperature falls to \(failSafe.tier)",
                first: "    ",
                rest: "    ",
                width: width
            )
        }
        return lines
    }

    /// The reasons that only say a sensor was skipped (unreadable, faulted, absurd): the table shows each.
    private static func isSkippedSensor(_ code: Reason.Code) -> Bool {
        (["sensor.unhealthy", "sensor.fault", "sensor.noReading", "sensor.absurdReading"] as [Reason.Code]).contains(code)
    }

    /// Chip by chip as `sensors` prints them; the numbers are °C. FAIR, SERIOUS and CRITICAL are where the
    /// classifier puts this sensor in each tier (see --help); TIER is its own, or why it is not counted.
    static func temperatures(_ snapshot: HostSnapshot, sensors: [SensorAssessment], width: Int?, style: TerminalStyle = .plain) -> [String]
    {
        var lines = [style.bold("Temperatures, °C") + " (FAIR, SERIOUS and CRITICAL: each sensor's derived thresholds)"]
        if case .error(let code, let message, _) = snapshot.sensorLibrary {
            lines.append("  libsensors could not start (\(message.isEmpty ? "error \(code)" : message)); no hwmon sensor was read")
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
                    number(entry?.fair), number(entry?.serious), number(entry?.critical), tier(reading, assessment, style: style),
                ])
                // Each sensor's trouble once: an unreadable sensor's error, else why the classifier left it out.
                if case .error = reading.health {
                    notes.append("\(reading.label): \(problem(reading.health))")
                } else if assessment?.status != .counted, let note = assessment?.note {
                    notes.append("\(reading.label): \(note.message)")
                }
                if let limit = reading.limitHealth { notes.append("\(reading.label): a limit could not be read (\(limit))") }
            }
            lines += table.render(width: width.map { $0 - 2 }).split(separator: "\n").map { "  " + $0 }
            lines += notes.flatMap { TerminalText.fit($0, first: "    ", rest: "      ", width: width) }
        }
        return lines
    }

    /// Fans (rpm), voltages (V), currents (A), power (W) and energy counters (J), chip by chip, with the chip's
    /// own limits in parentheses as `sensors` gives them.
    static func measurements(_ snapshot: HostSnapshot) -> [String] {
        var items: [(chip: String, chipName: String, label: String, value: String, limits: String)] = snapshot.measurements.map { reading in
            let digits = reading.kind == .fan ? "%.0f" : "%.2f"
            func value(_ number: Double?) -> String? { number.map { String(cFormat: digits, $0) + " " + reading.kind.unit } }
            let text = reading.health.isOK ? value(reading.value) ?? "-" : problem(reading.health)
            let limits = [value(reading.minimum).map { "min \($0)" }, value(reading.maximum).map { "max \($0)" }].compactMap { $0 }
            return (reading.chip, reading.chipName, reading.label, text, limits.isEmpty ? "" : "(" + limits.joined(separator: ", ") + ")")
        }
        items += snapshot.powerReadings.map { reading in
            let unit = reading.kind == .power ? "W" : "J"
            let text = reading.health.isOK ? reading.value.map { String(cFormat: "%.2f", $0) + " " + unit } ?? "-" : problem(reading.health)
            return (reading.chip, reading.chipName, reading.label, text, "")
        }
        var lines: [String] = []
        for chip in chips(items.indices.map { (items[$0].chip, $0) }) {
            lines.append(items[chip.members[0]].chipName)
            let labelWidth = chip.members.map { items[$0].label.count }.max() ?? 0
            let valueWidth = chip.members.map { items[$0].value.count }.max() ?? 0
            lines += chip.members.map { member in
                let item = items[member]
                let label = TerminalText.padded(item.label + ":", to: labelWidth + 1)
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
            let name = details.isEmpty ? profile.name : TerminalText.padded(profile.name, to: nameWidth)
            lines.append("  " + marker + name + (details.isEmpty ? "" : "  " + details.joined(separator: ", ")))
        }
        if let degraded, !offered.contains(where: { $0.name == "performance" }) {
            lines.append("  performance degraded: \(degraded)")
        }
        return lines
    }

    /// The sensor's own tier when counted, `ignored` when the classifier leaves it out, `error` when unreadable.
    static func tier(_ reading: TemperatureReading, _ assessment: SensorAssessment?, style: TerminalStyle = .plain) -> String {
        if !reading.health.isOK { return style.alarm("error") }
        switch assessment?.status {
        case .counted: return assessment?.tier.map { style.tier($0) } ?? "-"
        case .ignored: return style.dim("ignored")
        case .unhealthy: return "no value"
        case nil: return "-"
        }
    }

    /// What went wrong reading a sensor, in words: the message, without the errno or library code behind it
    /// (`status --json` keeps those).
    static func problem(_ health: ReadingHealth) -> String {
        guard case .error(let code, let message, _) = health else { return "\(health)" }
        return message.isEmpty ? "unreadable (error \(code))" : message
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
