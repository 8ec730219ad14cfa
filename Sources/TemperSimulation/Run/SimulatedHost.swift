import Foundation
import Synchronization
import TemperCore

/// The simulator as a host: it turns the thermal and battery models' state into the same ``HostSnapshot`` the
/// live Linux sources produce, so the classifier cannot tell the difference.
public final class SimulatedHost: HostSource {
    /// Virtual time zero. Fixed, so snapshots and traces are the same on every run.
    public static let epoch = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    private let current: Mutex<HostSnapshot>

    public init() {
        self.current = Mutex(HostSnapshot(timestamp: Self.epoch))
    }

    /// The latest published snapshot.
    public func snapshot() async -> HostSnapshot { current.withLock { $0 } }

    /// Builds the snapshot for the models' state at virtual `timeSeconds`, publishes it and returns it.
    ///
    /// The device's heat shows as a recorded host would show it: `powerWatts`, the heat of the last step, as an
    /// instantaneous power reading (like hwmon `power*_input`), and `heatJoules`, all the heat since time zero,
    /// as a cumulative energy counter (like RAPL's `energy_uj`), so a trace gives the exact mean power between
    /// any two samples.
    @discardableResult
    public func publish(
        timeSeconds: Double, model: ThermalModel, ambientCelsius: Double, battery: BatteryModel, powerWatts: Double, heatJoules: Double = 0,
        powerProfile: String
    ) -> HostSnapshot {
        // Rounded as real sensors report: millidegrees, milliwatts, whole seconds.
        var batteryState = battery.state(powerWatts: powerWatts)
        batteryState.percentage = batteryState.percentage.map { Self.round($0, 1000) }
        batteryState.energyRateWatts = batteryState.energyRateWatts.map { Self.round($0, 1000) }
        batteryState.timeToEmptySeconds = batteryState.timeToEmptySeconds.map { $0.rounded() }
        batteryState.timeToFullSeconds = batteryState.timeToFullSeconds.map { $0.rounded() }
        let snapshot = HostSnapshot(
            timestamp: Self.epoch.addingTimeInterval(Self.round(timeSeconds, 1000)),
            temperatures: [
                Self.reading(label: "internal", celsius: Self.round(model.internalCelsius, 1000), limits: model.parameters.internalLimits),
                Self.reading(label: "skin", celsius: Self.round(model.hotspotCelsius, 1000), limits: model.parameters.skinLimits),
            ],
            powerReadings: [
                PowerReading(chip: "sim/power", chipName: "simulated", label: "system", kind: .power, value: Self.round(powerWatts, 1000)),
                PowerReading(chip: "sim/energy", chipName: "simulated", label: "system", kind: .energy, value: Self.round(heatJoules, 1_000_000)),
            ],
            battery: batteryState,
            powerProfile: PowerProfileState(activeProfile: powerProfile, performanceDegraded: "")
        )
        current.withLock { $0 = snapshot }
        return snapshot
    }

    static func round(_ value: Double, _ scale: Double) -> Double { (value * scale).rounded() / scale }

    static func reading(label: String, celsius: Double, limits: SensorLimits) -> TemperatureReading {
        TemperatureReading(
            chip: "sim/\(label)", chipName: "simulated", label: label, source: .simulated, celsius: celsius,
            high: limits.high, critical: limits.critical
        )
    }
}
