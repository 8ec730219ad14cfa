import Foundation
import TemperCore

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

    public init(name: String, times: [Double], powerWatts: [Double], internalCelsius: [Double], hotspotCelsius: [Double], powerSource: String) {
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

    /// Reads the series out of a trace's snapshots.
    /// - Throws: `cannotCalibrate`, one line naming the trace and what is missing: too few samples, a sensor or
    ///   power reading that is absent or unreadable, time that does not advance, an energy counter that runs back.
    public init(snapshots: [HostSnapshot], name: String, selection: Selection = .init()) throws(TemperError) {
        func fail(_ message: String) -> TemperError { TemperError(code: .cannotCalibrate, message: message, file: name) }
        guard snapshots.count >= Self.minimumSamples else {
            throw fail(
                "too short: \(snapshots.count) sample\(snapshots.count == 1 ? "" : "s"), at least \(Self.minimumSamples) are needed, spanning the device's slow time constant (tens of minutes)"
            )
        }
        let start = snapshots[0].timestamp
        var times: [Double] = []
        var internalValues: [Double] = []
        var hotspot: [Double] = []
        for (index, snapshot) in snapshots.enumerated() {
            let time = snapshot.timestamp.timeIntervalSince(start)
            if let last = times.last, !(time > last) {
                throw fail("sample \(index + 1): time does not advance (\(time) s after \(last) s)")
            }
            times.append(time)
            internalValues.append(try Self.celsius(selection.internalSensor, in: snapshot, sample: index, fail: fail))
            hotspot.append(try Self.celsius(selection.skinSensor, in: snapshot, sample: index, fail: fail))
        }
        let (power, source) = try Self.power(snapshots, times: times, wanted: selection.power, fail: fail)
        self.init(name: name, times: times, powerWatts: power, internalCelsius: internalValues, hotspotCelsius: hotspot, powerSource: source)
    }

    static func matches(_ wanted: String, chip: String, chipName: String, label: String) -> Bool {
        wanted == label || wanted == "\(chipName)/\(label)" || wanted == chip
    }

    private static func celsius(
        _ wanted: String, in snapshot: HostSnapshot, sample: Int, fail: (String) -> TemperError
    ) throws(TemperError) -> Double {
        guard let reading = snapshot.temperatures.first(where: { matches(wanted, chip: $0.chip, chipName: $0.chipName, label: $0.label) }) else {
            let known = snapshot.temperatures.map(\.displayName).joined(separator: ", ")
            throw fail("sample \(sample + 1) has no temperature sensor '\(wanted)' (it has: \(known.isEmpty ? "none" : known)); choose one with --internal/--skin")
        }
        guard reading.health.isOK, let celsius = reading.celsius, celsius.isFinite else {
            throw fail("sample \(sample + 1): sensor '\(wanted)' has no reading (\(reading.health))")
        }
        return celsius
    }

    /// Mean power per interval from an energy counter, or the power reading at each sample's end.
    private static func power(
        _ snapshots: [HostSnapshot], times: [Double], wanted: String?, fail: (String) -> TemperError
    ) throws(TemperError) -> ([Double], String) {
        let first = snapshots[0].powerReadings.filter { $0.health.isOK && $0.value != nil }
        let candidates = wanted.map { wanted in first.filter { matches(wanted, chip: $0.chip, chipName: $0.chipName, label: $0.label) } }
            ?? (first.filter { $0.kind == .energy } + first.filter { $0.kind == .power })
        guard let chosen = candidates.first else {
            if let wanted {
                let known = first.map { "\($0.chipName)/\($0.label)" }.joined(separator: ", ")
                throw fail("the first sample has no power or energy reading '\(wanted)' (it has: \(known.isEmpty ? "none" : known)); choose one with --power")
            }
            throw fail("no power: the trace has no power or energy reading (record on a host with RAPL, hwmon power or a battery's power_now, or with 'temper simulate --record-trace')")
        }
        var values: [Double] = []
        for (index, snapshot) in snapshots.enumerated() {
            guard let reading = snapshot.powerReadings.first(where: { $0.chip == chosen.chip && $0.label == chosen.label && $0.kind == chosen.kind }),
                reading.health.isOK, let value = reading.value, value.isFinite
            else { throw fail("sample \(index + 1) has no reading of \(chosen.chipName)/\(chosen.label)") }
            values.append(value)
        }
        let name = "\(chosen.chipName)/\(chosen.label)"
        switch chosen.kind {
        case .power:
            return (values, "\(name) (power reading)")
        case .energy:
            var power = [0.0]
            for index in 1..<values.count {
                let joules = values[index] - values[index - 1]
                guard joules >= 0 else { throw fail("sample \(index + 1): the energy counter \(name) ran backwards") }
                power.append(joules / (times[index] - times[index - 1]))
            }
            power[0] = power[1]
            return (power, "\(name) (energy counter)")
        }
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
