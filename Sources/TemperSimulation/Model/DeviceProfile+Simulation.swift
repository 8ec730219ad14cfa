public import TemperCore

extension ThermalParameters {
    /// The device profile's thermal section. The profile gives no sensor limits, so the simulated sensors keep
    /// `limits`' (by default: skin serious at the Pixel 6 SEVERE 51 °C, internal like a typical SoC).
    public init(profile: DeviceProfile, limits: ThermalParameters = .derivedDefaults) {
        let thermal = profile.thermal
        // The note is about the network's figures, which a calibration fits; the feedback heat's placement is
        // assumed even in a calibrated profile, and listed in `assumed` for the sensitivity run.
        let kinds = ThermalFigure.network.compactMap { profile.provenance["thermal.\($0.rawValue)"]?.kind }
        let assumed = ThermalFigure.allCases.filter { profile.provenance["thermal.\($0.rawValue)"]?.kind == .assumed }
        let note: String
        if !kinds.isEmpty, kinds.allSatisfy({ $0 == .fitted }) {
            note = " (fitted to measurements: \(profile.provenance["thermal.internalHeatCapacity"]?.text ?? "temper calibrate thermal"))"
        } else if kinds.isEmpty {
            note = " (" + ThermalParameters.derivedSource + ")"
        } else if !assumed.isEmpty {
            note = " (not measured; assumed: " + assumed.map(\.rawValue).joined(separator: ", ") + ")"
        } else {
            note = kinds.contains(.fitted) ? "" : " (not measured)"
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
        actuatorHeatWeight = thermal.actuatorHeatWeight
        amplifierHeatWeight = thermal.amplifierHeatWeight
        self.assumed = assumed
    }
}

extension BatteryParameters {
    /// The device profile's battery.
    public init(profile: DeviceProfile) {
        self.init(
            capacityMilliampHours: profile.battery.capacityMilliampHours,
            nominalVolts: profile.battery.nominalVolts,
            charging: profile.charging,
            source: "device profile '\(profile.name)'"
        )
    }
}
