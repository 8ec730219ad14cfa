/// The valid ranges that quantities in policy, scenario and request files, and on the command line, are checked
/// against where they are read. Each bound keeps a run finite: nothing a file can say makes Temper allocate
/// without bound, run for hours, or turn a number into infinity.
public enum QuantityLimits: Sendable {
    /// The longest duration any file or option may give: 7 days.
    public static let maxSeconds = 7.0 * 86_400
    /// The shortest duration that is not zero: 1 ms. Shorter steps or periods only burn time.
    public static let minSeconds = 0.001
    /// Any duration, zero included.
    public static let seconds: ClosedRange<Double> = 0...maxSeconds
    /// A duration that must be above zero.
    public static let positiveSeconds: ClosedRange<Double> = minSeconds...maxSeconds
    /// Powers a feedback device or a workload can draw: up to 1 kW.
    public static let watts: ClosedRange<Double> = 0...1000
    /// Request rates: up to 1000 per second.
    public static let perSecond: ClosedRange<Double> = 0...1000
    /// Energies (budgets): 1 µJ to 1 MJ, in millijoules.
    public static let millijoules: ClosedRange<Double> = 0.001...1e9

    /// `range` in words with its unit, e.g. `0.001 s to 604800 s`.
    public static func describe(_ range: ClosedRange<Double>, unit: String) -> String {
        let separator = unit.hasPrefix("/") ? "" : " "
        return "\(number(range.lowerBound))\(separator)\(unit) to \(number(range.upperBound))\(separator)\(unit)"
    }

    /// A bound or a value in messages: whole numbers without a fraction, others in the shortest form.
    public static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}

/// Numbers with units, as policy and scenario files write them: durations (`60s`, `500 ms`, `10 min`, `2 days`), powers
/// (`3.5 W`, `800 mW`), thermal resistances (`10 K/W`), temperatures (`25 °C`), rates (`0.5/s`, `12/min`) and
/// energies (`500mJ`, `0.5 J`, `2kJ`). Every physical number needs its unit, as the command line's `--budget` does:
/// `duration: 45` could be seconds or minutes, so it is refused with the units that are accepted; no key names its
/// unit instead (`dwell: 10s`, not `dwellSeconds: 10`).
/// An energy is read by ``EnergyAmount``, as `--budget` is. Every reader takes the valid range (in the base unit), so
/// a value out of range, not finite, or overflowing in its unit conversion (`1e308 h`) is an error naming it.
extension YAMLValue {
    private static let durationUnits: [String: Double] = [
        "ms": 0.001, "s": 1, "sec": 1, "second": 1, "seconds": 1,
        "m": 60, "min": 60, "minute": 60, "minutes": 60, "h": 3600, "hour": 3600, "hours": 3600,
        "d": 86_400, "day": 86_400, "days": 86_400,
    ]
    private static let powerUnits: [String: Double] = ["mW": 0.001, "W": 1]
    private static let rateUnits: [String: Double] = ["/s": 1, "/min": 1.0 / 60, "/h": 1.0 / 3600]
    private static let celsiusUnits: [String: Double] = ["°C": 1, "C": 1]

    /// A duration in seconds within `range`, e.g. `60s`, `500 ms`, `2m` or `10 min`.
    public func durationSeconds(in range: ClosedRange<Double> = QuantityLimits.seconds) throws(TemperError) -> Double {
        try measure(
            units: Self.durationUnits,
            unit: "s",
            range: range,
            noun: "a duration",
            unitNames: "ms, s, min, h or d",
            examples: "60s, 500ms or 10 min"
        )
    }

    /// A level or a change of level in decibels within `range`, e.g. `2 dB`. A bare number is refused unless
    /// `unitInKey` (the key says decibels, as `maxDecibels` does).
    public func decibels(in range: ClosedRange<Double>, unitInKey: Bool = false) throws(TemperError) -> Double {
        try measure(
            units: ["dB": 1],
            unit: "dB",
            range: range,
            noun: "a level",
            unitNames: "dB",
            examples: "2 dB",
            bareNumbers: unitInKey
        )
    }

    /// A power in watts within `range`, e.g. `3.5 W` or `800 mW`.
    public func watts(in range: ClosedRange<Double> = QuantityLimits.watts) throws(TemperError) -> Double {
        try measure(units: Self.powerUnits, unit: "W", range: range, noun: "a power", unitNames: "W or mW", examples: "3.5 W or 800 mW")
    }

    /// A thermal resistance in kelvin per watt within `range`, e.g. `10 K/W`.
    public func kelvinPerWatt(in range: ClosedRange<Double> = 0...1000) throws(TemperError) -> Double {
        try measure(units: ["K/W": 1], unit: "K/W", range: range, noun: "a thermal resistance", unitNames: "K/W", examples: "10 K/W")
    }

