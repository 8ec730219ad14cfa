import Foundation

/// Energies and durations with units, as policy files write them (`500mJ`, `0.5J`, `60s`, `2m`).
extension YAMLValue {
    private static let energyUnits: [(suffix: String, millijoules: Double)] = [
        ("kJ", 1_000_000), ("mJ", 1), ("uJ", 0.001), ("µJ", 0.001), ("J", 1000),
    ]
    private static let durationUnits: [(suffix: String, seconds: Double)] = [
        ("ms", 0.001), ("min", 60), ("s", 1), ("m", 60), ("h", 3600),
    ]

    /// An energy such as `500mJ`, `0.5 J` or `2kJ`, in millijoules. A charge (`uAh`, `mAh`) is refused:
    /// turning it into energy needs a voltage, which a policy does not know.
    public func energyMillijoules() throws(TemperError) -> Double {
        let text = try string().trimmingCharacters(in: .whitespaces)
        let lower = text.lowercased()
        if lower.hasSuffix("ah") {
            throw error(.invalidValue, "expected an energy in mJ or J, found the charge '\(text)': a charge needs a voltage to become energy")
        }
        for unit in Self.energyUnits where text.hasSuffix(unit.suffix) {
            let number = text.dropLast(unit.suffix.count).trimmingCharacters(in: .whitespaces)
            if let value = Double(number), value.isFinite, value > 0 { return value * unit.millijoules }
            break
        }
        throw error(.invalidValue, "expected a positive energy with a unit, e.g. 500mJ or 0.5J, found '\(text)'")
    }

    /// A duration such as `60s`, `500ms`, `2m` or a bare number of seconds, in seconds.
    public func durationSeconds() throws(TemperError) -> Double {
        if let number = try? double() {
            guard number >= 0 else { throw error(.invalidValue, "expected a duration of zero or more seconds, found \(number)") }
            return number
        }
        let text = try string().trimmingCharacters(in: .whitespaces)
        for unit in Self.durationUnits where text.hasSuffix(unit.suffix) {
            let number = text.dropLast(unit.suffix.count).trimmingCharacters(in: .whitespaces)
            if let value = Double(number), value.isFinite, value >= 0 { return value * unit.seconds }
            break
        }
        throw error(.invalidValue, "expected a duration such as 60s, 500ms or 2m, found '\(text)'")
    }
}
