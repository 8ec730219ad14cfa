import TemperCore

/// What libsensors detected at `sensors_init`: chips, their temperature, power, energy, fan, voltage and
/// current features, the
/// labels (fixed until the next init) and the subfeature numbers to read on each sweep. Valid only until
/// `sensors_cleanup`, so it lives inside ``SensorsLibraryOwner``'s lock and never escapes it.
struct SensorsLayout {
    struct Chip {
        var handle: Libsensors.Chip
        /// The sysfs path: the stable key (printed names can collide).
        var key: String
        var printedName: String
        var temperatures: [TemperatureFeature]
        var powers: [PowerFeature]
        var measurements: [MeasurementFeature]
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

    /// A fan, voltage or current: its input and the chip's own limits, where it has them.
    struct MeasurementFeature {
        var label: String
        var kind: MeasurementReading.Kind
        var input: Int32?
        var minimum: Int32?
        var maximum: Int32?
    }

    var chips: [Chip]

    /// Walks every detected chip once. Call only between `sensors_init` and `sensors_cleanup`.
    static func detect() -> SensorsLayout {
        let chips = Libsensors.detectedChips().map { handle in
            var chip = Chip(
                handle: handle,
                key: Libsensors.sysfsPath(of: handle),
                printedName: Libsensors.printedName(of: handle),
                temperatures: [],
                powers: [],
                measurements: []
            )
            for feature in Libsensors.features(of: handle) {
                switch feature.kind {
                case .temperature: chip.temperatures.append(temperatureFeature(feature, on: handle))
                case .power: chip.powers.append(contentsOf: powerFeature(feature, on: handle, kind: .power))
                case .energy: chip.powers.append(contentsOf: powerFeature(feature, on: handle, kind: .energy))
                case .fan: chip.measurements.append(measurementFeature(feature, on: handle, kind: .fan))
                case .voltage: chip.measurements.append(measurementFeature(feature, on: handle, kind: .voltage))
                case .current: chip.measurements.append(measurementFeature(feature, on: handle, kind: .current))
                case .other: continue
                }
            }
            return chip
        }
        return SensorsLayout(chips: chips)
    }

    private static func temperatureFeature(_ feature: Libsensors.Feature, on chip: Libsensors.Chip) -> TemperatureFeature {
        var result = TemperatureFeature(label: Libsensors.label(of: feature, on: chip))
        for subfeature in Libsensors.subfeatures(of: chip, feature: feature) {
            let number = subfeature.number
            switch subfeature.kind {
            case .temperatureInput: result.input = number
            case .temperatureMax: result.max = number
            case .temperatureMaxHysteresis: result.maxHysteresis = number
            case .temperatureCritical: result.critical = number
            case .temperatureCriticalHysteresis: result.criticalHysteresis = number
            case .temperatureEmergency: result.emergency = number
            case .temperatureEmergencyHysteresis: result.emergencyHysteresis = number
            case .temperatureFault: result.fault = number
            case .temperatureAlarm: result.alarms.append(number)
            default: continue
            }
        }
        return result
    }

    private static func powerFeature(
        _ feature: Libsensors.Feature,
        on chip: Libsensors.Chip,
        kind: PowerReading.Kind
    ) -> [PowerFeature] {
        let label = Libsensors.label(of: feature, on: chip)
        let wanted: [Libsensors.Subfeature.Kind] = kind == .power ? [.powerInput, .powerAverage] : [.energyInput]
        let subfeatures = Libsensors.subfeatures(of: chip, feature: feature)
        // One value per feature: the instantaneous input when there is one, else the average.
        for type in wanted {
            if let match = subfeatures.first(where: { $0.kind == type }) {
                return [PowerFeature(label: label, kind: kind, subfeature: match.number)]
            }
        }
        return []
    }

    private static func measurementFeature(
        _ feature: Libsensors.Feature,
        on chip: Libsensors.Chip,
        kind: MeasurementReading.Kind
    ) -> MeasurementFeature {
        var result = MeasurementFeature(label: Libsensors.label(of: feature, on: chip), kind: kind)
        for subfeature in Libsensors.subfeatures(of: chip, feature: feature) {
            switch subfeature.kind {
            case .fanInput, .voltageInput, .currentInput: result.input = subfeature.number
            case .fanMin, .voltageMin, .currentMin: result.minimum = subfeature.number
            case .fanMax, .voltageMax, .currentMax: result.maximum = subfeature.number
            default: continue
            }
        }
        return result
    }
}
