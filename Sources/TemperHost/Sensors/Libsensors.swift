@preconcurrency import CSensors
import Glibc

/// The one thin, typed layer over libsensors' C API. Every C call Temper makes goes through here, and every
/// return code becomes a ``LibsensorsError`` here. Not thread-safe, like libsensors itself: only
/// ``SensorsLibraryOwner`` calls it, under its lock.
enum Libsensors {
    typealias Chip = UnsafePointer<sensors_chip_name>
    typealias Feature = UnsafePointer<sensors_feature>
    typealias Subfeature = UnsafePointer<sensors_subfeature>

    /// Wraps `sensors_init`: loads the configuration (the system's when `configPath` is nil) and detects chips.
    static func initialize(configPath: String?) throws(LibsensorsError) {
        guard let configPath else {
            let status = sensors_init(nil)
            if status != 0 { throw LibsensorsError(returnCode: status) }
            return
        }
        guard let file = fopen(configPath, "r") else {
            throw LibsensorsError(code: Int(SENSORS_ERR_PARSE), message: "cannot open \(configPath)")
        }
        defer { fclose(file) }
        let status = sensors_init(file)
        if status != 0 { throw LibsensorsError(returnCode: status) }
    }

    /// Wraps `sensors_cleanup`: every chip, feature and subfeature pointer is invalid afterwards.
    static func cleanup() {
        sensors_cleanup()
    }

    /// Wraps `sensors_get_detected_chips` with no match: every detected chip.
    static func detectedChips() -> [Chip] {
        var chips: [Chip] = []
        var index: Int32 = 0
        while let chip = sensors_get_detected_chips(nil, &index) {
            chips.append(chip)
        }
        return chips
    }

    /// Wraps `sensors_get_features`.
    static func features(of chip: Chip) -> [Feature] {
        var features: [Feature] = []
        var index: Int32 = 0
        while let feature = sensors_get_features(chip, &index) {
            features.append(feature)
        }
        return features
    }

    /// Wraps `sensors_get_all_subfeatures`.
    static func subfeatures(of chip: Chip, feature: Feature) -> [Subfeature] {
        var subfeatures: [Subfeature] = []
        var index: Int32 = 0
        while let subfeature = sensors_get_all_subfeatures(chip, feature, &index) {
            subfeatures.append(subfeature)
        }
        return subfeatures
    }

    /// Wraps `sensors_get_label`, freeing the string it allocates. Falls back to the feature's name.
    static func label(of feature: Feature, on chip: Chip) -> String {
        guard let label = sensors_get_label(chip, feature) else {
            return String(cString: feature.pointee.name)
        }
        defer { free(label) }
        return String(cString: label)
    }

    /// Wraps `sensors_snprintf_chip_name`: the printed name, e.g. `coretemp-isa-0000`.
    static func printedName(of chip: Chip) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let written = sensors_snprintf_chip_name(&buffer, buffer.count, chip)
        guard written >= 0 else { return chip.pointee.prefix.map { String(cString: $0) } ?? "unknown" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The chip's sysfs path as libsensors found it.
    static func sysfsPath(of chip: Chip) -> String {
        chip.pointee.path.map { String(cString: $0) } ?? printedName(of: chip)
    }

    /// Wraps `sensors_get_value`: re-reads the value from sysfs (with sensors.conf computations applied).
    static func value(of subfeature: Int32, on chip: Chip) -> Result<Double, LibsensorsError> {
        var value = 0.0
        let status = sensors_get_value(chip, subfeature, &value)
        if status < 0 { return .failure(LibsensorsError(returnCode: status)) }
        return .success(value)
    }
}
