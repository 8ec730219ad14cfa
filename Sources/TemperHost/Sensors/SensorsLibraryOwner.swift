import Logging
import TemperCore

/// The single owner of libsensors, whose state is global and not thread-safe: every call happens under this
/// lock. It re-initialises libsensors when the set of hwmon devices changes, because libsensors fixes its
/// chip list at `sensors_init`. Limits (``SensorLimits``) are kept between sweeps: a sweep reads only inputs,
/// alarms and faults, unless the limits were invalidated or are older than the sweep's refresh age.
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
        /// `nil` until read, and again after a re-initialisation or ``invalidateLimits()``.
        var limits: SensorLimits?
        /// When `limits` were read, in the caller's clock's seconds.
        var limitsReadAt = 0.0
    }

    private let state = Locked(State())

    private init() {}

    /// Reads every temperature, power, energy, fan, voltage and current feature once; their limits only when
    /// they were never read, were invalidated, or are `limitsMaxAge` seconds old.
    /// - Parameters:
    ///   - devices: the listing of `/sys/class/hwmon`; a change re-initialises libsensors.
    ///   - configPath: a sensors.conf to use instead of the system's; `nil` honours the system's.
    ///   - now: the caller's clock, in seconds, to age the limits by.
    ///   - limitsMaxAge: seconds after which limits are read again even without an invalidation.
    ///   - checksFiles: whether each value's open file is first checked to still be the one at its path; a caller
    ///     told of every device change checks only after one.
    func sweep(devices: [String], configPath: String?, now: Double, limitsMaxAge: Double, checksFiles: Bool, logger: Logger) -> Sweep {
        state.withLock { state in
            if state.layout == nil || state.hwmonDevices != devices || state.configPath != configPath {
                Self.reinitialize(&state, devices: devices, configPath: configPath, logger: logger)
            }
            guard let layout = state.layout else { return Sweep(initError: state.initError) }
            let age = now - state.limitsReadAt
            if let limits = state.limits, age >= 0, age < limitsMaxAge {
                return Self.read(layout, limits: limits, checksFiles: checksFiles)
            }
            let limits = SensorLimits.read(layout)
            state.limits = limits
            state.limitsReadAt = now
            return Self.read(layout, limits: limits, checksFiles: checksFiles)
        }
    }

    /// Makes the next sweep read every limit again: call it when a chip may have changed one (a hwmon or
    /// thermal uevent).
    func invalidateLimits() {
        state.withLock { $0.limits = nil }
    }

    private static func reinitialize(_ state: inout State, devices: [String], configPath: String?, logger: Logger) {
        if state.layout != nil || state.initError != nil { Libsensors.cleanup() }
        state.layout = nil
        state.limits = nil
        state.hwmonDevices = devices
        state.configPath = configPath
        do {
            try Libsensors.initialize(configPath: configPath)
            state.initError = nil
            state.layout = SensorsLayout.detect(probe: SensorValueProbe(logger: logger))
            logger.debug(
                "libsensors initialised",
                metadata: [
                    "chips": "\(state.layout?.chips.count ?? 0)", "hwmonDevices": "\(devices.count)",
                ]
            )
        } catch {
            state.initError = error
            logger.warning("libsensors failed to initialise", metadata: ["error": "\(error)"])
        }
    }

    private static func read(_ layout: SensorsLayout, limits: SensorLimits, checksFiles: Bool) -> Sweep {
        var sweep = Sweep()
        // Grouped by kind, so the order survives the snapshot's JSON (one array per kind).
        for kind in MeasurementReading.Kind.allCases {
            for (chipIndex, chip) in layout.chips.enumerated() {
                for (index, feature) in chip.measurements.enumerated() where feature.kind == kind {
                    sweep.measurements.append(
                        measurement(feature, on: chip, limits: limits.measurements[chipIndex][index], checksFiles: checksFiles)
                    )
                }
            }
        }
        for (chipIndex, chip) in layout.chips.enumerated() {
            for (index, feature) in chip.temperatures.enumerated() {
                sweep.temperatures.append(
                    temperature(feature, on: chip, limits: limits.temperatures[chipIndex][index], checksFiles: checksFiles)
                )
            }
            for feature in chip.powers {
                let result = feature.value.read(on: chip.handle, checkingFile: checksFiles)
                sweep.powerReadings.append(
                    PowerReading(
                        chip: chip.key,
                        chipName: chip.printedName,
                        label: feature.label,
                        kind: feature.kind,
                        value: try? result.get(),
                        health: result.health
                    )
                )
            }
        }
        return sweep
    }

    private static func measurement(
        _ feature: SensorsLayout.MeasurementFeature,
        on chip: SensorsLayout.Chip,
        limits: SensorLimits.Measurement,
        checksFiles: Bool
    ) -> MeasurementReading {
        var reading = MeasurementReading(
            chip: chip.key,
            chipName: chip.printedName,
            label: feature.label,
            kind: feature.kind,
            value: nil,
            minimum: limits.minimum,
            maximum: limits.maximum
        )
        if let input = feature.input {
            let result = input.read(on: chip.handle, checkingFile: checksFiles)
            reading.value = try? result.get()
            reading.health = result.health
        } else {
            reading.health = LibsensorsError.noEntry("no input").health
        }
        return reading
    }

    private static func temperature(
        _ feature: SensorsLayout.TemperatureFeature,
        on chip: SensorsLayout.Chip,
        limits: SensorLimits.Temperature,
        checksFiles: Bool
    ) -> TemperatureReading {
        // A limit, alarm or fault that cannot be read is left out, and the first such failure is kept on the reading.
        var limitHealth = limits.health
        func flag(_ value: SensorsLiveValue, _ name: String) -> Bool {
            let read = value.read(on: chip.handle, checkingFile: checksFiles)
            return (SensorLimits.value(read, name, firstFailure: &limitHealth) ?? 0) != 0
        }
        var reading = TemperatureReading(
            chip: chip.key,
            chipName: chip.printedName,
            label: feature.label,
            source: .hwmon,
            celsius: nil,
            high: limits.high,
            highHysteresis: limits.highHysteresis,
            critical: limits.critical,
            criticalHysteresis: limits.criticalHysteresis,
            emergency: limits.emergency,
            emergencyHysteresis: limits.emergencyHysteresis
        )
        if let input = feature.input {
            let result = input.read(on: chip.handle, checkingFile: checksFiles)
            reading.celsius = try? result.get()
            reading.health = result.health
        } else {
            reading.health = LibsensorsError.noEntry("no input").health
        }
        if !feature.alarms.isEmpty {
            reading.alarm = feature.alarms.contains { flag($0, "alarm") }
        }
        if let fault = feature.fault { reading.fault = flag(fault, "fault") }
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