    /// A temperature in degrees Celsius within `range`, e.g. `25 °C` (or `25 C`).
    public func celsius(in range: ClosedRange<Double>) throws(TemperError) -> Double {
        try measure(units: Self.celsiusUnits, unit: "°C", range: range, noun: "a temperature", unitNames: "°C", examples: "25 °C")
    }

    /// A difference of temperatures in kelvin within `range`, e.g. `3 K` or `3 °C` (a step of one is a step of the
    /// other).
    public func temperatureDifference(in range: ClosedRange<Double>) throws(TemperError) -> Double {
        try measure(
            units: ["K": 1, "°C": 1, "C": 1],
            unit: "K",
            range: range,
            noun: "a temperature difference",
            unitNames: "K or °C",
            examples: "3 K or 3 °C"
        )
    }

    /// A fraction from a percentage (`85 %`) or a bare number (`0.85`), within `range`.
    public func fraction(in range: ClosedRange<Double> = 0...1) throws(TemperError) -> Double {
        let value = try measure(
            units: ["%": 0.01],
            unit: "",
            range: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude,
            noun: "a fraction",
            unitNames: "%",
            examples: "85 % or 0.85",
            bareNumbers: true
        )
        guard range.contains(value) else {
            throw error(
                .invalidValue,
                "expected a fraction in \(QuantityLimits.number(range.lowerBound * 100))...\(QuantityLimits.number(range.upperBound * 100)) %, found \(QuantityLimits.number(value * 100)) %"
            )
        }
        return value
    }

    /// A rate of events per second within `range`, e.g. `0.5/s`, `12/min` or `30/h`. A bare number is refused:
    /// `2` could be per second or per minute, and the two differ sixtyfold.
    public func ratePerSecond(in range: ClosedRange<Double> = QuantityLimits.perSecond) throws(TemperError) -> Double {
        try measure(
            units: Self.rateUnits,
            unit: "/s",
            range: range,
            noun: "a rate",
            unitNames: "/s, /min or /h",
            examples: "0.5/s, 12/min or 30/h"
        )
    }

    /// An energy such as `500mJ`, `0.5 J` or `2kJ`, in millijoules within `range`. A charge (`uAh`, `mAh`) is
    /// refused: turning it into energy needs a voltage, which a policy does not know.
    public func energyMillijoules(in range: ClosedRange<Double> = QuantityLimits.millijoules) throws(TemperError) -> Double {
        let text = ((try? string()) ?? "").trimmingWhitespace()
        let amount: EnergyAmount
        do { amount = try EnergyAmount(parsing: text) } catch {
            throw self.error(
                .invalidValue,
                text.isEmpty || Double(text) != nil
                    ? "expected an energy with a unit, e.g. 500mJ or 0.5J, found '\(text)'" : error.message
            )
        }
        guard !amount.isCharge else {
            throw error(
                .invalidValue,
                "expected an energy in mJ or J, found the charge '\(text)': a charge needs a voltage to become energy"
            )
        }
        let millijoules = amount.millijoules(atVolts: 0)
        guard range.contains(millijoules) else {
            throw error(.invalidValue, "expected an energy from \(QuantityLimits.describe(range, unit: "mJ")), found '\(text)'")
        }
        return millijoules
    }

    /// A finite number followed by one of `units` (spaces allowed between), scaled to the base unit and within
    /// `range`. A bare number is the base unit only with `bareNumbers`; otherwise its error names the units.
    private func measure(
        units: [String: Double],
        unit: String,
        range: ClosedRange<Double>,
        noun: String,
        unitNames: String,
        examples: String,
        bareNumbers: Bool = false
    ) throws(TemperError) -> Double {
        let text = ((try? string()) ?? "").trimmingWhitespace()
        let value: Double
        if case .scalar = node, let number = node.float ?? node.int.map(Double.init) {
            guard bareNumbers else {
                throw error(.invalidValue, "'\(text)' needs its unit: expected \(noun) in \(unitNames), such as \(examples)")
            }
            value = number
        } else {
            let quantity = QuantityText(text)
            guard let scale = units[quantity.unit], let number = quantity.number else {
                throw error(.invalidValue, "expected \(noun) in \(unitNames), such as \(examples), found '\(text)'")
            }
            value = number * scale
        }
        // NaN fails `contains`, and an overflowing conversion (1e308 h) is infinite, beyond every range.
        guard range.contains(value) else {
            throw error(.invalidValue, "expected \(noun) from \(QuantityLimits.describe(range, unit: unit)), found '\(text)'")
        }
        return value
    }
}
