public import TemperPatterns

/// What a device's battery, haptic actuator, audio path and body are like: the figures the energy estimator
/// and the thermal simulator compute with.
///
/// Profiles are YAML files (`Policies/devices/*.yaml`) in which every number names its source, or says how it
/// was derived; ``provenance`` keeps that text by key path. Read one with ``parse(yaml:file:)``.
public struct DeviceProfile: Sendable, Hashable, Codable {
    /// The name a command line refers to it by, e.g. `phone`.
    public var name: String
    public var description: String
    public var battery: BatteryFigures
    public var haptics: HapticActuatorFigures
    public var audio: AudioFigures
    public var thermal: ThermalFigures
    /// How the cell's charging derates with its temperature; ``ChargeDerating/jeita`` when the file has no
    /// `charging:` section.
    public var charging: ChargeDerating
    /// Where each number came from, keyed by its key path in the file (e.g. `haptics.clickEnergy`).
    public var provenance: [String: FigureProvenance]
    /// Android composition primitives as this device plays them; empty when the profile gives no table (each then
    /// plays as ``PrimitiveFigures/standard(_:)``).
    public var primitives: [AndroidPrimitive: PrimitiveFigures]

    public init(
        name: String,
        description: String = "",
        battery: BatteryFigures,
        haptics: HapticActuatorFigures,
        audio: AudioFigures,
        thermal: ThermalFigures,
        charging: ChargeDerating = .jeita,
        provenance: [String: FigureProvenance] = [:],
        primitives: [AndroidPrimitive: PrimitiveFigures] = [:]
    ) {
        self.name = name
        self.description = description
        self.battery = battery
        self.haptics = haptics
        self.audio = audio
        self.thermal = thermal
        self.charging = charging
        self.provenance = provenance
        self.primitives = primitives
    }
}

/// Where one number in a profile came from.
public struct FigureProvenance: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A published figure (a datasheet, an application note, a platform's source).
        case source
        /// Worked out from published figures; the text says from which and how.
        case derived
        /// Chosen without a published figure to fix it; the text gives the reasoning. A simulation shows how its
        /// headline moves when an assumed thermal figure moves.
        case assumed
        /// Fitted to measurements (`temper calibrate`); the text names them, the 95 % interval and the fit's RMSE.
        case fitted
    }

    public var kind: Kind
    public var text: String

    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }

    public var description: String { "\(kind.rawValue): \(text)" }
}

/// The battery the energy is drawn from.
public struct BatteryFigures: Sendable, Hashable, Codable {
    /// Nominal voltage, at which charge (µAh, mA) and energy (mJ, mW) convert.
    public var nominalVolts: Double
    public var capacityMilliampHours: Double

    public init(nominalVolts: Double, capacityMilliampHours: Double) {
        self.nominalVolts = nominalVolts
        self.capacityMilliampHours = capacityMilliampHours
    }

    /// Microamp-hours drawn at the nominal voltage for `millijoules` of energy (1 µAh = 3.6 mJ per volt).
    public func microampHours(millijoules: Double) -> Double {
        millijoules / (3.6 * nominalVolts)
    }

    /// Milliwatts drawn by a current of `milliamps` at the nominal voltage.
    public func milliwatts(milliamps: Double) -> Double { milliamps * nominalVolts }
}

/// The haptic actuators and their driver. Energies and powers are per actuator, full scale, supply side.
public struct HapticActuatorFigures: Sendable, Hashable, Codable {
    /// How many actuators play every effect (a gamepad's two motors).
    public var actuatorCount: Int
    /// Supply energy of one full-scale click at resonance.
    public var clickEnergyMillijoules: Double
    /// How long one click drives the actuator (spreads a transient's energy in the power series).
    public var clickSeconds: Double
    /// Supply power of a continuous full-scale vibration at resonance.
    public var continuousMilliwatts: Double
    /// Mechanical resonance f0.
    public var resonanceHertz: Double
    /// Mechanical quality factor Q of the resonator.
    public var qualityFactor: Double
    /// Motional-to-coil resistance ratio, r in the off-resonance factor.
    public var lossRatio: Double
    /// Drive frequency at sharpness 0; sharpness maps linearly onto `lowHertz...highHertz`.
    public var sharpnessLowHertz: Double
    /// Drive frequency at sharpness 1.
    public var sharpnessHighHertz: Double
    /// γ: supply power grows as intensity^γ (2 when drive voltage is linear in intensity).
    public var intensityExponent: Double
    /// Time the mass takes to ring up; the driver overdrives it for about half of this.
    public var riseSeconds: Double
    /// Time the mass takes to ring down; the driver brakes it for about half of this.
    public var fallSeconds: Double
    /// The driver IC: its drive limits and its power states.
    public var driver: HapticDriverFigures
    /// What the actuator can play: frequency control (an LRA), amplitude only, on/off, or a gamepad's two ERMs.
    public var actuatorClass: ActuatorClass

