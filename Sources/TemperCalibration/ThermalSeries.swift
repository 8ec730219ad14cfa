import FoundationEssentials
public import TemperCore

/// One trace reduced to what the thermal fit needs: per sample, the time, the heat put into the device over the
/// interval that ends there, and the two temperatures the model predicts (internal node, skin hotspot).
public struct ThermalSeries: Sendable, Hashable {
    /// Names the trace in errors and in `fitted:` provenance.
    public var name: String
    /// Seconds since the first sample; strictly increasing.
    public var times: [Double]
    /// `powerWatts[k]` is the mean power over `times[k-1] ..< times[k]`; `powerWatts[0]` is not used.
    public var powerWatts: [Double]
    public var internalCelsius: [Double]
    public var hotspotCelsius: [Double]
    /// Which reading the power came from, for the report.
    public var powerSource: String
    /// Samples of the trace left out because a chosen reading could not be read.
    public var skippedSamples = 0

    public init(
        name: String,
        times: [Double],
        powerWatts: [Double],
        internalCelsius: [Double],
        hotspotCelsius: [Double],
        powerSource: String
    ) {
        self.name = name
        self.times = times
        self.powerWatts = powerWatts
        self.internalCelsius = internalCelsius
        self.hotspotCelsius = hotspotCelsius
        self.powerSource = powerSource
    }

    /// The fewest samples a trace may have.
    public static let minimumSamples = 20

    /// Which readings of a trace to fit to. A sensor or power source is matched by its label, `chipName/label`
    /// or chip path; `nil` power picks an energy counter if the trace has one (exact mean power between
    /// samples), else a power reading.
    public struct Selection: Sendable, Hashable {
        public var internalSensor: String
        public var skinSensor: String
        public var power: String?

        public init(internalSensor: String = "internal", skinSensor: String = "skin", power: String? = nil) {
            self.internalSensor = internalSensor
            self.skinSensor = skinSensor
            self.power = power
        }
    }

    /// Reads the series out of a trace's snapshots. A sample where a chosen sensor or the power reading cannot
    /// be read (a transient sysfs error, a sensor that vanished for a moment) is left out, and counted in
    /// ``skippedSamples``; an energy counter still gives the exact mean power across the gap.
    /// - Throws: `cannotCalibrate`, one line naming the trace and what is missing: too few (readable) samples, a
    ///   sensor or power reading the first sample does not have, time that does not advance, an energy counter
    ///   that runs back.
    public init(snapshots: [HostSnapshot], name: String, selection: Selection = .init()) throws(TemperError) {
        func fail(_ message: String) -> TemperError { TemperError(code: .cannotCalibrate, message: message, file: name) }
        func tooShort(_ count: Int, skipped: Int) -> TemperError {
            let unreadable = skipped > 0 ? " (\(skipped) more could not be read)" : ""
            return fail(
                "too short: \(count) sample\(count == 1 ? "" : "s")\(unreadable), at least \(Self.minimumSamples) are needed, spanning the device's slow time constant (tens of minutes)"
            )
        }
        guard let first = snapshots.first, snapshots.count >= Self.minimumSamples else { throw tooShort(snapshots.count, skipped: 0) }
        try Self.requireSensor(selection.internalSensor, in: first, fail: fail)
        try Self.requireSensor(selection.skinSensor, in: first, fail: fail)
        let chosen = try Self.powerReading(in: first, wanted: selection.power, fail: fail)
        var times: [Double] = []
        var internalValues: [Double] = []
        var hotspot: [Double] = []
        var powerValues: [Double] = []
        var skipped = 0
        var lastTime = -Double.infinity
        for (index, snapshot) in snapshots.enumerated() {
            let time = snapshot.time - first.time
            guard time > lastTime else { throw fail("sample \(index + 1): time does not advance (\(time) s after \(lastTime) s)") }
            lastTime = time
            guard let internalCelsius = Self.celsius(selection.internalSensor, in: snapshot),
                let hotspotCelsius = Self.celsius(selection.skinSensor, in: snapshot),
                let power = snapshot.powerReadings.first(where: {
                    $0.chip == chosen.chip && $0.label == chosen.label && $0.kind == chosen.kind
                }),
                power.health.isOK, let value = power.value, value.isFinite
            else {
                skipped += 1
                continue
            }
            times.append(time)
            internalValues.append(internalCelsius)
            hotspot.append(hotspotCelsius)
            powerValues.append(value)
        }
        guard times.count >= Self.minimumSamples else { throw tooShort(times.count, skipped: skipped) }
        let source = "\(chosen.chipName)/\(chosen.label)"
        var power = powerValues
        if chosen.kind == .energy {
            power = [0]
            for index in 1..<powerValues.count {
                let joules = powerValues[index] - powerValues[index - 1]
                guard joules >= 0 else { throw fail("sample \(index + 1): the energy counter \(source) ran backwards") }
                power.append(joules / (times[index] - times[index - 1]))
            }
            power[0] = power[1]
        }
        self.init(
            name: name,
            times: times,
            powerWatts: power,
            internalCelsius: internalValues,
            hotspotCelsius: hotspot,
            powerSource: source + (chosen.kind == .energy ? " (energy counter)" : " (power reading)")
        )
        self.skippedSamples = skipped
    }

