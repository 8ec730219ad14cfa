@preconcurrency import CSensors
import TemperCore

/// What libsensors detected at `sensors_init`: chips, their temperature, power and energy features, the
/// labels (fixed until the next init) and the subfeature numbers to read on each sweep. Valid only until
/// `sensors_cleanup`, so it lives inside ``SensorsLibraryOwner``'s lock and never escapes it.
struct SensorsLayout {
    struct Chip {
        var pointer: Libsensors.Chip
        /// The sysfs path: the stable key (printed names can collide).
        var key: String
        var printedName: String
        var temperatures: [TemperatureFeature]
        var powers: [PowerFeature]
    }

    /// Subfeature numbers of one temperature feature; `nil` where the chip does not have it.
    struct TemperatureFeature {
        var label: String
        var input: Int32?
        var max: Int32?
        var maxHysteresis: Int32?
        var critical: Int32?
        var criticalHysteresis: Int32?
        var emergency: Int32?
        var emergencyHysteresis: Int32?
        var alarms: [Int32] = []
        var fault: Int32?
    }

    struct PowerFeature {
        var label: String
        var kind: PowerReading.Kind
        var subfeature: Int32
    }

    var chips: [Chip]

    /// Walks every detected chip once. Call only between `sensors_init` and `sensors_cleanup`.
    static func detect() -> SensorsLayout {
        let chips = Libsensors.detectedChips().map { pointer in
            var chip = Chip(
                pointer: pointer, key: Libsensors.sysfsPath(of: pointer), printedName: Libsensors.printedName(of: pointer),
                temperatures: [], powers: []
            )
            for feature in Libsensors.features(of: pointer) {
                switch feature.pointee.type {
                case SENSORS_FEATURE_TEMP:
                    chip.temperatures.append(temperatureFeature(feature, on: pointer))
                case SENSORS_FEATURE_POWER:
                    chip.powers.append(contentsOf: powerFeature(feature, on: pointer, kind: .power))
                case SENSORS_FEATURE_ENERGY:
                    chip.powers.append(contentsOf: powerFeature(feature, on: pointer, kind: .energy))
                default:
                    continue
                }
            }
            return chip
        }
        return SensorsLayout(chips: chips)
    }

    private static func temperatureFeature(_ feature: Libsensors.Feature, on chip: Libsensors.Chip) -> TemperatureFeature {
        var result = TemperatureFeature(label: Libsensors.label(of: feature, on: chip))
        for subfeature in Libsensors.subfeatures(of: chip, feature: feature) {
            let number = subfeature.pointee.number
            switch subfeature.pointee.type {
            case SENSORS_SUBFEATURE_TEMP_INPUT: result.input = number
            case SENSORS_SUBFEATURE_TEMP_MAX: result.max = number
            case SENSORS_SUBFEATURE_TEMP_MAX_HYST: result.maxHysteresis = number
            case SENSORS_SUBFEATURE_TEMP_CRIT: result.critical = number
            case SENSORS_SUBFEATURE_TEMP_CRIT_HYST: result.criticalHysteresis = number
            case SENSORS_SUBFEATURE_TEMP_EMERGENCY: result.emergency = number
            case SENSORS_SUBFEATURE_TEMP_EMERGENCY_HYST: result.emergencyHysteresis = number
            case SENSORS_SUBFEATURE_TEMP_FAULT: result.fault = number
            case SENSORS_SUBFEATURE_TEMP_ALARM, SENSORS_SUBFEATURE_TEMP_MAX_ALARM, SENSORS_SUBFEATURE_TEMP_CRIT_ALARM,
                SENSORS_SUBFEATURE_TEMP_EMERGENCY_ALARM:
                result.alarms.append(number)
            default: continue
            }
        }
        return result
    }

    private static func powerFeature(
        _ feature: Libsensors.Feature, on chip: Libsensors.Chip, kind: PowerReading.Kind
    ) -> [PowerFeature] {
        let label = Libsensors.label(of: feature, on: chip)
        let wanted: [sensors_subfeature_type] = kind == .power
            ? [SENSORS_SUBFEATURE_POWER_INPUT, SENSORS_SUBFEATURE_POWER_AVERAGE]
            : [SENSORS_SUBFEATURE_ENERGY_INPUT]
        let subfeatures = Libsensors.subfeatures(of: chip, feature: feature)
        // One value per feature: the instantaneous input when there is one, else the average.
        for type in wanted {
            if let match = subfeatures.first(where: { $0.pointee.type == type }) {
                return [PowerFeature(label: label, kind: kind, subfeature: match.pointee.number)]
            }
        }
        return []
    }
}
