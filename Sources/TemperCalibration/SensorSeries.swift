import FoundationEssentials
public import TemperCore

/// One temperature sensor of a trace and the heat input beside it, for a recording that has no internal/skin pair
/// (what `temper import` makes of tegrastats, s-tui, turbostat, a Pi's loop): the single-sensor fit
/// (``NodeFit``) and the forecast test (``ForecastTest``) read this.
///
/// The input says what it is: **measured power** (W, a rail or a package counter) or a **load proxy**
/// (utilisation %, clock MHz) whose scale the fit has to find, or none at all (a `vcgencmd` loop records only the
/// temperature), so a report never calls a clock a heat.
public struct SensorSeries: Sendable, Hashable {
    public enum InputKind: String, Sendable, Hashable, Codable {
        /// Watts: the gain is a thermal resistance (K/W).
        case power
        /// Utilisation or a clock: the gain is °C per unit of it, fitted.
        case loadProxy
        /// Nothing: the model only relaxes towards its baseline.
        case none
    }

    public var name: String
    /// Seconds since the first sample; strictly increasing.
    public var times: [Double]
    public var celsius: [Double]
    /// `input[k]` is the input over `times[k-1] ..< times[k]` (the reading at `k`); all 0 for ``InputKind/none``.
    public var input: [Double]
    public var inputKind: InputKind
    /// `chip/label (unit)` of the input, or `none`.
    public var inputSource: String
    /// The input's unit: W, % or MHz.
    public var inputUnit: String
    /// `chip/label` of the temperature sensor.
    public var sensor: String

    public init(
        name: String,
        times: [Double],
        celsius: [Double],
        input: [Double],
        inputKind: InputKind,
        inputSource: String,
        inputUnit: String,
        sensor: String
    ) {
        self.name = name
        self.times = times
        self.celsius = celsius
        self.input = input
        self.inputKind = inputKind
        self.inputSource = inputSource
        self.inputUnit = inputUnit
        self.sensor = sensor
    }

    /// The samples in `range`, times kept as they are.
    public func slice(_ range: Range<Int>) -> SensorSeries {
        var part = self
        part.times = Array(times[range])
        part.celsius = Array(celsius[range])
        part.input = Array(input[range])
        return part
    }

    /// The reading noise (°C) as ``ThermalSeries/readingNoiseCelsius`` estimates it: second differences, never
    /// below the resolution's rounding noise q/√12.
    public var readingNoiseCelsius: Double { ThermalSeries.readingNoise(celsius) }