    public init(
        actuatorCount: Int = 1,
        clickEnergyMillijoules: Double,
        clickSeconds: Double,
        continuousMilliwatts: Double,
        resonanceHertz: Double,
        qualityFactor: Double,
        lossRatio: Double,
        sharpnessLowHertz: Double,
        sharpnessHighHertz: Double,
        intensityExponent: Double = 2,
        riseSeconds: Double,
        fallSeconds: Double,
        driver: HapticDriverFigures,
        actuatorClass: ActuatorClass = .lra
    ) {
        self.actuatorClass = actuatorClass
        self.actuatorCount = actuatorCount
        self.clickEnergyMillijoules = clickEnergyMillijoules
        self.clickSeconds = clickSeconds
        self.continuousMilliwatts = continuousMilliwatts
        self.resonanceHertz = resonanceHertz
        self.qualityFactor = qualityFactor
        self.lossRatio = lossRatio
        self.sharpnessLowHertz = sharpnessLowHertz
        self.sharpnessHighHertz = sharpnessHighHertz
        self.intensityExponent = intensityExponent
        self.riseSeconds = riseSeconds
        self.fallSeconds = fallSeconds
        self.driver = driver
    }
}

/// What kind of actuator a device has, which decides what of a pattern it can actually play.
///
/// A pattern's energy on an actuator that cannot play all of it is the energy of what it does play: a frequency
/// or sharpness on an amplitude-only, on/off or ERM actuator is ignored (it runs at its one rate), an on/off
/// actuator runs at full scale whenever it is asked for anything, and a gamepad's two ERMs each play their own
/// motor track.
public enum ActuatorClass: String, Sendable, Hashable, Codable, CaseIterable {
    /// A linear resonant actuator (or voice coil) whose drive frequency the platform sets: AHAP sharpness,
    /// `.haptic` frequency and Android envelopes in Hz all play.
    case lra
    /// Amplitude control only (Android devices without `hasFrequencyControl`): every frequency plays at resonance.
    case amplitudeOnly = "amplitude-only"
    /// On or off (Android devices without `hasAmplitudeControl`, a plain vibration motor): any amplitude above 0
    /// plays full scale, at its one rate.
    case onOff = "on-off"
    /// Two eccentric rotating masses, a strong (low-frequency) and a weak (high-frequency) one, as SDL, the Web
    /// Gamepad API and Linux `ff_rumble_effect` drive them: amplitude only, one track per motor.
    case dualERM = "dual-erm"

    /// Whether the actuator plays the frequency or sharpness a pattern asks for.
    public var hasFrequencyControl: Bool { self == .lra }
    /// Whether it plays amplitudes between off and full scale.
    public var hasAmplitudeControl: Bool { self != .onOff }
}

/// Where sound comes out, which decides how spatial audio is rendered (HRTF on headphones, panning on speakers).
public enum AudioRoute: String, Sendable, Hashable, Codable, CaseIterable {
    case speaker
    case headphones
}

