import TemperPatterns

extension DeviceProfile {
    /// Reads a profile from YAML text.
    ///
    /// Every number is written as `{value: 7.3, unit: mJ, source: "where it was published"}` or
    /// `{value: ..., derived: "how it was worked out"}`; a bare number, an unknown key, a unit that does not fit,
    /// or a value out of range is an error naming its key path and line:column.
    ///
    /// - Parameters:
    ///   - yaml: the file's text.
    ///   - file: names the file in errors.
    /// - Returns: the profile, with each number's source in ``provenance``.
    /// - Throws: the first problem found; when there are more, its message says how many
    ///   (``problems(yaml:file:)`` lists them all).
    public static func parse(yaml: String, file: String? = nil) throws(TemperError) -> DeviceProfile {
        let (profile, problems) = read(yaml: yaml, file: file)
        if var first = problems.first {
            if problems.count > 1 { first.message += " (and \(problems.count - 1) more problem\(problems.count == 2 ? "" : "s"))" }
            throw first
        }
        guard let profile else { throw TemperError(code: .invalidValue, message: "not a device profile", file: file) }
        return profile
    }

    /// Every problem in a profile file, for a checker that reports them all; empty when it reads cleanly.
    public static func problems(yaml: String, file: String? = nil) -> [TemperError] {
        read(yaml: yaml, file: file).problems
    }

    static let topLevelKeys: Set<String> = [
        "version", "name", "description", "battery", "haptics", "audio", "thermal", "charging", "primitives",
    ]
    static let batteryKeys: Set<String> = ["nominalVoltage", "capacity"]
    static let hapticKeys: Set<String> = [
        "actuatorClass", "actuators", "clickEnergy", "clickDuration", "continuousPower", "resonance", "qualityFactor", "lossRatio",
        "sharpnessLowFrequency", "sharpnessHighFrequency", "intensityExponent", "riseTime", "fallTime",
        "fullScaleDrive", "ratedDrive", "driverOutputLimit", "offResonanceDriveCap",
        "driverActive", "driverIdle", "driverStandby", "driverOff", "wakeUpTime", "activeTimeout", "standbyTimeout", "autosuspend",
    ]
    static let audioKeys: Set<String> = [
        "route", "path", "amplifierIdle", "amplifierFullScale", "standbyTail", "spatialExtra", "pathAlreadyOpen",
    ]
    static let thermalKeys: Set<String> = [
        "internalHeatCapacity", "internalToSkinResistance", "skinHeatCapacity", "skinToAmbientResistance",
        "hotspotWeight", "actuatorHeatWeight", "amplifierHeatWeight", "ambient", "baselineWorkload",
    ]

    private static func read(yaml: String, file: String?) -> (profile: DeviceProfile?, problems: [TemperError]) {
        let root: YAMLValue
        do { root = try YAMLValue.parse(yaml, file: file) } catch { return (nil, [error]) }
        guard case .mapping = root.node else {
            return (nil, [root.error(.invalidValue, "a device profile is a mapping with name, battery, haptics, audio and thermal")])
        }
        var reader = ProfileFigureReader()
        reader.problems.record(root.unknownKeys(allowed: topLevelKeys))
        if let version = root["version"] {
            reader.problems.attempt { () throws(TemperError) in
                let number = try version.int()
                guard number == 1 else {
                    throw version.error(.unsupportedVersion, "profile version \(number) is not supported (this build reads 1)")
                }
            }
        }
        let name = reader.problems.attempt { () throws(TemperError) -> String in
            let node = try root.require("name")
            let text = try node.string()
            guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw node.error(.invalidValue, "a profile name is letters, digits, '-' and '_', found '\(text)'")
            }
            return text
        }
        let description = reader.problems.attempt { () throws(TemperError) -> String in try root["description"]?.string() ?? "" }
        let battery = section("battery", of: root, keys: batteryKeys, reader: &reader).flatMap { readBattery($0, &reader) }
        if let battery { reader.volts = battery.nominalVolts }
        let haptics = section("haptics", of: root, keys: hapticKeys, reader: &reader).flatMap { readHaptics($0, &reader) }
        let audio = section("audio", of: root, keys: audioKeys, reader: &reader).flatMap { readAudio($0, &reader) }
        let thermal = section("thermal", of: root, keys: thermalKeys, reader: &reader).flatMap { readThermal($0, &reader) }
        let charging =
            root["charging"] == nil
            ? ChargeDerating.jeita
            : section("charging", of: root, keys: chargingKeys, reader: &reader).flatMap { readCharging($0, &reader) }
        let primitives =
            root["primitives"] == nil
            ? [:]
            : section("primitives", of: root, keys: Set(AndroidPrimitive.allCases.map(\.rawValue)), reader: &reader)
                .map { readPrimitives($0, &reader) } ?? [:]