    /// Reads the series from a trace's snapshots.
    /// - Parameters:
    ///   - sensor: a temperature's label or `chip/label`; `nil` takes the one whose readings span the widest
    ///     range (the sensor nearest the heat).
    ///   - input: a power reading's or load proxy's label; `nil` takes the power reading with the highest mean
    ///     (a rail total or a package counter is the largest), else a utilisation, else a clock, else none.
    /// - Throws: `cannotCalibrate` naming the trace: too few samples, a named sensor or input it does not have.
    public init(snapshots: [HostSnapshot], name: String, sensor: String? = nil, input: String? = nil) throws(TemperError) {
        func fail(_ message: String) -> TemperError { TemperError(code: .cannotCalibrate, message: message, file: name) }
        guard snapshots.count >= ThermalSeries.minimumSamples else {
            throw fail("too short: \(snapshots.count) samples, at least \(ThermalSeries.minimumSamples) are needed")
        }
        let sensors = Self.columns(snapshots) { $0.temperatures.map { ("\($0.chipName)/\($0.label)", $0.label, $0.celsius) } }
        let chosenSensor: String
        if let sensor {
            guard let match = sensors.keys.first(where: { $0 == sensor || $0.hasSuffix("/\(sensor)") }) else {
                throw fail("no temperature sensor '\(sensor)' (it has: \(sensors.keys.sorted().joined(separator: ", ")))")
            }
            chosenSensor = match
        } else {
            guard
                let widest = sensors.max(by: {
                    Self.span($0.value) < Self.span($1.value) || (Self.span($0.value) == Self.span($1.value) && $0.key > $1.key)
                })
            else { throw fail("no temperature readings") }
            chosenSensor = widest.key
        }
        let powers = Self.columns(snapshots) {
            $0.powerReadings.filter { $0.kind == .power }.map { ("\($0.chipName)/\($0.label)", $0.label, $0.value) }
        }
        let loads = Self.columns(snapshots) {
            $0.measurements.filter { $0.kind == .utilization || $0.kind == .frequency }.map {
                ("\($0.chipName)/\($0.label)", $0.label, $0.value)
            }
        }
        let kindOf = Dictionary(
            snapshots.first?.measurements.map { ("\($0.chipName)/\($0.label)", $0.kind) } ?? [],
            uniquingKeysWith: { first, _ in first }
        )
        var chosenInput: (key: String, kind: InputKind, unit: String)?
        if let input {
            if let match = powers.keys.first(where: { $0 == input || $0.hasSuffix("/\(input)") }) {
                chosenInput = (match, .power, "W")
            } else if let match = loads.keys.first(where: { $0 == input || $0.hasSuffix("/\(input)") }) {
                chosenInput = (match, .loadProxy, kindOf[match]?.unit ?? "")
            } else {
                let known = (powers.keys.sorted() + loads.keys.sorted()).joined(separator: ", ")
                throw fail("no power or load reading '\(input)' (it has: \(known.isEmpty ? "none" : known))")
            }
        } else if let strongest = powers.max(by: {
            Self.mean($0.value) < Self.mean($1.value) || (Self.mean($0.value) == Self.mean($1.value) && $0.key > $1.key)
        }) {
            chosenInput = (strongest.key, .power, "W")
        } else {
            let ordered = loads.keys.sorted { (kindOf[$0] == .utilization ? 0 : 1, $0) < (kindOf[$1] == .utilization ? 0 : 1, $1) }
            if let first = ordered.first { chosenInput = (first, .loadProxy, kindOf[first]?.unit ?? "") }
        }
        var times: [Double] = []
        var celsius: [Double] = []
        var values: [Double] = []
        let inputColumn = chosenInput.map { $0.kind == .power ? powers[$0.key] : loads[$0.key] } ?? nil
        var lastTime = -Double.infinity
        for index in snapshots.indices {
            guard let reading = sensors[chosenSensor]?[index], snapshots[index].time > lastTime else { continue }
            let value = inputColumn.map { $0[index] } ?? 0
            guard let value else { continue }
            lastTime = snapshots[index].time
            times.append(snapshots[index].time - snapshots[0].time)
            celsius.append(reading)
            values.append(value)
        }
        guard times.count >= ThermalSeries.minimumSamples else {
            throw fail(
                "too short: \(times.count) samples with '\(chosenSensor)' readable, at least \(ThermalSeries.minimumSamples) are needed"
            )
        }
        let origin = times[0]
        self.init(
            name: name,
            times: times.map { $0 - origin },
            celsius: celsius,
            input: values,
            inputKind: chosenInput?.kind ?? .none,
            inputSource: chosenInput.map { "\($0.key) (\($0.kind == .power ? "measured power" : "load proxy"), \($0.unit))" } ?? "none",
            inputUnit: chosenInput?.unit ?? "",
            sensor: chosenSensor
        )
    }

    /// Each named reading's finite values by sample (nil where absent or unreadable).
    private static func columns(
        _ snapshots: [HostSnapshot],
        _ readings: (HostSnapshot) -> [(key: String, label: String, value: Double?)]
    ) -> [String: [Double?]] {
        var table: [String: [Double?]] = [:]
        for (index, snapshot) in snapshots.enumerated() {
            for reading in readings(snapshot) {
                if table[reading.key] == nil { table[reading.key] = [Double?](repeating: nil, count: snapshots.count) }
                if let value = reading.value, value.isFinite { table[reading.key]![index] = value }
            }
        }
        return table
    }

    private static func span(_ values: [Double?]) -> Double {
        let present = values.compactMap { $0 }
        return (present.max() ?? 0) - (present.min() ?? 0)
    }

    private static func mean(_ values: [Double?]) -> Double {
        let present = values.compactMap { $0 }
        return present.reduce(0, +) / Double(max(present.count, 1))
    }
}