/// The audio path: what playing a sound costs.
///
/// The path's fixed cost (``pathMilliwatts`` while sounds play, ``amplifierIdleMilliwatts`` through gaps and the
/// standby tail) is paid once while it is open, by the sounds that keep it open; each sound adds its own
/// volume-dependent part. When other playback holds the path open (``pathAlreadyOpen``), a sound pays only its own
/// part.
public struct AudioFigures: Sendable, Hashable, Codable {
    public var route: AudioRoute
    /// The whole path (DSP, mixer, codec, the amplifier's idle bias) while a sound plays, whatever its volume.
    public var pathMilliwatts: Double
    /// The amplifier while powered but silent: the open path between sounds and through the standby tail.
    public var amplifierIdleMilliwatts: Double
    /// The amplifier at full volume; above idle it grows with volume squared.
    public var amplifierFullScaleMilliwatts: Double
    /// How long the output stays open after the last sound; sounds closer than this share one opening.
    public var standbyTailSeconds: Double
    /// Extra cost of spatial (HRTF) rendering over 2D while a sound is rendered, as a fraction of ``pathMilliwatts``.
    public var spatialExtraFraction: Double
    /// Whether other playback (music, a game's soundtrack) keeps the path open anyway, so feedback sounds pay only
    /// their own part.
    public var pathAlreadyOpen: Bool

    public init(
        route: AudioRoute,
        pathMilliwatts: Double,
        amplifierIdleMilliwatts: Double,
        amplifierFullScaleMilliwatts: Double,
        standbyTailSeconds: Double,
        spatialExtraFraction: Double,
        pathAlreadyOpen: Bool = false
    ) {
        self.route = route
        self.pathMilliwatts = pathMilliwatts
        self.amplifierIdleMilliwatts = amplifierIdleMilliwatts
        self.amplifierFullScaleMilliwatts = amplifierFullScaleMilliwatts
        self.standbyTailSeconds = standbyTailSeconds
        self.spatialExtraFraction = spatialExtraFraction
        self.pathAlreadyOpen = pathAlreadyOpen
    }
}

/// The two-node lumped thermal model (internal node → skin node → ambient) the simulator runs.
public struct ThermalFigures: Sendable, Hashable, Codable {
    /// C_internal: heat capacity of the SoC, board and battery node.
    public var internalHeatCapacityJoulesPerKelvin: Double
    /// R_internal→skin.
    public var internalToSkinKelvinPerWatt: Double
    /// C_skin: heat capacity of the case.
    public var skinHeatCapacityJoulesPerKelvin: Double
    /// R_skin→ambient.
    public var skinToAmbientKelvinPerWatt: Double
    /// Where the skin's hottest spot sits between the skin mean (0) and the internal node (1): it reads
    /// `skin + w·(internal − skin)`, so it can never be hotter than the heat source or cooler than the skin.
    public var hotspotWeight: Double
    /// Where the haptic actuator's heat (its drive and its driver) enters, between the skin node (0) and the
    /// internal node (1): an actuator fixed to the frame far from the SoC heats the case more than the SoC's node.
    /// 1, all of it into the internal node, for a profile that does not say.
    public var actuatorHeatWeight: Double = 1
    /// Where a sound's heat (the audio path and the speaker amplifier) enters, between the skin node (0) and the
    /// internal node (1); 1 for a profile that does not say.
    public var amplifierHeatWeight: Double = 1
    public var defaultAmbientCelsius: Double
    /// Heat from everything but feedback (SoC, display, radios) in a typical session.
    public var baselineWorkloadWatts: Double

    public init(
        internalHeatCapacityJoulesPerKelvin: Double,
        internalToSkinKelvinPerWatt: Double,
        skinHeatCapacityJoulesPerKelvin: Double,
        skinToAmbientKelvinPerWatt: Double,
        hotspotWeight: Double,
        actuatorHeatWeight: Double = 1,
        amplifierHeatWeight: Double = 1,
        defaultAmbientCelsius: Double,
        baselineWorkloadWatts: Double
    ) {
        self.internalHeatCapacityJoulesPerKelvin = internalHeatCapacityJoulesPerKelvin
        self.internalToSkinKelvinPerWatt = internalToSkinKelvinPerWatt
        self.skinHeatCapacityJoulesPerKelvin = skinHeatCapacityJoulesPerKelvin
        self.skinToAmbientKelvinPerWatt = skinToAmbientKelvinPerWatt
        self.hotspotWeight = hotspotWeight
        self.actuatorHeatWeight = actuatorHeatWeight
        self.amplifierHeatWeight = amplifierHeatWeight
        self.defaultAmbientCelsius = defaultAmbientCelsius
        self.baselineWorkloadWatts = baselineWorkloadWatts
    }
}
