/// How much of a charger's power the cell may take at its temperature: the four zones of the JEITA guideline as
/// charger ICs implement them (no charging when cold, reduced when cool, full in the standard range, reduced with
/// a lowered charge voltage when warm, none when hot).
///
/// The default, ``jeita``, is the TI BQ25882/BQ25887 datasheets' JEITA profile (register REG08): thresholds 0, 10,
/// 45 and 60 °C, 20 % of the charge current from 0 to 10 °C (their default) and 40 % from 45 to 60 °C (their
/// reduced option; the default keeps the current and lowers the charge voltage). A device profile's `charging:`
/// section replaces it.
public struct ChargeDerating: Sendable, Hashable, Codable {
    /// Below this the cell does not charge (JEITA T1, °C).
    public var noChargeBelowCelsius: Double
    /// From here the cell charges at full power (T2, °C); between T1 and T2 at ``coolFraction``.
    public var fullChargeFromCelsius: Double
    /// Up to here the cell charges at full power (T3, °C); between T3 and T5 at ``warmFraction``.
    public var fullChargeUpToCelsius: Double
    /// Above this the cell does not charge (T5, °C).
    public var noChargeAboveCelsius: Double
    /// The share of the charger's power the cell takes between T1 and T2, 0 to 1.
    public var coolFraction: Double
    /// The share between T3 and T5, 0 to 1.
    public var warmFraction: Double

    public init(
        noChargeBelowCelsius: Double,
        fullChargeFromCelsius: Double,
        fullChargeUpToCelsius: Double,
        noChargeAboveCelsius: Double,
        coolFraction: Double,
        warmFraction: Double
    ) {
        self.noChargeBelowCelsius = noChargeBelowCelsius
        self.fullChargeFromCelsius = fullChargeFromCelsius
        self.fullChargeUpToCelsius = fullChargeUpToCelsius
        self.noChargeAboveCelsius = noChargeAboveCelsius
        self.coolFraction = coolFraction
        self.warmFraction = warmFraction
    }

    /// The JEITA profile of the TI BQ25882/BQ25887 datasheets (see the type's documentation).
    public static let jeita = ChargeDerating(
        noChargeBelowCelsius: 0,
        fullChargeFromCelsius: 10,
        fullChargeUpToCelsius: 45,
        noChargeAboveCelsius: 60,
        coolFraction: 0.2,
        warmFraction: 0.4
    )

    /// The share of the charger's power the cell takes at `celsius`: 0 outside T1...T5 (and for a reading that is
    /// not a number), the cool or warm fraction in their zones, 1 in between.
    public func fraction(atCelsius celsius: Double) -> Double {
        guard celsius.isFinite, celsius >= noChargeBelowCelsius, celsius <= noChargeAboveCelsius else { return 0 }
        if celsius < fullChargeFromCelsius { return coolFraction }
        if celsius <= fullChargeUpToCelsius { return 1 }
        return warmFraction
    }
}

extension DeviceProfile {
    static let chargingKeys: Set<String> = [
        "noChargeBelow", "fullChargeFrom", "fullChargeUpTo", "noChargeAbove", "coolCurrent", "warmCurrent",
    ]

    /// The `charging:` section: four thresholds in rising order and the two reduced shares.
    static func readCharging(_ node: YAMLValue, _ reader: inout ProfileFigureReader) -> ChargeDerating? {
        let range: ClosedRange<Double> = -40...150
        let thresholds = ["noChargeBelow", "fullChargeFrom", "fullChargeUpTo", "noChargeAbove"].map {
            reader.figure($0, in: node, .temperature, range: range)
        }
        let cool = reader.figure("coolCurrent", in: node, .ratio, range: 0...1)
        let warm = reader.figure("warmCurrent", in: node, .ratio, range: 0...1)
        let values = thresholds.compactMap { $0 }
        guard values.count == 4, let cool, let warm else { return nil }
        for index in 1..<4 where values[index] < values[index - 1] {
            let key = ["noChargeBelow", "fullChargeFrom", "fullChargeUpTo", "noChargeAbove"][index]
            reader.problems.record(
                node[key]!.error(.invalidValue, "\(key) (\(values[index]) °C) is below the threshold before it (\(values[index - 1]) °C)")
            )
            return nil
        }
        return ChargeDerating(
            noChargeBelowCelsius: values[0],
            fullChargeFromCelsius: values[1],
            fullChargeUpToCelsius: values[2],
            noChargeAboveCelsius: values[3],
            coolFraction: cool,
            warmFraction: warm
        )
    }
}
