import TemperCore

/// What libsensors detected at `sensors_init`: chips, their temperature, power, energy, fan, voltage and
/// current features, the
/// labels (fixed until the next init), the subfeature numbers of their limits, and the values to read on each
/// sweep (``SensorsLiveValue``). Valid only until `sensors_cleanup`, so it lives inside ``SensorsLibraryOwner``'s
/// lock and never escapes it.
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

    /// The subfeatures of one temperature feature; `nil` where the chip does not have it.
    struct TemperatureFeature {
        var label: String
        var input: SensorsLiveValue?
        var max: Int32?
        var maxHysteresis: Int32?
        var critical: Int32?
        var criticalHysteresis: Int32?
        var emergency: Int32?
        var emergencyHysteresis: Int32?
        var alarms: [SensorsLiveValue] = []
        var fault: SensorsLiveValue?
    }

    struct PowerFeature {
        var label: String
        var kind: PowerReading.Kind
        var value: SensorsLiveValue
    }

    /// A fan, voltage or current: its input and the chip's own limits, where it has them.
    struct MeasurementFeature {
        var label: String
        var kind: MeasurementReading.Kind
        var input: SensorsLiveValue?
        var minimum: Int32?
        var maximum: Int32?
    }

    var chips: [Chip]

    /// Walks every detected chip once, learning through `probe` which values can be read directly. Call only
    /// between `sensors_init` and `sensors_cleanup`.
    static func detect(probe: SensorValueProbe) -> SensorsLayout {
        let chips = Libsensors.detectedChips().map { handle in
            let path = Libsensors.sysfsPath(of: handle)
            let live = { (subfeature: Libsensors.Subfeature) in probe.liveValue(subfeature, on: handle, chipPath: path) }
            var chip = Chip(
                handle: handle,
                key: path,
                printedName: Libsensors.printedName(of: handle),
                temperatures: [],
                powers: [],
                measurements: []
            )
            for feature in Libsensors.features(of: handle) {
                switch feature.kind {
                case .temperature: chip.temperatures.append(temperatureFeature(feature, on: handle, live: live))
                case .power: chip.powers.append(contentsOf: powerFeature(feature, on: handle, kind: .power, live: live))
                case .energy: chip.powers.append(contentsOf: powerFeature(feature, on: handle, kind: .energy, live: live))
                case .fan: chip.measurements.append(measurementFeature(feature, on: handle, kind: .fan, live: live))
                case .voltage: chip.measurements.append(measurementFeature(feature, on: handle, kind: .voltage, live: live))
                case .current: chip.measurements.append(measurementFeature(feature, on: handle, kind: .current, live: live))
                case .other: continue
                }
            }
            return chip
        }
        return SensorsLayout(chips: chips)
    }

    private static func temperatureFeature(
        _ feature: Libsensors.Feature,
        on chip: Libsensors.Chip,
        live: (Libsensors.Subfeature) -> SensorsLiveValue
    ) -> TemperatureFeature {
        var result = TemperatureFeature(label: Libsensors.label(of: feature, on: chip))
        for subfeature in Libsensors.subfeatures(of: chip, feature: feature) {
            let number = subfeature.number
            switch subfeature.kind {
            case .temperatureInput: result.input = live(subfeature)
            case .temperatureMax: result.max = number
            case .temperatureMaxHysteresis: result.maxHysteresis = number
            case .temperatureCritical: result.critical = number
            case .temperatureCriticalHysteresis: result.criticalHysteresis = number
            case .temperatureEmergency: result.emergency = number
            case .temperatureEmergencyHysteresis: result.emergencyHysteresis = number
            case .temperatureFault: result.fault = live(subfeature)
            case .temperatureAlarm: result.alarms.append(live(subfeature))
            default: continue
            }
        }
        return result
    }

    private static func powerFeature(
        _ feature: Libsensors.Feature,
        on chip: Libsensors.Chip,
        kind: PowerReading.Kind,
        live: (Libsensors.Subfeature) -> SensorsLiveValue
    ) -> [PowerFeature] {
        let label = Libsensors.label(of: feature, on: chip)
        let wanted: [Libsensors.Subfeature.Kind] = kind == .power ? [.powerInput, .powerAverage] : [.energyInput]
        let subfeatures = Libsensors.subfeatures(of: chip, feature: feature)
        // One value per feature: the instantaneous input when there is one, else the average.
        for type in wanted {
            if let match = subfeatures.first(where: { $0.kind == type }) {
                return [PowerFeature(label: label, kind: kind, value: live(match))]
            }
        }
        return []
    }

    private static func measurementFeature(
        _ feature: Libsensors.Feature,
        on chip: Libsensors.Chip,
        kind: MeasurementReading.Kind,
        live: (Libsensors.Subfeature) -> SensorsLiveValue
    ) -> MeasurementFeature {
        var result = MeasurementFeature(label: Libsensors.label(of: feature, on: chip), kind: kind)
        for subfeature in Libsensors.subfeatures(of: chip, feature: feature) {
            switch subfeature.kind {
            case .fanInput, .voltageInput, .currentInput: result.input = live(subfeature)
            case .fanMin, .voltageMin, .currentMin: result.minimum = subfeature.number
            case .fanMax, .voltageMax, .currentMax: result.maximum = subfeature.number
            default: continue
            }
        }
        return result
    }
}
