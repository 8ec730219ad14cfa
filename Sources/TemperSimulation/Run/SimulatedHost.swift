import Synchronization
public import TemperCore

/// The simulator as a host: it turns the thermal and battery models' state into the same ``HostSnapshot`` the
/// live Linux sources produce, so the classifier cannot tell the difference. The ``Governor`` samples it in its
/// own run loop, as it samples the live host.
public final class SimulatedHost: HostSource {
    private struct State {
        var current = HostSnapshot(time: 0)
        var reads = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// The latest published snapshot.
    public func snapshot() async -> HostSnapshot {
        state.withLock { state in
            state.reads += 1
            return state.current
        }
    }

    /// How many times ``snapshot()`` has been read: how many samples the governor has taken.
    public var readCount: Int { state.withLock { $0.reads } }

    /// Builds the snapshot for the models' state at virtual `timeSeconds` (the virtual clock's time, rounded to
    /// the millisecond), publishes it and returns it.
    ///
    /// The device's heat shows as a recorded host would show it: `powerWatts`, the heat of the last step, as an
    /// instantaneous power reading (like hwmon `power*_input`), and `heatJoules`, all the heat since time zero,
    /// as a cumulative energy counter (like RAPL's `energy_uj`), so a trace gives the exact mean power between
    /// any two samples.
    @discardableResult
    public func publish(
        timeSeconds: Double,
        model: ThermalModel,
        ambientCelsius: Double,
        battery: BatteryModel,
        powerWatts: Double,
        heatJoules: Double = 0,
        powerProfile: String
    ) -> HostSnapshot {
        // Rounded as real sensors report: millidegrees, milliwatts, whole seconds.
        var batteryState = battery.state(powerWatts: powerWatts)
        batteryState.percentage = batteryState.percentage.map { Self.round($0, 1000) }
        batteryState.energyRateWatts = batteryState.energyRateWatts.map { Self.round($0, 1000) }
        batteryState.timeToEmptySeconds = batteryState.timeToEmptySeconds.map { $0.rounded() }
        batteryState.timeToFullSeconds = batteryState.timeToFullSeconds.map { $0.rounded() }
        let snapshot = HostSnapshot(
            time: Self.round(timeSeconds, 1000),
            temperatures: [
                Self.reading(label: "internal", celsius: Self.round(model.internalCelsius, 1000), limits: model.parameters.internalLimits),
                Self.reading(label: "skin", celsius: Self.round(model.hotspotCelsius, 1000), limits: model.parameters.skinLimits),
            ],
            powerReadings: [
                PowerReading(chip: "sim/power", chipName: "simulated", label: "system", kind: .power, value: Self.round(powerWatts, 1000)),
                PowerReading(
                    chip: "sim/energy",
                    chipName: "simulated",
                    label: "system",
                    kind: .energy,
                    value: Self.round(heatJoules, 1_000_000)
                ),
            ],
            battery: batteryState,
            powerProfile: PowerProfileState(activeProfile: powerProfile, performanceDegraded: "")
        )
        state.withLock { $0.current = snapshot }
        return snapshot
    }

    static func round(_ value: Double, _ scale: Double) -> Double { (value * scale).rounded() / scale }

    static func reading(label: String, celsius: Double, limits: SensorLimits) -> TemperatureReading {
        TemperatureReading(
            chip: "sim/\(label)",
            chipName: "simulated",
            label: label,
            source: .simulated,
            celsius: celsius,
            high: limits.high,
            critical: limits.critical
        )
    }
}