    static func matches(_ wanted: String, chip: String, chipName: String, label: String) -> Bool {
        wanted == label || wanted == "\(chipName)/\(label)" || wanted == chip
    }

    private static func requireSensor(_ wanted: String, in snapshot: HostSnapshot, fail: (String) -> TemperError) throws(TemperError) {
        guard !snapshot.temperatures.contains(where: { matches(wanted, chip: $0.chip, chipName: $0.chipName, label: $0.label) }) else {
            return
        }
        let known = snapshot.temperatures.map(\.displayName).joined(separator: ", ")
        throw fail(
            "the first sample has no temperature sensor '\(wanted)' (it has: \(known.isEmpty ? "none" : known)); choose one with --internal/--skin"
        )
    }

    private static func celsius(_ wanted: String, in snapshot: HostSnapshot) -> Double? {
        guard let reading = snapshot.temperatures.first(where: { matches(wanted, chip: $0.chip, chipName: $0.chipName, label: $0.label) }),
            reading.health.isOK, let celsius = reading.celsius, celsius.isFinite
        else { return nil }
        return celsius
    }

    /// The reading to take power from: the one `wanted` names, else the first energy counter, else the first power.
    private static func powerReading(
        in snapshot: HostSnapshot,
        wanted: String?,
        fail: (String) -> TemperError
    ) throws(TemperError) -> PowerReading {
        let readable = snapshot.powerReadings.filter { $0.health.isOK && $0.value != nil }
        let candidates =
            wanted.map { wanted in readable.filter { matches(wanted, chip: $0.chip, chipName: $0.chipName, label: $0.label) } }
            ?? (readable.filter { $0.kind == .energy } + readable.filter { $0.kind == .power })
        if let chosen = candidates.first { return chosen }
        if let wanted {
            let known = readable.map { "\($0.chipName)/\($0.label)" }.joined(separator: ", ")
            throw fail(
                "the first sample has no power or energy reading '\(wanted)' (it has: \(known.isEmpty ? "none" : known)); choose one with --power"
            )
        }
        throw fail(
            "no power: the trace has no power or energy reading (record on a host with RAPL, hwmon power or a battery's power_now, or with 'temper simulate --record-trace')"
        )
    }

    /// Whether the power changes enough to separate the model's two time constants: a step of at least 0.1 W
    /// and 10 % of the mean between the lowest and highest tenth of the samples.
    var powerVaries: Bool {
        let sorted = powerWatts.dropFirst().sorted()
        guard sorted.count >= 10 else { return false }
        let tenth = sorted.count / 10
        let low = sorted.prefix(max(1, tenth)).reduce(0, +) / Double(max(1, tenth))
        let high = sorted.suffix(max(1, tenth)).reduce(0, +) / Double(max(1, tenth))
        let mean = sorted.reduce(0, +) / Double(sorted.count)
        return high - low >= max(0.1, 0.1 * mean)
    }
}
