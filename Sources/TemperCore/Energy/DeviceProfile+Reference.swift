import TemperPatterns

extension DeviceProfile {
    /// The figures of `Policies/devices/phone.yaml`, for code that needs a profile without reading files
    /// (tests, a governor's default). The file is the truth and names each number's source; a test keeps the
    /// two equal.
    public static let referencePhone = DeviceProfile(
        name: "phone",
        description: "Phone with one LRA (f0 145 Hz) and a loudspeaker behind a smart amplifier.",
        battery: BatteryFigures(nominalVolts: 3.7, capacityMilliampHours: 4355),
        haptics: HapticActuatorFigures(
            actuatorCount: 1,
            clickEnergyMillijoules: 2.1,
            clickSeconds: 0.012,
            continuousMilliwatts: 45.6,
            resonanceHertz: 145,
            qualityFactor: 15.5,
            lossRatio: 0.66,
            sharpnessLowHertz: 120,
            sharpnessHighHertz: 170,
            intensityExponent: 2,
            riseSeconds: 0.034,
            fallSeconds: 0.034,
            driver: HapticDriverFigures(
                fullScaleDriveVolts: 0.778,
                ratedDriveVolts: 3.48,
                outputLimitVolts: 7.78,
                offResonanceDriveCap: 4.47,
                activeMilliwatts: 3.5 * 3.7,
                idleMilliwatts: 0.65 * 3.7,
                standbyMilliwatts: 0.007 * 3.7,
                offMilliwatts: 0.0001 * 3.7,
                wakeUpSeconds: 0.006,
                activeTimeoutSeconds: 0.25,
                standbyTimeoutSeconds: 0.1,
                autosuspendSeconds: 2
            )
        ),
        audio: AudioFigures(
            route: .speaker,
            pathMilliwatts: 75 * 3.7,
            amplifierIdleMilliwatts: 29,
            amplifierFullScaleMilliwatts: 500,
            standbyTailSeconds: 3,
            spatialExtraFraction: 0.10
        ),
        thermal: ThermalFigures(
            internalHeatCapacityJoulesPerKelvin: 15,
            internalToSkinKelvinPerWatt: 3,
            skinHeatCapacityJoulesPerKelvin: 150,
            skinToAmbientKelvinPerWatt: 5,
            hotspotWeight: 0.5,
            actuatorHeatWeight: 0.25,
            amplifierHeatWeight: 0.5,
            defaultAmbientCelsius: 25,
            baselineWorkloadWatts: 2
        ),
        provenance: ["*": FigureProvenance(.derived, "copied from Policies/devices/phone.yaml, which names every source")],
        primitives: [
            .click: PrimitiveFigures(seconds: 0.012, drive: 1), .tick: PrimitiveFigures(seconds: 0.005, drive: 0.42),
            .lowTick: PrimitiveFigures(seconds: 0.012, drive: 1), .thud: PrimitiveFigures(seconds: 0.300, drive: 1),
            .spin: PrimitiveFigures(seconds: 0.130, drive: 1), .quickRise: PrimitiveFigures(seconds: 0.150, drive: 0.5),
            .slowRise: PrimitiveFigures(seconds: 0.500, drive: 0.5), .quickFall: PrimitiveFigures(seconds: 0.100, drive: 0.5),
        ]
    )
}
