/// The kind of quantity a profile number is, and the units a file may write it in.
///
/// Each kind has one canonical unit the model computes in (mJ, mW, s, Hz, V, mAh, °C, J/K, K/W, W or a plain
/// ratio). Charge-based units (µAh, mA) convert at the profile's battery voltage, so a datasheet's figure can be
/// written down as published.
enum FigureQuantity: Sendable {
    case energy, power, wattage, time, frequency, ratio, count, voltage, charge, temperature, heatCapacity, thermalResistance

    /// Canonical unit first.
    var units: [String] {
        switch self {
        case .energy: ["mJ", "J", "uAh", "µAh", "μAh"]
        case .power: ["mW", "W", "mA", "uA", "µA", "μA"]
        case .wattage: ["W", "mW"]
        case .time: ["s", "ms"]
        case .frequency: ["Hz"]
        case .ratio: ["ratio", "%"]
        case .count: ["count"]
        case .voltage: ["V", "mV"]
        case .charge: ["mAh", "Ah"]
        case .temperature: ["°C", "degC", "C"]
        case .heatCapacity: ["J/K"]
        case .thermalResistance: ["K/W"]
        }
    }

    /// The values a device can physically have, in the canonical unit: every figure is checked against these as
    /// well as its own range, so no profile carries `1e300 Hz` or a conversion that overflowed to infinity.
    var physicalRange: ClosedRange<Double> {
        switch self {
        case .energy: 0...1e6  // mJ: a kilojoule per click is already absurd
        case .power: 0...1e5  // mW
        case .wattage: 0...1000  // W
        case .time: 0...86_400  // s
        case .frequency: 0...100_000  // Hz
        case .ratio: 0...1000
        case .count: 0...1000
        case .voltage: 0...1000  // V
        case .charge: 0...1e7  // mAh
        case .temperature: -273.15...1000  // °C
        case .heatCapacity: 0...1e6  // J/K
        case .thermalResistance: 0...1e4  // K/W
        }
    }

    /// What "above zero" means for this kind: the smallest value a device could have (1 µs, 0.1 Hz, …), so a
    /// figure of `1e-300` does not pass as positive and make its reciprocal explode.
    var smallestPositive: Double {
        switch self {
        case .time: 1e-6
        case .frequency: 0.1
        default: 1e-6
        }
    }

    /// Whether the unit may be left out (plain ratios and counts).
    var unitOptional: Bool { self == .ratio || self == .count }

    /// `value` in `unit` converted to the canonical unit; `nil` when the unit does not fit this kind.
    func canonical(_ value: Double, unit: String, volts: Double) -> Double? {
        switch (self, unit) {
        case (.energy, "mJ"), (.power, "mW"), (.wattage, "W"), (.time, "s"), (.frequency, "Hz"), (.ratio, "ratio"),
            (.count, "count"), (.voltage, "V"), (.charge, "mAh"), (.heatCapacity, "J/K"), (.thermalResistance, "K/W"):
            value
        case (.temperature, "°C"), (.temperature, "degC"), (.temperature, "C"):
            value
        case (.energy, "J"), (.power, "W"):
            value * 1000
        case (.wattage, "mW"), (.time, "ms"), (.voltage, "mV"):
            value / 1000
        case (.charge, "Ah"):
            value * 1000
        case (.ratio, "%"):
            value / 100
        case (.energy, "uAh"), (.energy, "µAh"), (.energy, "μAh"):
            value * 3.6 * volts
        case (.power, "mA"):
            value * volts
        case (.power, "uA"), (.power, "µA"), (.power, "μA"):
            value * volts / 1000
        default:
            nil
        }
    }
}

/// Reads the `{value:, unit:, source: | derived: | assumed: | fitted:}` numbers of one profile, collecting every problem.
struct ProfileFigureReader {
    static let positive: ClosedRange<Double> = Double.leastNormalMagnitude...Double.greatestFiniteMagnitude
    var problems = YAMLProblems()
    var provenance: [String: FigureProvenance] = [:]
    /// The battery voltage that charge units convert at; set once the battery section is read.
    var volts: Double = 3.7

    /// The number under `key` of `section` in its canonical unit, or `nil` (with a problem recorded).
    mutating func figure(
        _ key: String,
        in section: YAMLValue,
        _ quantity: FigureQuantity,
        range: ClosedRange<Double> = 0...Double.greatestFiniteMagnitude
    ) -> Double? {
        guard let node = section[key] else {
            problems.record(
                TemperError(
                    code: .missingKey,
                    message: "missing key '\(key)'",
                    file: section.file,
                    path: section.path,
                    line: section.line,
                    column: section.column
                )
            )
            return nil
        }
        do {
            return try read(node, quantity, range: range)
        } catch {
            problems.record(error)
            return nil
        }
    }

    private mutating func read(_ node: YAMLValue, _ quantity: FigureQuantity, range: ClosedRange<Double>) throws(TemperError) -> Double {
        guard case .mapping = node.node else {
            throw node.error(
                .invalidValue,
                "every number needs its source: write {value: ..., unit: \(quantity.units[0]), source: \"...\"} or {value: ..., derived: \"how\"}"
            )
        }
        let unknown = node.unknownKeys(allowed: ["value", "unit", "source", "derived", "assumed", "fitted"])
        if let first = unknown.first { throw first }
        let value = try node.require("value").double()
        var given: [(FigureProvenance.Kind, String)] = []
        for kind in [FigureProvenance.Kind.source, .derived, .assumed, .fitted] {
            if let text = try node[kind.rawValue]?.string() { given.append((kind, text)) }
        }
        guard given.count <= 1 else {
            throw node.error(.invalidValue, "give one of 'source', 'derived', 'assumed' or 'fitted', not several")
        }
        guard let (kind, text) = given.first, !text.isEmpty else {
            throw node.error(.missingKey, "this number has no 'source', 'derived', 'assumed' or 'fitted' text saying where it came from")
        }
        provenance[node.path] = FigureProvenance(kind, text)
        let unitNode = node["unit"]
        let unit = try unitNode?.string()
        let canonical: Double?
        if let unit {
            canonical = quantity.canonical(value, unit: unit, volts: volts)
        } else if quantity.unitOptional {
            canonical = value
        } else {
            throw node.error(.missingKey, "missing key 'unit' (one of: \(quantity.units.joined(separator: ", ")))")
        }
        guard let canonical else {
            throw (unitNode ?? node).error(
                .invalidValue,
                "unit '\(unit ?? "")' does not fit here (expected one of: \(quantity.units.joined(separator: ", ")))"
            )
        }
        let allowed = Self.effective(range, quantity)
        guard allowed.contains(canonical) else {
            let unitName = quantity.units[0]
            throw node.error(
                .invalidValue,
                "\(value) \(unit ?? "") is out of range (\(QuantityLimits.number(allowed.lowerBound))...\(QuantityLimits.number(allowed.upperBound)) \(unitName))"
            )
        }
        return canonical
    }

    /// `range` narrowed to what the quantity can physically be; ``positive`` starts at its smallest positive value.
    private static func effective(_ range: ClosedRange<Double>, _ quantity: FigureQuantity) -> ClosedRange<Double> {
        let physical = quantity.physicalRange
        let lower = max(range == Self.positive ? quantity.smallestPositive : range.lowerBound, physical.lowerBound)
        let upper = max(lower, min(range.upperBound, physical.upperBound))
        return lower...upper
    }
}
