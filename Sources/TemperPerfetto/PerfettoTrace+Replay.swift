public import TemperCore
public import TemperSimulation

extension PerfettoTrace {
    /// A recorded trace as the classifier replayed it: the tier as slices with their reasons and each change as an
    /// instant, a group per chip holding a counter track for each of its temperature sensors (°C; a sensor the
    /// classifier ignores says so in its name) and its thresholds, the battery (% and its charge or discharge
    /// rate in W), each power and energy reading, fan, voltage and current.
    /// - Parameters:
    ///   - result: the replay of `snapshots` (``TraceReplay/replay(_:settings:name:)``).
    ///   - snapshots: the trace's snapshots, for the readings the replay does not keep.
    public static func replay(_ result: TraceResult, snapshots: [HostSnapshot]) throws -> PerfettoTrace {
        var builder = PerfettoTraceBuilder()
        let group = builder.group(result.trace, description: "A recorded trace replayed through the classifier")
        builder.tierSlices(result.transitions, until: result.durationSeconds, parent: group)
        builder.tierChanges(result.transitions, parent: group)
        let counted = Set(result.sensorThresholds.map(\.label))
        let start = snapshots.first?.time ?? 0
        var chips: [String: UInt64] = [:]
        var sensorChip: [String: (chip: UInt64, label: String)] = [:]
        for snapshot in snapshots {
            let time = snapshot.time - start
            var counters = TraceCounters(parent: group, time: time)
            for reading in snapshot.temperatures where reading.health.isOK {
                guard let celsius = reading.celsius else { continue }
                let chip = chips[reading.chipName] ?? builder.group(reading.chipName, parent: group)
                chips[reading.chipName] = chip
                sensorChip[reading.displayName] = (chip, reading.label)
                let name = counted.contains(reading.displayName) ? reading.label : "\(reading.label) (ignored)"
                counters.add(celsius, name, unit: "°C", axis: "temperature", parent: chip)
            }
            if snapshot.battery.status == .available {
                if let percentage = snapshot.battery.percentage { counters.add(percentage, "battery", unit: "%", axis: "battery") }
                if let watts = snapshot.battery.energyRateWatts { counters.add(watts, "battery power", unit: "W", axis: "power") }
            }
            for reading in snapshot.powerReadings where reading.health.isOK {
                guard let value = reading.value else { continue }
                let (unit, axis) = reading.kind == .power ? ("W", "power") : ("J", "energy")
                counters.add(value, "\(reading.chipName)/\(reading.label)", unit: unit, axis: axis)
            }
            for reading in snapshot.measurements where reading.health.isOK {
                guard let value = reading.value else { continue }
                counters.add(value, "\(reading.chipName)/\(reading.label)", unit: reading.kind.unit, axis: reading.kind.unit)
            }
            builder.count(counters)
        }
        for sensor in result.sensorThresholds {
            guard let (chip, label) = sensorChip[sensor.label] else { continue }
            builder.thresholds([.init(label: label, thresholds: sensor.thresholds)], until: result.durationSeconds, parent: chip)
        }
        return try PerfettoTrace(builder)
    }
}

/// One snapshot's counter values, gathered before they go into the builder.
struct TraceCounters {
    let parent: UInt64
    let time: Double
    var values: [(name: String, unit: String, axis: String, value: Double, parent: UInt64?)] = []

    /// A value on the track `name` under `parent` (a chip's group), or under the snapshot's parent.
    mutating func add(_ value: Double, _ name: String, unit: String, axis: String, parent: UInt64? = nil) {
        values.append((name, unit, axis, value, parent))
    }
}

extension PerfettoTraceBuilder {
    /// Each of a snapshot's values on the counter track of its name and unit, made under the snapshot's parent
    /// when the reading first appears.
    mutating func count(_ counters: TraceCounters) {
        for entry in counters.values {
            let track = counterTrack(entry.name, unit: entry.unit, axis: entry.axis, parent: entry.parent ?? counters.parent, reusing: true)
            count(entry.value, on: track, at: counters.time)
        }
    }
}
