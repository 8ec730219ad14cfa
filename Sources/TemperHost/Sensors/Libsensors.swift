@preconcurrency import CSensors
import Glibc

/// The one thin, typed layer over libsensors' C API. Every C call Temper makes goes through here, every return
/// code becomes a ``LibsensorsError`` here, and no C struct (`.pointee`) or C constant (`SENSORS_*`) leaves this
/// file: callers see ``Chip``, ``Feature`` and ``Subfeature`` with Swift kinds. Not thread-safe, like libsensors
/// itself: only ``SensorsLibraryOwner`` calls it, under its lock.
enum Libsensors {
    /// A detected chip; valid until ``cleanup()``.
    struct Chip {
        fileprivate let pointer: UnsafePointer<sensors_chip_name>
    }

    /// A chip's feature (`temp1`, `power1`, …) and what it measures.
    struct Feature {
        enum Kind: Sendable, Hashable { case temperature, power, energy, fan, voltage, current, other }
        fileprivate let pointer: UnsafePointer<sensors_feature>
        let kind: Kind
    }

    /// One readable value of a feature, by the number ``value(of:on:)`` takes.
    struct Subfeature {
        enum Kind: Sendable, Hashable {
            case temperatureInput, temperatureMax, temperatureMaxHysteresis, temperatureCritical
            case temperatureCriticalHysteresis, temperatureEmergency, temperatureEmergencyHysteresis
            case temperatureFault, temperatureAlarm, powerInput, powerAverage, energyInput
            case fanInput, fanMin, fanMax, voltageInput, voltageMin, voltageMax, currentInput, currentMin, currentMax, other
        }

        let number: Int32
        let kind: Kind
        /// The sysfs attribute libsensors reads it from, in the chip's directory (`temp1_input`).
        let name: String
    }

    /// Wraps `sensors_init`: loads the configuration (the system's when `configPath` is nil) and detects chips.
    static func initialize(configPath: String?) throws(LibsensorsError) {
        guard let configPath else {
            let status = sensors_init(nil)
            if status != 0 { throw LibsensorsError(returnCode: status) }
            return
        }
        guard let file = fopen(configPath, "r") else { throw .unreadableConfiguration(configPath) }
        defer { fclose(file) }
        let status = sensors_init(file)
        if status != 0 { throw LibsensorsError(returnCode: status) }
    }

    /// Wraps `sensors_cleanup`: every chip, feature and subfeature is invalid afterwards.
    static func cleanup() {
        sensors_cleanup()
    }

    /// Wraps `sensors_get_detected_chips` with no match: every detected chip.
    static func detectedChips() -> [Chip] {
        var chips: [Chip] = []
        var index: Int32 = 0
        while let chip = sensors_get_detected_chips(nil, &index) {
            chips.append(Chip(pointer: chip))
        }
        return chips
    }

    /// Wraps `sensors_get_features`.
    static func features(of chip: Chip) -> [Feature] {
        var features: [Feature] = []
        var index: Int32 = 0
        while let feature = sensors_get_features(chip.pointer, &index) {
            let kind: Feature.Kind =
                switch feature.pointee.type {
                case SENSORS_FEATURE_TEMP: .temperature
                case SENSORS_FEATURE_POWER: .power
                case SENSORS_FEATURE_ENERGY: .energy
                case SENSORS_FEATURE_FAN: .fan
                case SENSORS_FEATURE_IN: .voltage
                case SENSORS_FEATURE_CURR: .current
                default: .other
                }
            features.append(Feature(pointer: feature, kind: kind))
        }
        return features
    }

    /// Wraps `sensors_get_all_subfeatures`.
    static func subfeatures(of chip: Chip, feature: Feature) -> [Subfeature] {
        var subfeatures: [Subfeature] = []
        var index: Int32 = 0
        while let subfeature = sensors_get_all_subfeatures(chip.pointer, feature.pointer, &index) {
            subfeatures.append(
                Subfeature(
                    number: subfeature.pointee.number,
                    kind: kind(of: subfeature.pointee.type),
                    name: String(cString: subfeature.pointee.name)
                )
            )
        }
        return subfeatures
    }

