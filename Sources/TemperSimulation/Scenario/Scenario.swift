public import TemperCore

/// A simulation to run: how long, the room, the work the device does, the feedback it is asked to play, the device
/// and policy to use, and where it starts. Read from YAML with ``Scenario/load(yaml:file:)``.
public struct Scenario: Sendable, Hashable {
    public var name: String
    public var description: String
    public var durationSeconds: Double
    public var timeStepSeconds: Double
    /// Seeds every random stream; the same seed gives the same run.
    public var seed: UInt64
    /// A device profile name or a path relative to the scenario file; `nil` uses the default profile.
    public var device: String?
    /// A policy name or a path relative to the scenario file; `nil` uses the default policy.
    public var policy: String?
    public var ambient: AmbientSchedule
    public var workload: [WorkloadSegment]
    /// Spans when the device is wrapped (a towel, a pocket): extra resistance between skin and ambient.
    public var insulation: [InsulationSegment] = []
    /// Spans when the device is on a charger. When there are any, the device is on battery outside them and
    /// ``InitialState/onBattery`` is not used.
    public var charging: [ChargingSegment] = []
    public var streams: [RequestStream]
    /// Whether other playback (music, the game's soundtrack) holds the audio path open for the whole run, so a
    /// feedback sound costs only its own volume-dependent part (``EnergyEstimator/Options/audioPathAlreadyOpen``).
    public var audioPathAlreadyOpen = false
    public var initial: InitialState
    /// The file the scenario was read from, for resolving relative paths and naming it in errors.
    public var file: String?
    /// One warning per deprecated key the file was written with, naming the key that replaces it.
    public var deprecations: [TemperError] = []
    /// Where the entries that name other files sit in the scenario (`device`, `policy`), so an error about the
    /// named file can also point at the line that names it. Streams keep their payloads' own.
    public var entryLocations: [String: EntryLocation] = [:]

    public init(
        name: String,
        description: String = "",
        durationSeconds: Double,
        timeStepSeconds: Double = 0.1,
        seed: UInt64 = 1,
        device: String? = nil,
        policy: String? = nil,
        ambient: AmbientSchedule = .constant(25),
        workload: [WorkloadSegment] = [],
        streams: [RequestStream] = [],
        initial: InitialState = .init(),
        file: String? = nil
    ) {
        self.name = name
        self.description = description
        self.durationSeconds = durationSeconds
        self.timeStepSeconds = timeStepSeconds
        self.seed = seed
        self.device = device
        self.policy = policy
        self.ambient = ambient
        self.workload = workload
        self.streams = streams
        self.initial = initial
        self.file = file
    }

    /// The workload's power at `time` (W): the sum of every segment running then.
    public func workloadWatts(at time: Double) -> Double {
        var total = 0.0
        for segment in workload where segment.contains(time) { total += segment.watts }
        return total
    }

    /// The insulation at `time` (K/W): the sum of every layer wrapped around the device then.
    public func insulationKelvinPerWatt(at time: Double) -> Double {
        var total = 0.0
        for segment in insulation where segment.span.contains(time) { total += segment.kelvinPerWatt }
        return total
    }

    /// The charger plugged in at `time`, if any (the first when spans overlap).
    public func charger(at time: Double) -> ChargingSegment? {
        charging.first { $0.span.contains(time) }
    }

    /// When the last of the scenario's heat inputs changes: the ambient's last point, a workload segment's start or
    /// end, insulation wrapped or unwrapped, a charger plugged or unplugged. After it the model's inputs are
    /// constant (a charger's loss is not, which follows the cell: so a charging span's end counts, however late).
    public var lastInputChangeSeconds: Double {
        let ambient = ambient.points.map(\.timeSeconds)
        let work = workload.flatMap { [$0.startSeconds, $0.endSeconds] }
        let spans = insulation.flatMap { [$0.span.startSeconds, $0.span.endSeconds] } + charging.map(\.span.endSeconds)
        // A change at or after the end is no change within the run (a last segment that runs to the end).
        return (ambient + work + spans).filter { $0 < durationSeconds }.max() ?? 0
    }

    /// Whether the device runs on its battery at `time`: outside every charging span when there are any,
    /// otherwise as ``InitialState/onBattery`` says.
    public func onBattery(at time: Double) -> Bool {
        charging.isEmpty ? initial.onBattery : charger(at: time) == nil
    }
}

/// A stretch of virtual time, `start ..< start + duration`.
public struct TimeSpan: Sendable, Hashable, Codable {
    public var startSeconds: Double
    public var durationSeconds: Double

    public init(startSeconds: Double, durationSeconds: Double) {
        self.startSeconds = startSeconds
        self.durationSeconds = durationSeconds
    }

    public var endSeconds: Double { startSeconds + durationSeconds }
    public func contains(_ time: Double) -> Bool { time >= startSeconds && time < endSeconds }
}