        let problems = reader.problems.errors
        guard problems.isEmpty, let name, let battery, let haptics, let audio, let thermal, let charging else { return (nil, problems) }
        let profile = DeviceProfile(
            name: name,
            description: description ?? "",
            battery: battery,
            haptics: haptics,
            audio: audio,
            thermal: thermal,
            charging: charging,
            provenance: reader.provenance,
            primitives: primitives
        )
        return (profile, [])
    }

    private static func section(_ key: String, of root: YAMLValue, keys: Set<String>, reader: inout ProfileFigureReader) -> YAMLValue? {
        reader.problems.attempt { () throws(TemperError) -> YAMLValue in
            let value = try root.require(key)
            guard case .mapping = value.node else { throw value.error(.invalidValue, "expected a mapping of figures") }
            return value
        }.map { value in
            reader.problems.record(value.unknownKeys(allowed: keys))
            return value
        }
    }

    private static func readBattery(_ node: YAMLValue, _ reader: inout ProfileFigureReader) -> BatteryFigures? {
        let volts = reader.figure("nominalVoltage", in: node, .voltage, range: 0.5...60)
        let capacity = reader.figure("capacity", in: node, .charge, range: ProfileFigureReader.positive)
        guard let volts, let capacity else { return nil }
        return BatteryFigures(nominalVolts: volts, capacityMilliampHours: capacity)
    }

    private static func readHaptics(_ node: YAMLValue, _ reader: inout ProfileFigureReader) -> HapticActuatorFigures? {
        let positive = ProfileFigureReader.positive
        let count = reader.figure("actuators", in: node, .count, range: 1...16)
        if let count, count.rounded() != count {
            reader.problems.record(node["actuators"]!.error(.invalidValue, "an actuator count is a whole number, found \(count)"))
        }
        let click = reader.figure("clickEnergy", in: node, .energy)
        let clickSeconds = reader.figure("clickDuration", in: node, .time, range: positive)
        let continuous = reader.figure("continuousPower", in: node, .power)
        let resonance = reader.figure("resonance", in: node, .frequency, range: positive)
        let quality = reader.figure("qualityFactor", in: node, .ratio)
        let loss = reader.figure("lossRatio", in: node, .ratio)
        let low = reader.figure("sharpnessLowFrequency", in: node, .frequency, range: positive)
        let high = reader.figure("sharpnessHighFrequency", in: node, .frequency, range: positive)
        if let low, let high, high < low {
            reader.problems.record(
                node["sharpnessHighFrequency"]!.error(
                    .invalidValue,
                    "sharpnessHighFrequency (\(high) Hz) is below sharpnessLowFrequency (\(low) Hz)"
                )
            )
        }
        let gamma = reader.figure("intensityExponent", in: node, .ratio, range: 0.5...4)
        let rise = reader.figure("riseTime", in: node, .time, range: 0...10)
        let fall = reader.figure("fallTime", in: node, .time, range: 0...10)
        let driver = readDriver(node, &reader)
        // A word, not a number: which of a pattern's controls the actuator plays (LRA when not given).
        let actuatorClass = reader.problems.attempt { () throws(TemperError) -> ActuatorClass in
            try node["actuatorClass"]?.oneOf(ActuatorClass.self) ?? .lra
        }
        guard let actuatorClass, let count, let click, let clickSeconds, let continuous, let resonance, let quality, let loss, let low,
            let high,
            let gamma, let rise, let fall, let driver
        else { return nil }
        return HapticActuatorFigures(
            actuatorCount: Int(count),
            clickEnergyMillijoules: click,
            clickSeconds: clickSeconds,
            continuousMilliwatts: continuous,
            resonanceHertz: resonance,
            qualityFactor: quality,
            lossRatio: loss,
            sharpnessLowHertz: low,
            sharpnessHighHertz: high,
            intensityExponent: gamma,
            riseSeconds: rise,
            fallSeconds: fall,
            driver: driver,
            actuatorClass: actuatorClass
        )
    }

    /// The driver's limits and power states, written in the haptics section.
    private static func readDriver(_ node: YAMLValue, _ reader: inout ProfileFigureReader) -> HapticDriverFigures? {
        let drive: ClosedRange<Double> = 0.01...100
        let fullScale = reader.figure("fullScaleDrive", in: node, .voltage, range: drive)
        let rated = reader.figure("ratedDrive", in: node, .voltage, range: drive)
        let output = reader.figure("driverOutputLimit", in: node, .voltage, range: drive)
        let cap = reader.figure("offResonanceDriveCap", in: node, .ratio, range: 1...100)
        if let fullScale, let rated, let output, min(rated, output) < fullScale {
            reader.problems.record(
                node["fullScaleDrive"]!.error(
                    .invalidValue,
                    "fullScaleDrive (\(fullScale) V) is above ratedDrive or driverOutputLimit: full scale must be playable"
                )
            )
        }
        let active = reader.figure("driverActive", in: node, .power)
        let idle = reader.figure("driverIdle", in: node, .power)
        let standby = reader.figure("driverStandby", in: node, .power)
        let off = reader.figure("driverOff", in: node, .power)
        let wakeUp = reader.figure("wakeUpTime", in: node, .time, range: 0...10)
        let activeTimeout = reader.figure("activeTimeout", in: node, .time, range: 0...3600)
        let standbyTimeout = reader.figure("standbyTimeout", in: node, .time, range: 0...3600)
        let autosuspend = reader.figure("autosuspend", in: node, .time, range: 0...3600)
        guard let fullScale, let rated, let output, let cap, let active, let idle, let standby, let off, let wakeUp,
            let activeTimeout, let standbyTimeout, let autosuspend
        else { return nil }
        return HapticDriverFigures(
            fullScaleDriveVolts: fullScale,
            ratedDriveVolts: rated,
            outputLimitVolts: output,
            offResonanceDriveCap: cap,
            activeMilliwatts: active,
            idleMilliwatts: idle,
            standbyMilliwatts: standby,
            offMilliwatts: off,
            wakeUpSeconds: wakeUp,
            activeTimeoutSeconds: activeTimeout,
            standbyTimeoutSeconds: standbyTimeout,
            autosuspendSeconds: autosuspend
        )
    }

    private static func readAudio(_ node: YAMLValue, _ reader: inout ProfileFigureReader) -> AudioFigures? {
        let route = reader.problems.attempt { () throws(TemperError) -> AudioRoute in try node.require("route").oneOf(AudioRoute.self) }
        let path = reader.figure("path", in: node, .power)
        let idle = reader.figure("amplifierIdle", in: node, .power)
        let full = reader.figure("amplifierFullScale", in: node, .power)
        if let idle, let full, full < idle {
            reader.problems.record(
                node["amplifierFullScale"]!.error(
                    .invalidValue,
                    "amplifierFullScale (\(full) mW) is below amplifierIdle (\(idle) mW)"
                )
            )
        }
        let tail = reader.figure("standbyTail", in: node, .time, range: 0...3600)
        let spatial = reader.figure("spatialExtra", in: node, .ratio, range: 0...10)
        // A yes or no, not a figure: whether other playback keeps the path open (false when not given).
        let alreadyOpen = reader.problems.attempt { () throws(TemperError) -> Bool in try node["pathAlreadyOpen"]?.bool() ?? false }
        guard let route, let path, let idle, let full, let tail, let spatial, let alreadyOpen else { return nil }
        return AudioFigures(
            route: route,
            pathMilliwatts: path,
            amplifierIdleMilliwatts: idle,
            amplifierFullScaleMilliwatts: full,
            standbyTailSeconds: tail,
            spatialExtraFraction: spatial,
            pathAlreadyOpen: alreadyOpen
        )
    }

    /// `primitives: {click: {duration: {value: 20, unit: ms, source: …}, drive: {value: 1, derived: …}}, …}`:
    /// each listed primitive needs both; the ones not listed play as ``PrimitiveFigures/standard(_:)``.
    private static func readPrimitives(_ node: YAMLValue, _ reader: inout ProfileFigureReader) -> [AndroidPrimitive: PrimitiveFigures] {
        var table: [AndroidPrimitive: PrimitiveFigures] = [:]
        for primitive in AndroidPrimitive.allCases {
            guard let entry = node[primitive.rawValue] else { continue }
            guard case .mapping = entry.node else {
                reader.problems.record(entry.error(.invalidValue, "expected {duration: …, drive: …}"))
                continue
            }
            reader.problems.record(entry.unknownKeys(allowed: ["duration", "drive"]))
            let seconds = reader.figure("duration", in: entry, .time, range: 0.001...10)
            let drive = reader.figure("drive", in: entry, .ratio, range: 0.01...1)
            if let seconds, let drive { table[primitive] = PrimitiveFigures(seconds: seconds, drive: drive) }
        }
        return table
    }

    private static func readThermal(_ node: YAMLValue, _ reader: inout ProfileFigureReader) -> ThermalFigures? {
        let positive = ProfileFigureReader.positive
        let internalCapacity = reader.figure("internalHeatCapacity", in: node, .heatCapacity, range: positive)
        let internalToSkin = reader.figure("internalToSkinResistance", in: node, .thermalResistance, range: positive)
        let skinCapacity = reader.figure("skinHeatCapacity", in: node, .heatCapacity, range: positive)
        let skinToAmbient = reader.figure("skinToAmbientResistance", in: node, .thermalResistance, range: positive)
        let hotspot = reader.figure("hotspotWeight", in: node, .ratio, range: 0...1)
        // Optional: a profile written before feedback heat had a place of its own puts it all in the internal node.
        let actuator = node["actuatorHeatWeight"] == nil ? 1 : reader.figure("actuatorHeatWeight", in: node, .ratio, range: 0...1)
        let amplifier = node["amplifierHeatWeight"] == nil ? 1 : reader.figure("amplifierHeatWeight", in: node, .ratio, range: 0...1)
        let ambient = reader.figure("ambient", in: node, .temperature, range: -40...60)
        let baseline = reader.figure("baselineWorkload", in: node, .wattage, range: 0...100)
        guard let internalCapacity, let internalToSkin, let skinCapacity, let skinToAmbient, let hotspot, let actuator, let amplifier,
            let ambient, let baseline
        else { return nil }
        return ThermalFigures(
            internalHeatCapacityJoulesPerKelvin: internalCapacity,
            internalToSkinKelvinPerWatt: internalToSkin,
            skinHeatCapacityJoulesPerKelvin: skinCapacity,
            skinToAmbientKelvinPerWatt: skinToAmbient,
            hotspotWeight: hotspot,
            actuatorHeatWeight: actuator,
            amplifierHeatWeight: amplifier,
            defaultAmbientCelsius: ambient,
            baselineWorkloadWatts: baseline
        )
    }
}