    private static func kind(of type: sensors_subfeature_type) -> Subfeature.Kind {
        switch type {
        case SENSORS_SUBFEATURE_TEMP_INPUT: .temperatureInput
        case SENSORS_SUBFEATURE_TEMP_MAX: .temperatureMax
        case SENSORS_SUBFEATURE_TEMP_MAX_HYST: .temperatureMaxHysteresis
        case SENSORS_SUBFEATURE_TEMP_CRIT: .temperatureCritical
        case SENSORS_SUBFEATURE_TEMP_CRIT_HYST: .temperatureCriticalHysteresis
        case SENSORS_SUBFEATURE_TEMP_EMERGENCY: .temperatureEmergency
        case SENSORS_SUBFEATURE_TEMP_EMERGENCY_HYST: .temperatureEmergencyHysteresis
        case SENSORS_SUBFEATURE_TEMP_FAULT: .temperatureFault
        case SENSORS_SUBFEATURE_TEMP_ALARM, SENSORS_SUBFEATURE_TEMP_MAX_ALARM, SENSORS_SUBFEATURE_TEMP_CRIT_ALARM,
            SENSORS_SUBFEATURE_TEMP_EMERGENCY_ALARM:
            .temperatureAlarm
        case SENSORS_SUBFEATURE_POWER_INPUT: .powerInput
        case SENSORS_SUBFEATURE_POWER_AVERAGE: .powerAverage
        case SENSORS_SUBFEATURE_ENERGY_INPUT: .energyInput
        case SENSORS_SUBFEATURE_FAN_INPUT: .fanInput
        case SENSORS_SUBFEATURE_FAN_MIN: .fanMin
        case SENSORS_SUBFEATURE_FAN_MAX: .fanMax
        case SENSORS_SUBFEATURE_IN_INPUT: .voltageInput
        case SENSORS_SUBFEATURE_IN_MIN: .voltageMin
        case SENSORS_SUBFEATURE_IN_MAX: .voltageMax
        case SENSORS_SUBFEATURE_CURR_INPUT: .currentInput
        case SENSORS_SUBFEATURE_CURR_MIN: .currentMin
        case SENSORS_SUBFEATURE_CURR_MAX: .currentMax
        default: .other
        }
    }

    /// Wraps `sensors_get_label`, freeing the string it allocates. Falls back to the feature's name.
    static func label(of feature: Feature, on chip: Chip) -> String {
        guard let label = sensors_get_label(chip.pointer, feature.pointer) else {
            return String(cString: feature.pointer.pointee.name)
        }
        defer { free(label) }
        return String(cString: label)
    }

    /// Wraps `sensors_snprintf_chip_name`: the printed name, e.g. `coretemp-isa-0000`.
    static func printedName(of chip: Chip) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let written = sensors_snprintf_chip_name(&buffer, buffer.count, chip.pointer)
        guard written >= 0 else { return chip.pointer.pointee.prefix.map { String(cString: $0) } ?? "unknown" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The chip's sysfs path as libsensors found it.
    static func sysfsPath(of chip: Chip) -> String {
        chip.pointer.pointee.path.map { String(cString: $0) } ?? printedName(of: chip)
    }

    /// Wraps `sensors_get_value`: re-reads the value from sysfs (with sensors.conf computations applied).
    static func value(of subfeature: Int32, on chip: Chip) -> Result<Double, LibsensorsError> {
        value { sensors_get_value(chip.pointer, subfeature, &$0) }
    }

    /// Wraps `sensors_get_value` for the chip as if its attributes were in `directory`: libsensors finds the
    /// chip's sensors.conf statements by its name but reads `<path>/<subfeature name>` through the path of the name
    /// it is given, so a raw value written there shows what libsensors makes of it (scaling and `compute`).
    static func value(of subfeature: Int32, on chip: Chip, readingFrom directory: String) -> Result<Double, LibsensorsError> {
        var relocated = chip.pointer.pointee
        return directory.withCString { path in
            relocated.path = UnsafeMutablePointer(mutating: path)
            return value { sensors_get_value(&relocated, subfeature, &$0) }
        }
    }

    /// A `sensors_get_value` call's value, or its return code as an error.
    private static func value(_ call: (inout Double) -> Int32) -> Result<Double, LibsensorsError> {
        var value = 0.0
        let status = call(&value)
        if status < 0 { return .failure(LibsensorsError(returnCode: status)) }
        return .success(value)
    }
}
