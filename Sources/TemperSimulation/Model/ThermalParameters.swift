public import TemperCore

/// The two-node lumped thermal model's constants: an internal node (the SoC and the actuator's surroundings)
/// coupled through a resistance to the skin node, which sheds heat to ambient.
///
/// The defaults are **derived, not measured**: they reproduce a published Pixel 6 thermal configuration in which a
/// sustained 4 W puts the skin hotspot at 51 °C (SEVERE) in a 25 °C room. See
/// `shared/reference/energy-and-thermal-facts.md`. A device profile's `thermal` section replaces them.
public struct ThermalParameters: Sendable, Hashable, Codable {
    /// Heat capacity of the internal node (J/K).
    public var internalCapacityJoulesPerKelvin: Double
    /// Thermal resistance from the internal node to the skin (K/W).
    public var internalToSkinKelvinPerWatt: Double
    /// Heat capacity of the skin node (J/K).
    public var skinCapacityJoulesPerKelvin: Double
    /// Thermal resistance from the skin to ambient (K/W).
    public var skinToAmbientKelvinPerWatt: Double
    /// Where the skin's hottest spot (the part over the SoC, where a skin sensor sits) lies between the skin
    /// mean (0) and the internal node (1): the skin sensor reads `skin + w·(internal − skin)`. A weighted point
    /// can never read above the heat source or below the skin mean, whatever the ambient does.
    public var hotspotWeight: Double
    /// Limits the simulated internal sensor reports, as a real hwmon chip would.
    public var internalLimits: SensorLimits
    /// Limits the simulated skin (hotspot) sensor reports.
    public var skinLimits: SensorLimits
    /// Where the numbers come from; "derived" when they are not measured.
    public var source: String

    public init(
        internalCapacityJoulesPerKelvin: Double = 15,
        internalToSkinKelvinPerWatt: Double = 3,
        skinCapacityJoulesPerKelvin: Double = 150,
        skinToAmbientKelvinPerWatt: Double = 5,
        hotspotWeight: Double = 0.5,
        internalLimits: SensorLimits = .init(high: 85, critical: 100),
        skinLimits: SensorLimits = .init(high: 51, critical: 58),
        source: String = Self.derivedSource
    ) {
        self.internalCapacityJoulesPerKelvin = internalCapacityJoulesPerKelvin
        self.internalToSkinKelvinPerWatt = internalToSkinKelvinPerWatt
        self.skinCapacityJoulesPerKelvin = skinCapacityJoulesPerKelvin
        self.skinToAmbientKelvinPerWatt = skinToAmbientKelvinPerWatt
        self.hotspotWeight = hotspotWeight
        self.internalLimits = internalLimits
        self.skinLimits = skinLimits
        self.source = source
    }

    /// The derived defaults (see the type's documentation).
    public static let derivedDefaults = ThermalParameters()

    public static let derivedSource =
        "derived, not measured: reproduces the Pixel 6 config's 4 W ⇒ 51 °C skin hotspot at 25 °C ambient (AOSP thermal_info_config): skin mean 45 °C, internal 57 °C, hotspot halfway between"

    /// The internal node's own time constant R·C (s), ignoring the skin's capacity.
    public var internalTimeConstantSeconds: Double { internalCapacityJoulesPerKelvin * internalToSkinKelvinPerWatt }
    /// The skin node's own time constant R·C (s) against ambient.
    public var skinTimeConstantSeconds: Double { skinCapacityJoulesPerKelvin * skinToAmbientKelvinPerWatt }

    /// Checks that every constant is positive and finite, naming the first that is not.
    public func validate() throws(TemperError) {
        let named: [(String, Double)] = [
            ("internalCapacityJoulesPerKelvin", internalCapacityJoulesPerKelvin),
            ("internalToSkinKelvinPerWatt", internalToSkinKelvinPerWatt),
            ("skinCapacityJoulesPerKelvin", skinCapacityJoulesPerKelvin),
            ("skinToAmbientKelvinPerWatt", skinToAmbientKelvinPerWatt),
        ]
        for (name, value) in named where !(value.isFinite && value > 0) {
            throw TemperError(code: .invalidValue, message: "\(name) must be a positive number, found \(value)", path: "thermal.\(name)")
        }
        guard hotspotWeight.isFinite, (0...1).contains(hotspotWeight) else {
            throw TemperError(
                code: .invalidValue,
                message: "hotspotWeight must be in 0...1, found \(hotspotWeight)",
                path: "thermal.hotspotWeight"
            )
        }
    }
}

/// The limits a simulated sensor reports (°C). The classifier turns them into tier thresholds exactly as it does
/// for a real sensor: serious at `high`, critical at `critical − 5`, fair at `high − 10`.
public struct SensorLimits: Sendable, Hashable, Codable {
    public var high: Double?
    public var critical: Double?

    public init(high: Double? = nil, critical: Double? = nil) {
        self.high = high
        self.critical = critical
    }
}
