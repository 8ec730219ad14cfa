public import FoundationEssentials
public import TemperCore

/// A recording from another tool (tegrastats, s-tui, turbostat, stressberry, a `vcgencmd` or `sensors` loop, an
/// Android logger, a CSV of one's own) read into Temper's terms: samples in time, each with its temperatures,
/// the power it measured, and the load proxies it carries (a utilisation or a clock: never mistaken for power),
/// and one warning per kind of problem met on the way.
public struct ImportedRecording: Sendable {
    /// One moment of the recording.
    public struct Sample: Sendable, Hashable {
        /// Seconds from the recording's first sample.
        public var seconds: Double
        /// Where the tool wrote a wall-clock time (or one was reconstructed from its start date).
        public var timestamp: Date?
        public var temperatures: [Channel] = []
        /// Measured power, in watts: rails or a package counter.
        public var watts: [Channel] = []
        /// Load proxies: utilisation (%) and clocks (MHz).
        public var load: [Load] = []

        public init(seconds: Double, timestamp: Date? = nil) {
            self.seconds = seconds
            self.timestamp = timestamp
        }
    }

    /// A named value.
    public struct Channel: Sendable, Hashable {
        public var label: String
        public var value: Double
    }

    /// A named load proxy and what it measures.
    public struct Load: Sendable, Hashable {
        public var label: String
        public var kind: MeasurementReading.Kind
        public var value: Double
    }

    /// The format it was read as.
    public var format: RecordingFormat
    public var samples: [Sample]
    /// One line per kind of problem: gaps, repeated headers, a truncated last line, a column that never changes,
    /// units converted, times inferred or going backwards.
    public var warnings: [String]

    public init(format: RecordingFormat, samples: [Sample], warnings: [String] = []) {
        self.format = format
        self.samples = samples
        self.warnings = warnings
    }

    /// The recording as host snapshots, each reading named for the tool (`tegrastats/tj`).
    public var snapshots: [HostSnapshot] {
        let chip = "import/\(format.rawValue)"
        return samples.map { sample in
            HostSnapshot(
                time: sample.seconds,
                timestamp: sample.timestamp,
                temperatures: sample.temperatures.map {
                    TemperatureReading(chip: chip, chipName: format.rawValue, label: $0.label, source: .hwmon, celsius: $0.value)
                },
                powerReadings: sample.watts.map {
                    PowerReading(chip: chip, chipName: format.rawValue, label: $0.label, kind: .power, value: $0.value)
                },
                measurements: sample.load.map {
                    MeasurementReading(chip: chip, chipName: format.rawValue, label: $0.label, kind: $0.kind, value: $0.value)
                }
            )
        }
    }

    /// How many seconds it covers.
    public var durationSeconds: Double { (samples.last?.seconds ?? 0) - (samples.first?.seconds ?? 0) }
}
