/// Numbers with units, as policy and scenario files write them: durations (`60s`, `500 ms`, `10 min`), powers
/// (`3.5 W`, `800 mW`), rates (`0.5/s`, `12/min`) and energies (`500mJ`, `0.5 J`, `2kJ`).
/// A bare number is in the base unit (seconds, watts); a rate and an energy always need their unit (an energy is read by
/// ``EnergyAmount``, as the command line's `--budget` is).
extension YAMLValue {
    private static let durationUnits: [String: Double] = [
        "ms": 0.001, "s": 1, "sec": 1, "second": 1, "seconds": 1,
        "m": 60, "min": 60, "minute": 60, "minutes": 60, "h": 3600, "hour": 3600, "hours": 3600,
    ]
    private static let powerUnits: [String: Double] = ["mW": 0.001, "W": 1]
    private static let rateUnits: [String: Double] = ["/s": 1, "/min": 1.0 / 60, "/h": 1.0 / 3600]

    /// A duration of zero or more seconds, e.g. `60s`, `500 ms`, `2m`, `10 min` or a bare number of seconds.
    public func durationSeconds() throws(TemperError) -> Double {
        try measure(units: Self.durationUnits, bareNumbers: true, expected: "a duration such as 60s, 500ms or 10 min")
    }

    /// A power of zero or more watts, e.g. `3.5 W`, `800 mW` or a bare number of watts.
    public func watts() throws(TemperError) -> Double {
        try measure(units: Self.powerUnits, bareNumbers: true, expected: "a power such as 3.5 W or 800 mW")
    }

    /// A thermal resistance of zero or more kelvin per watt, e.g. `10 K/W` or a bare number.
    public func kelvinPerWatt() throws(TemperError) -> Double {
        try measure(units: ["K/W": 1], bareNumbers: true, expected: "a thermal resistance such as 10 K/W")
    }

    /// A fraction from a percentage (`85 %`) or a bare number (`0.85`), within `range`.
    public func fraction(in range: ClosedRange<Double> = 0...1) throws(TemperError) -> Double {
        let value = try measure(units: ["%": 0.01], bareNumbers: true, expected: "a fraction such as 85 % or 0.85")
        guard range.contains(value) else {
            throw error(.invalidValue, "expected a fraction in \(range.lowerBound * 100)...\(range.upperBound * 100) %, found \(value * 100) %")
        }
        return value
    }

    /// A rate of zero or more events per second, e.g. `0.5/s`, `12/min` or `30/h`. A bare number is refused:
    /// `2` could be per second or per minute, and the two differ sixtyfold.
    public func ratePerSecond() throws(TemperError) -> Double {
        try measure(units: Self.rateUnits, bareNumbers: false, expected: "a rate with its unit, such as 0.5/s, 12/min or 30/h")
    }

    /// A positive energy such as `500mJ`, `0.5 J` or `2kJ`, in millijoules. A charge (`uAh`, `mAh`) is refused:
    /// turning it into energy needs a voltage, which a policy does not know.
    public func energyMillijoules() throws(TemperError) -> Double {
        let text = ((try? string()) ?? "").trimmingWhitespace()
        guard let amount = try? EnergyAmount(parsing: text), amount.value > 0 else {
            throw error(.invalidValue, "expected a positive energy with a unit, e.g. 500mJ or 0.5J, found '\(text)'")
        }
        guard !amount.isCharge else {
            throw error(.invalidValue, "expected an energy in mJ or J, found the charge '\(text)': a charge needs a voltage to become energy")
        }
        return amount.millijoules(atVolts: 0)
    }

    /// A finite, non-negative number followed by one of `units` (spaces allowed between), scaled to the base unit.
    private func measure(units: [String: Double], bareNumbers: Bool, expected: String) throws(TemperError) -> Double {
        if bareNumbers, let number = try? double() {
            guard number >= 0 else { throw error(.invalidValue, "expected \(expected), found a negative number") }
            return number
        }
        let text = ((try? string()) ?? "").trimmingWhitespace()
        let quantity = QuantityText(text)
        guard let scale = units[quantity.unit], let number = quantity.number, number.isFinite, number >= 0 else {
            throw error(.invalidValue, "expected \(expected), found '\(text)'")
        }
        return number * scale
    }
}
