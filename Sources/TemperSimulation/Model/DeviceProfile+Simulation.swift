public import TemperCore

extension ThermalParameters {
    /// The device profile's thermal section. The profile gives no sensor limits, so the simulated sensors keep
    /// `limits`' (by default: skin serious at the Pixel 6 SEVERE 51 °C, internal like a typical SoC).
    public init(profile: DeviceProfile, limits: ThermalParameters = .derivedDefaults) {
        let thermal = profile.thermal
        let modelKeys = [
            "internalHeatCapacity", "internalToSkinResistance", "skinHeatCapacity", "skinToAmbientResistance", "hotspotWeight",
        ]
        let kinds = modelKeys.compactMap { profile.provenance["thermal.\($0)"]?.kind }
        let note: String
        if !kinds.isEmpty, kinds.allSatisfy({ $0 == .fitted }) {
            note = " (fitted to measurements: \(profile.provenance["thermal.internalHeatCapacity"]?.text ?? "temper calibrate thermal"))"
        } else if kinds.isEmpty || kinds.contains(.derived) {
            note = " (derived, not measured: a two-node fit to the Pixel 6 config's 4 W ⇒ 51 °C budget)"
        } else {
            note = ""
        }
        self.init(
            internalCapacityJoulesPerKelvin: thermal.internalHeatCapacityJoulesPerKelvin,
            internalToSkinKelvinPerWatt: thermal.internalToSkinKelvinPerWatt,
            skinCapacityJoulesPerKelvin: thermal.skinHeatCapacityJoulesPerKelvin,
            skinToAmbientKelvinPerWatt: thermal.skinToAmbientKelvinPerWatt,
            hotspotWeight: thermal.hotspotWeight,
            internalLimits: limits.internalLimits,
            skinLimits: limits.skinLimits,
            source: "device profile '\(profile.name)'" + note
        )
    }
}

extension BatteryParameters {
    /// The device profile's battery.
    public init(profile: DeviceProfile) {
        self.init(
            capacityMilliampHours: profile.battery.capacityMilliampHours,
            nominalVolts: profile.battery.nominalVolts,
            source: "device profile '\(profile.name)'"
        )
    }
}
