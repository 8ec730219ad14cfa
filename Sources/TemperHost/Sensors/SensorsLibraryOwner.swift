import Logging
import Synchronization
import TemperCore

/// The single owner of libsensors, whose state is global and not thread-safe: every call happens under this
/// lock. It re-initialises libsensors when the set of hwmon devices changes, because libsensors fixes its
/// chip list at `sensors_init`.
final class SensorsLibraryOwner: Sendable {
    /// libsensors is process-global, so its owner is too.
    static let shared = SensorsLibraryOwner()

    /// The result of one sweep over every chip.
    struct Sweep: Sendable {
        var temperatures: [TemperatureReading] = []
        var powerReadings: [PowerReading] = []
        /// Fans, then voltages, then currents, each in chip order.
        var measurements: [MeasurementReading] = []
        /// Set when `sensors_init` itself failed.
        var initError: LibsensorsError?
    }

    private struct State {
        var layout: SensorsLayout?
        var initError: LibsensorsError?
        var hwmonDevices: [String]?
        var configPath: String?
    }

    private let state = Mutex(State())

    private init() {}

    /// Reads every temperature, power, energy, fan, voltage and current feature once.
    /// - Parameters:
    ///   - hwmonClassPath: the directory whose listing decides when to re-initialise (`/sys/class/hwmon`).
    ///   - configPath: a sensors.conf to use instead of the system's; `nil` honours the system's.
    func sweep(hwmonClassPath: String, configPath: String?, logger: Logger) -> Sweep {
        let devices = Sysfs.entries(of: hwmonClassPath)
        return state.withLock { state in
            if state.layout == nil || state.hwmonDevices != devices || state.configPath != configPath {
                Self.reinitialize(&state, devices: devices, configPath: configPath, logger: logger)
            }
            guard let layout = state.layout else { return Sweep(initError: state.initError) }
            return Self.read(layout)
        }
    }

    private static func reinitialize(_ state: inout State, devices: [String], configPath: String?, logger: Logger) {
        if state.layout != nil || state.initError != nil { Libsensors.cleanup() }
        state.layout = nil
        state.hwmonDevices = devices
        state.configPath = configPath
        do {
            try Libsensors.initialize(configPath: configPath)
            state.initError = nil
            state.layout = SensorsLayout.detect()
            logger.debug("libsensors initialised", metadata: [
                "chips": "\(state.layout?.chips.count ?? 0)", "hwmonDevices": "\(devices.count)",
            ])
        } catch {
            state.initError = error
            logger.warning("libsensors failed to initialise", metadata: ["error": "\(error)"])
        }
    }

    private static func read(_ layout: SensorsLayout) -> Sweep {
        var sweep = Sweep()
        // Grouped by kind, so the order survives the snapshot's JSON (one array per kind).
        for kind in MeasurementReading.Kind.allCases {
            for chip in layout.chips {
                for feature in chip.measurements where feature.kind == kind {
                    sweep.measurements.append(measurement(feature, on: chip))
                }
            }
        }
        for chip in layout.chips {
            for feature in chip.temperatures {
                sweep.temperatures.append(temperature(feature, on: chip))
            }
            for feature in chip.powers {
                let result = Libsensors.value(of: feature.subfeature, on: chip.handle)
                sweep.powerReadings.append(PowerReading(
                    chip: chip.key, chipName: chip.printedName, label: feature.label, kind: feature.kind,
                    value: try? result.get(), health: result.health
                ))
            }
        }
        return sweep
    }

    private static func measurement(_ feature: SensorsLayout.MeasurementFeature, on chip: SensorsLayout.Chip) -> MeasurementReading {
        // A limit that cannot be read is left out: limits here are shown, never classified.
        func limit(_ number: Int32?) -> Double? {
            number.flatMap { try? Libsensors.value(of: $0, on: chip.handle).get() }
        }
        var reading = MeasurementReading(
            chip: chip.key, chipName: chip.printedName, label: feature.label, kind: feature.kind, value: nil,
            minimum: limit(feature.minimum), maximum: limit(feature.maximum)
        )
        if let input = feature.input {
            let result = Libsensors.value(of: input, on: chip.handle)
            reading.value = try? result.get()
            reading.health = result.health
        } else {
            reading.health = LibsensorsError.noEntry("no input").health
        }
        return reading
    }

    private static func temperature(_ feature: SensorsLayout.TemperatureFeature, on chip: SensorsLayout.Chip) -> TemperatureReading {
        // A limit that cannot be read is left out, and the first such failure is kept on the reading.
        var limitHealth: ReadingHealth?
        func limit(_ number: Int32?, _ name: String) -> Double? {
            guard let number else { return nil }
            switch Libsensors.value(of: number, on: chip.handle) {
            case .success(let value):
                return value
            case .failure(let error):
                if limitHealth == nil {
                    limitHealth = .error(code: error.code, message: "\(name): \(error.message)", domain: .libsensors)
                }
                return nil
            }
        }
        var reading = TemperatureReading(
            chip: chip.key, chipName: chip.printedName, label: feature.label, source: .hwmon, celsius: nil,
            high: limit(feature.max, "max"), highHysteresis: limit(feature.maxHysteresis, "max_hyst"),
            critical: limit(feature.critical, "crit"), criticalHysteresis: limit(feature.criticalHysteresis, "crit_hyst"),
            emergency: limit(feature.emergency, "emergency"), emergencyHysteresis: limit(feature.emergencyHysteresis, "emergency_hyst")
        )
        if let input = feature.input {
            let result = Libsensors.value(of: input, on: chip.handle)
            reading.celsius = try? result.get()
            reading.health = result.health
        } else {
            reading.health = LibsensorsError.noEntry("no input").health
        }
        if !feature.alarms.isEmpty {
            reading.alarm = feature.alarms.contains { (limit($0, "alarm") ?? 0) != 0 }
        }
        if let fault = feature.fault { reading.fault = (limit(fault, "fault") ?? 0) != 0 }
        reading.limitHealth = limitHealth
        return reading
    }
}

extension Result where Failure == LibsensorsError {
    var health: ReadingHealth {
        switch self {
        case .success: .ok
        case .failure(let error): error.health
        }
    }
}
