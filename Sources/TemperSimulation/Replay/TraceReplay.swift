public import TemperCore

/// A recorded trace driving the classifier instead of the model: the host profiler's view of a real run.
public enum TraceReplay: Sendable {
    /// Feeds every snapshot to a fresh classifier, as the live host would have.
    public static func replay(_ snapshots: [HostSnapshot], settings: ClassifierSettings, name: String) -> TraceResult {
        var replay = Replay(settings: settings, name: name)
        for snapshot in snapshots { replay.add(snapshot) }
        return replay.result
    }

    /// A replay fed one snapshot at a time, as a streamed trace is read (``TraceFile/stream(contentsOf:lenient:_:)``):
    /// it keeps one sample per snapshot, not the snapshots.
    public struct Replay: Sendable {
        let settings: ClassifierSettings
        var classifier: Classifier
        /// The replay's time axis starts at the trace's first snapshot, on the clock that stamped it.
        var start: Double?
        var previous: (time: Double, condition: Condition)?
        public private(set) var result: TraceResult
        // A set beside the ordered list: a snapshot of thousands of sensors would otherwise search the list for
        // each of its readings, and a report's time would grow with the square of the sensors (issue 22).
        var seen: Set<String> = []

        public init(settings: ClassifierSettings, name: String) {
            self.settings = settings
            self.classifier = Classifier(settings: settings)
            self.result = TraceResult(trace: name, durationSeconds: 0)
            result.dwellSeconds = settings.dwellSeconds
        }

        public mutating func add(_ snapshot: HostSnapshot) {
            let start = self.start ?? snapshot.time
            self.start = start
            let time = snapshot.time - start
            let next = classifier.update(with: snapshot)
            // The time since the previous snapshot counts for the tier it was in.
            if let previous {
                let length = max(0, snapshot.time - previous.time)
                result.tierSeconds[previous.condition.tier] += length
                if previous.condition.lowPower { result.tierSeconds.lowPower += length }
            }
            if !next.isSameState(as: previous?.condition ?? .nominal) {
                result.transitions.append(TierTransition(timeSeconds: time, previous: previous?.condition ?? .nominal, next: next))
            }
            previous = (snapshot.time, next)
            var temperatures: [SensorValue] = []
            for reading in snapshot.temperatures where reading.health.isOK {
                guard let celsius = reading.celsius else { continue }
                if seen.insert(reading.displayName).inserted {
                    result.sensors.append(reading.displayName)
                    if let thresholds = settings.thresholds(for: reading) {
                        result.sensorThresholds.append(.init(label: reading.displayName, thresholds: thresholds))
                    } else {
                        result.ignoredSensors.append(reading.displayName)
                    }
                }
                temperatures.append(SensorValue(sensor: reading.displayName, celsius: celsius))
            }
            result.samples.append(
                TraceSample(
                    timeSeconds: time,
                    tier: next.tier,
                    lowPower: next.lowPower,
                    temperatures: temperatures,
                    batteryPercentage: snapshot.battery.status == .available ? snapshot.battery.percentage : nil,
                    onBattery: snapshot.battery.status == .available ? snapshot.battery.onBattery : nil,
                    forecastSeconds: classifier.forecast?.seconds,
                    leadSensor: classifier.leadSensor,
                    channels: ChannelValue.channels(of: snapshot)
                )
            )
            result.durationSeconds = time
        }
    }
}

/// What a replay learned.
public struct TraceResult: Sendable, Hashable, Codable {
    public var trace: String
    public var durationSeconds: Double
    public var sensors: [String] = []
    /// The thresholds the classifier held each counted sensor to (by its first reading's limits), for charts.
    public var sensorThresholds: [ClassifierThresholds.Sensor] = []
    /// The classifier's dwell: how long every counted sensor stays below its exit before the tier steps down.
    public var dwellSeconds: Double?
    /// The sensors that read fine but that the classifier leaves out of the tier (absurd limits, an override).
    public var ignoredSensors: [String] = []
    public var transitions: [TierTransition] = []
    public var tierSeconds = TierSeconds()
    public var samples: [TraceSample] = []

    public init(trace: String, durationSeconds: Double) {
        self.trace = trace
        self.durationSeconds = durationSeconds
    }

    public var highestTier: Tier { samples.map(\.tier).max() ?? .nominal }

    /// The same result without the per-snapshot samples, for `--json` on a terminal.
    public var withoutSamples: TraceResult {
        var copy = self
        copy.samples = []
        return copy
    }
}

/// One snapshot of a trace after classification.
public struct TraceSample: Sendable, Hashable, Codable {
    public var timeSeconds: Double
    public var tier: Tier
    public var lowPower: Bool
    public var temperatures: [SensorValue]
    public var batteryPercentage: Double?
    public var onBattery: Bool?
    /// The classifier's forecast: seconds until the next tier at the current slopes; `nil` when nothing is rising
    /// or the tier is critical.
    public var forecastSeconds: Double?
    /// The counted sensor that set the tier at this snapshot (highest tier, then nearest its next threshold);
    /// `nil` without a valid reading.
    public var leadSensor: String?
    /// Power, fans, voltages and currents, in the order the snapshot listed them.
    public var channels: [ChannelValue] = []

    public init(
        timeSeconds: Double,
        tier: Tier,
        lowPower: Bool,
        temperatures: [SensorValue],
        batteryPercentage: Double?,
        onBattery: Bool?,
        forecastSeconds: Double?,
        leadSensor: String? = nil,
        channels: [ChannelValue] = []
    ) {
        self.timeSeconds = timeSeconds
        self.tier = tier
        self.lowPower = lowPower
        self.temperatures = temperatures
        self.batteryPercentage = batteryPercentage
        self.onBattery = onBattery
        self.forecastSeconds = forecastSeconds
        self.leadSensor = leadSensor
        self.channels = channels
    }
}

public struct SensorValue: Sendable, Hashable, Codable {
    public var sensor: String
    public var celsius: Double

    public init(sensor: String, celsius: Double) {
        self.sensor = sensor
        self.celsius = celsius
    }
}
