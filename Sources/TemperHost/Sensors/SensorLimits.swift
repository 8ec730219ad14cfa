import TemperCore

/// The thresholds of every feature in a ``SensorsLayout``: the max, critical and emergency temperatures with
/// their hysteresis, and the minimum and maximum of fans, voltages and currents. Chips rarely change them, so
/// ``SensorsLibraryOwner`` reads them once and again only when told they may have changed (a hwmon or thermal
/// uevent) or when they are older than its refresh age, while inputs, alarms and faults are read every sweep.
/// Arrays follow the layout: one entry per chip, then per feature in the chip's order.
struct SensorLimits {
    struct Temperature {
        var high: Double?
        var highHysteresis: Double?
        var critical: Double?
        var criticalHysteresis: Double?
        var emergency: Double?
        var emergencyHysteresis: Double?
        /// The first limit that could not be read, as the reading's ``TemperatureReading/limitHealth``.
        var health: ReadingHealth?
    }

    struct Measurement {
        var minimum: Double?
        var maximum: Double?
    }

    var temperatures: [[Temperature]]
    var measurements: [[Measurement]]

    /// Reads every limit of `layout`. Call only between `sensors_init` and `sensors_cleanup`.
    static func read(_ layout: SensorsLayout) -> SensorLimits {
        SensorLimits(
            temperatures: layout.chips.map { chip in chip.temperatures.map { temperature($0, on: chip.handle) } },
            measurements: layout.chips.map { chip in chip.measurements.map { measurement($0, on: chip.handle) } }
        )
    }

    /// One subfeature that is not an input, read (`nil` when the chip does not have it): its value, or `nil` with
    /// the first failure kept in `health` (named by `name`, e.g. `crit`), so a reading shows which of its limits,
    /// alarms or faults could not be read.
    static func value(_ read: Result<Double, LibsensorsError>?, _ name: String, firstFailure health: inout ReadingHealth?) -> Double? {
        switch read {
        case nil:
            return nil
        case .success(let value):
            return value
        case .failure(let error):
            if health == nil { health = .error(code: error.code, message: "\(name): \(error.message)", domain: .libsensors) }
            return nil
        }
    }

    private static func value(
        _ number: Int32?,
        _ name: String,
        on chip: Libsensors.Chip,
        firstFailure health: inout ReadingHealth?
    ) -> Double? {
        value(number.map { Libsensors.value(of: $0, on: chip) }, name, firstFailure: &health)
    }

    private static func temperature(_ feature: SensorsLayout.TemperatureFeature, on chip: Libsensors.Chip) -> Temperature {
        var health: ReadingHealth?
        var limits = Temperature()
        limits.high = value(feature.max, "max", on: chip, firstFailure: &health)
        limits.highHysteresis = value(feature.maxHysteresis, "max_hyst", on: chip, firstFailure: &health)
        limits.critical = value(feature.critical, "crit", on: chip, firstFailure: &health)
        limits.criticalHysteresis = value(feature.criticalHysteresis, "crit_hyst", on: chip, firstFailure: &health)
        limits.emergency = value(feature.emergency, "emergency", on: chip, firstFailure: &health)
        limits.emergencyHysteresis = value(feature.emergencyHysteresis, "emergency_hyst", on: chip, firstFailure: &health)
        limits.health = health
        return limits
    }

    private static func measurement(_ feature: SensorsLayout.MeasurementFeature, on chip: Libsensors.Chip) -> Measurement {
        // A limit that cannot be read is left out: limits here are shown, never classified.
        func limit(_ number: Int32?) -> Double? {
            number.flatMap { try? Libsensors.value(of: $0, on: chip).get() }
        }
        return Measurement(minimum: limit(feature.minimum), maximum: limit(feature.maximum))
    }
}
