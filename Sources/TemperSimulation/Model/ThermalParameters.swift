public import TemperCore

/// The two-node lumped thermal model's constants: an internal node (the SoC and the actuator's surroundings)
/// coupled through a resistance to the skin node, which sheds heat to ambient.
///
/// The defaults are the phone profile's, **not measured**. One published point, a Pixel 6 thermal configuration in
/// which a sustained 4 W puts the skin hotspot at 51 °C (SEVERE) in a 25 °C room, fixes only the steady-state sum
/// `R_skin→ambient + w·R_internal→skin` = 6.5 K/W. The split of that sum (R_skin→ambient 5 K/W, w 0.5) and the
/// internal node's heat capacity are assumed; the skin node's heat capacity is derived from a phone's mass and
/// specific heat. `Policies/devices/phone.yaml` gives each figure's source or reasoning, and a simulation shows how
/// its headline moves when an assumed figure moves (``Simulator/sensitivity(_:of:policyName:step:governing:)``).
/// A device profile's `thermal` section replaces them.
///
/// The skin sensor's limits, high 51 °C and critical 58 °C, are derived from the same Pixel 6 configuration: the
/// classifier enters serious at `high` (SEVERE, 51 °C) and critical at `critical − 5` (CRITICAL, 53 °C).
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
    /// Where feedback heat enters the model, between the skin node (0) and the internal node (1): the haptic
    /// actuator's (its drive and driver) and a sound's (the audio path and the speaker amplifier). Neither sits at
    /// the SoC, which the internal node stands for; 1 puts the heat there, as the workload's.
    public var actuatorHeatWeight: Double = 1
    public var amplifierHeatWeight: Double = 1
    /// Limits the simulated internal sensor reports, as a real hwmon chip would.
    public var internalLimits: SensorLimits
    /// Limits the simulated skin (hotspot) sensor reports.
    public var skinLimits: SensorLimits
    /// Where the numbers come from; "derived" when they are not measured.
    public var source: String
    /// The figures the profile marks `assumed:` (no published figure fixes them), for a sensitivity analysis.
    public var assumed: [ThermalFigure] = []

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
        "not measured: reproduces the Pixel 6 config's 4 W ⇒ 51 °C skin hotspot at 25 °C ambient (AOSP thermal_info_config), which fixes only R skin→air + w·R internal→skin = 6.5 K/W; the split (R skin→air 5 K/W, w 0.5) and C internal 15 J/K are assumed, C skin 150 J/K is derived from a phone's mass and specific heat"

    /// The same constants with `figure` multiplied by `scale` (a hotspot weight is held within 0...1).
    public func scaling(_ figure: ThermalFigure, by scale: Double) -> ThermalParameters {
        var copy = self
        switch figure {
        case .internalHeatCapacity: copy.internalCapacityJoulesPerKelvin *= scale
        case .internalToSkinResistance: copy.internalToSkinKelvinPerWatt *= scale
        case .skinHeatCapacity: copy.skinCapacityJoulesPerKelvin *= scale
        case .skinToAmbientResistance: copy.skinToAmbientKelvinPerWatt *= scale
        case .hotspotWeight: copy.hotspotWeight = min(1, max(0, hotspotWeight * scale))
        case .actuatorHeatWeight: copy.actuatorHeatWeight = min(1, max(0, actuatorHeatWeight * scale))
        case .amplifierHeatWeight: copy.amplifierHeatWeight = min(1, max(0, amplifierHeatWeight * scale))
        }
        return copy
    }

    /// The value of `figure` in its unit.
    public func value(of figure: ThermalFigure) -> Double {
        switch figure {
        case .internalHeatCapacity: internalCapacityJoulesPerKelvin
        case .internalToSkinResistance: internalToSkinKelvinPerWatt
        case .skinHeatCapacity: skinCapacityJoulesPerKelvin
        case .skinToAmbientResistance: skinToAmbientKelvinPerWatt
        case .hotspotWeight: hotspotWeight
        case .actuatorHeatWeight: actuatorHeatWeight
        case .amplifierHeatWeight: amplifierHeatWeight
        }
    }

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
        for (name, weight) in [
            ("hotspotWeight", hotspotWeight), ("actuatorHeatWeight", actuatorHeatWeight), ("amplifierHeatWeight", amplifierHeatWeight),
        ]
        where !(weight.isFinite && (0...1).contains(weight)) {
            throw TemperError(code: .invalidValue, message: "\(name) must be in 0...1, found \(weight)", path: "thermal.\(name)")
        }
    }
}

/// One constant of the two-node model, named by its key in a device profile's `thermal:` section.
public enum ThermalFigure: String, Sendable, Hashable, Codable, CaseIterable {
    case internalHeatCapacity, internalToSkinResistance, skinHeatCapacity, skinToAmbientResistance, hotspotWeight
    case actuatorHeatWeight, amplifierHeatWeight

    /// The figures a thermal calibration fits; the rest place feedback heat, which traces of the device's own
    /// power cannot tell apart.
    public static let network: [ThermalFigure] = [
        .internalHeatCapacity, .internalToSkinResistance, .skinHeatCapacity, .skinToAmbientResistance, .hotspotWeight,
    ]

    /// The unit the model computes it in; empty for the weight.
    public var unit: String {
        switch self {
        case .internalHeatCapacity, .skinHeatCapacity: "J/K"
        case .internalToSkinResistance, .skinToAmbientResistance: "K/W"
        case .hotspotWeight, .actuatorHeatWeight, .amplifierHeatWeight: ""
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
