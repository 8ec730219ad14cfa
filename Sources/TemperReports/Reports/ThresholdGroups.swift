import TemperCore
import TemperSimulation

/// The classifier's thresholds as lines, once per group of sensors that share them: five coretemp sensors with
/// the same limits give one set of lines, not five stacks of labels.
enum ThresholdGroups {
    struct Group {
        var thresholds: SensorThresholds
        var sensors: [String]

        /// `coretemp-isa-0000 ×5` when the sensors share a chip, `skin`, or `3 sensors`.
        var name: String {
            let chips = Set(sensors.map { $0.split(separator: "/").first.map(String.init) ?? $0 })
            if sensors.count == 1 { return sensors[0] }
            return chips.count == 1 ? "\(chips.first!) ×\(sensors.count)" : "\(sensors.count) sensors"
        }
    }

    /// Sensors whose peak comes within 5 °C of their fair exit temperature (the others would only squash the
    /// chart), grouped by identical thresholds in the order their first sensor appears.
    static func groups(_ sensors: [ClassifierThresholds.Sensor], peak: (String) -> Double) -> [Group] {
        var groups: [Group] = []
        var slot: [SensorThresholds: Int] = [:]
        for sensor in sensors where peak(sensor.label) >= sensor.thresholds.exit.fair - 5 {
            if let index = slot[sensor.thresholds] {
                groups[index].sensors.append(sensor.label)
            } else {
                slot[sensor.thresholds] = groups.count
                groups.append(Group(thresholds: sensor.thresholds, sensors: [sensor.label]))
            }
        }
        return groups
    }

    /// Entry lines (labelled with the tier and temperature, and the groups when there are several) and exit
    /// lines (fainter, unlabelled); groups whose line for a tier falls at the same temperature share it. Each
    /// line's tooltip names every sensor it holds for.
    static func lines(_ sensors: [ClassifierThresholds.Sensor], peak: (String) -> Double) -> [Timeline.Threshold] {
        let groups = groups(sensors, peak: peak)
        var lines: [Line] = []
        var slot: [Line.Key: Int] = [:]
        for group in groups {
            for tier in Tier.allCases.dropFirst() {
                guard let entry = group.thresholds.entry.entry(of: tier), let exit = group.thresholds.exit.entry(of: tier) else { continue }
                for key in [Line.Key(tier: tier, celsius: entry, exit: false), Line.Key(tier: tier, celsius: exit, exit: true)] {
                    if let index = slot[key] {
                        lines[index].groups.append(group)
                    } else {
                        slot[key] = lines.count
                        lines.append(Line(key: key, groups: [group]))
                    }
                }
            }
        }
        return lines.map { $0.threshold(named: groups.count > 1) }
    }

    /// One line shared by the groups whose threshold for a tier falls at the same temperature.
    struct Line {
        struct Key: Hashable {
            var tier: Tier
            var celsius: Double
            var exit: Bool
        }

        var key: Key
        var groups: [Group]

        func threshold(named: Bool) -> Timeline.Threshold {
            let sensors = groups.flatMap(\.sensors)
            let members = sensors.prefix(8).joined(separator: ", ") + (sensors.count > 8 ? " and \(sensors.count - 8) more" : "")
            let (tier, celsius) = (key.tier, key.celsius)
            if key.exit {
                return .init(
                    y: celsius,
                    label: "",
                    color: Palette.tierText(tier),
                    exit: true,
                    tooltip: "\(tier) is left only below \(ReportNumber.celsius(celsius)), for \(members)"
                )
            }
            let label = "\(tier) \(ReportNumber.coordinate(celsius)) °C" + (named ? " · " + groups.map(\.name).joined(separator: ", ") : "")
            return .init(
                y: celsius,
                label: label,
                color: Palette.tierText(tier),
                tooltip: "\(tier) from \(ReportNumber.celsius(celsius)), for \(members)"
            )
        }
    }
}
