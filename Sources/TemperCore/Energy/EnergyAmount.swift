/// An amount of energy as a person writes it: `25mJ`, `0.5J`, `2kJ`, `250uJ`, `10uAh` or `10µAh`.
///
/// Charge (µAh, mAh) becomes energy only at a voltage, so ``millijoules(atVolts:)`` takes the battery's.
public struct EnergyAmount: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Unit: String, Sendable, Hashable, Codable, CaseIterable {
        case microjoules = "µJ"
        case millijoules = "mJ"
        case joules = "J"
        case kilojoules = "kJ"
        case microampHours = "µAh"
        case milliampHours = "mAh"
    }

    public var value: Double
    public var unit: Unit

    public init(value: Double, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// Reads `25mJ`, `25 mJ`, `0.5J`, `10uAh`, `10µAh` or `1mAh`. The number must be finite and not negative.
    ///
    /// - Throws: `invalidValue` with a message that shows the accepted forms.
    public init(parsing text: String) throws(TemperError) {
        let quantity = QuantityText(text)
        guard let number = quantity.number, number.isFinite else {
            throw Self.invalid(text, "it does not start with a number")
        }
        guard number >= 0 else { throw Self.invalid(text, "an energy cannot be negative") }
        guard !quantity.unit.isEmpty else { throw Self.invalid(text, "it has no unit") }
        guard let unit = Self.unit(named: quantity.unit) else { throw Self.invalid(text, "'\(quantity.unit)' is not an energy unit") }
        self.init(value: number, unit: unit)
    }

    /// Whether the amount is a charge, which becomes energy only at a voltage.
    public var isCharge: Bool { unit == .microampHours || unit == .milliampHours }

    /// The amount in millijoules; charge converts at `volts` (1 µAh at 1 V is 3.6 mJ).
    public func millijoules(atVolts volts: Double) -> Double {
        switch unit {
        case .microjoules: value / 1000
        case .millijoules: value
        case .joules: value * 1000
        case .kilojoules: value * 1_000_000
        case .microampHours: value * 3.6 * volts
        case .milliampHours: value * 3600 * volts
        }
    }

    public var description: String {
        let number = value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        return number + unit.rawValue
    }

    private static func unit(named text: String) -> Unit? {
        switch text {
        case "uJ", "µJ", "μJ", "uj": .microjoules
        case "mJ", "mj": .millijoules
        case "J", "j": .joules
        case "kJ", "kj": .kilojoules
        case "uAh", "µAh", "μAh", "uah", "µah", "μah": .microampHours
        case "mAh", "mah": .milliampHours
        default: nil
        }
    }

    private static func invalid(_ text: String, _ why: String) -> TemperError {
        TemperError(
            code: .invalidValue,
            message: "'\(text)' is not an energy: \(why) (write a number and a unit, e.g. 25mJ, 0.5J, 10uAh or 10µAh)"
        )
    }
}