/// A layer wrapped around the device ("a towel from minute 1 to minute 20"): thermal resistance added in series
/// between the skin and the air. It slows how fast the device sheds its own heat; the air keeps its temperature.
public struct InsulationSegment: Sendable, Hashable, Codable {
    public var name: String
    public var kelvinPerWatt: Double
    public var span: TimeSpan

    public init(name: String, kelvinPerWatt: Double, span: TimeSpan) {
        self.name = name
        self.kelvinPerWatt = kelvinPerWatt
        self.span = span
    }
}

/// A charger plugged in: the battery charges at `watts` (into the cell) until full, and the conversion loss,
/// `watts·(1 − efficiency)/efficiency`, heats the device's internal node. The workload runs from the charger.
public struct ChargingSegment: Sendable, Hashable, Codable {
    public var name: String
    /// Power into the cell while it is not full (W).
    public var watts: Double
    /// Charger and charging-path efficiency, 0 < η ≤ 1.
    public var efficiency: Double
    public var span: TimeSpan

    public init(name: String, watts: Double, efficiency: Double, span: TimeSpan) {
        self.name = name
        self.watts = watts
        self.efficiency = efficiency
        self.span = span
    }

    /// The heat the charging path dissipates while it delivers `chargeWatts` into the cell.
    public func lossWatts(chargeWatts: Double) -> Double { chargeWatts * (1 - efficiency) / efficiency }
}

/// One stretch of steady work: "gaming 3.5 W for 10 min".
public struct WorkloadSegment: Sendable, Hashable, Codable {
    public var name: String
    public var watts: Double
    public var startSeconds: Double
    public var durationSeconds: Double

    public init(name: String, watts: Double, startSeconds: Double, durationSeconds: Double) {
        self.name = name
        self.watts = watts
        self.startSeconds = startSeconds
        self.durationSeconds = durationSeconds
    }

    public var endSeconds: Double { startSeconds + durationSeconds }
    public func contains(_ time: Double) -> Bool { time >= startSeconds && time < endSeconds }
}

/// The room temperature over time: constant, or points joined by straight lines and held after the last.
public struct AmbientSchedule: Sendable, Hashable, Codable {
    public struct Point: Sendable, Hashable, Codable {
        public var timeSeconds: Double
        public var celsius: Double

        public init(timeSeconds: Double, celsius: Double) {
            self.timeSeconds = timeSeconds
            self.celsius = celsius
        }
    }

    /// Sorted by time; never empty.
    public var points: [Point]

    public init(points: [Point]) {
        self.points = points.isEmpty ? [Point(timeSeconds: 0, celsius: 25)] : points.sorted { $0.timeSeconds < $1.timeSeconds }
    }

    public static func constant(_ celsius: Double) -> AmbientSchedule {
        AmbientSchedule(points: [Point(timeSeconds: 0, celsius: celsius)])
    }

    public func celsius(at time: Double) -> Double {
        guard let first = points.first, time > first.timeSeconds else { return points[0].celsius }
        for index in points.indices.dropFirst() where time < points[index].timeSeconds {
            let before = points[index - 1]
            let after = points[index]
            let span = after.timeSeconds - before.timeSeconds
            guard span > 0 else { return after.celsius }
            return before.celsius + (after.celsius - before.celsius) * (time - before.timeSeconds) / span
        }
        return points[points.count - 1].celsius
    }
}

/// Where the device starts.
public struct InitialState: Sendable, Hashable, Codable {
    /// `nil` starts the node at the starting ambient temperature.
    public var internalCelsius: Double?
    public var skinCelsius: Double?
    public var batteryPercentage: Double
    public var onBattery: Bool
    /// power-profiles-daemon's profile: `power-saver`, `balanced` or `performance`.
    public var powerProfile: String

    public init(
        internalCelsius: Double? = nil,
        skinCelsius: Double? = nil,
        batteryPercentage: Double = 80,
        onBattery: Bool = true,
        powerProfile: String = "balanced"
    ) {
        self.internalCelsius = internalCelsius
        self.skinCelsius = skinCelsius
        self.batteryPercentage = batteryPercentage
        self.onBattery = onBattery
        self.powerProfile = powerProfile
    }
}

/// An entry of a scenario file: its key path and where it sits.
public struct EntryLocation: Sendable, Hashable {
    public var path: String
    public var line: Int?
    public var column: Int?

    public init(path: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
    }

    init(_ value: YAMLValue) {
        self.init(path: value.path, line: value.line, column: value.column)
    }
}

extension Scenario {
    /// `error`, about a file the scenario names, restated at the scenario entry that names it: one line with the
    /// scenario's file, line:column and key path, then the original error.
    public func error(_ error: TemperError, at location: EntryLocation?) -> TemperError {
        guard let location, file != nil else { return error }
        // An error that names no file of its own is about the entry itself: keep just its message.
        let message = error.file == nil ? (error.path.map { "\($0): \(error.message)" } ?? error.message) : error.description
        return TemperError(
            code: error.code,
            message: message,
            file: file,
            path: location.path,
            line: location.line,
            column: location.column
        )
    }
}
