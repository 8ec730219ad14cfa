public import TemperCore

/// The simulator as a host: it turns the thermal and battery models' state into the same ``HostSnapshot`` the
/// live Linux sources produce, so the classifier cannot tell the difference. The ``Governor`` samples it in its
/// own run loop, as it samples the live host.
public final class SimulatedHost: HostSource {
    private struct State {
        var current = HostSnapshot(time: 0)
        /// What the next read shows, when it has not been made into a snapshot yet (``stage(_:)``).
        var staged: Staged?
        var reads = 0
    }

    /// The models' state a snapshot is made from.
    struct Staged {
        var timeSeconds: Double
        var model: ThermalModel
        var battery: BatteryModel
        var powerWatts: Double
        var heatJoules: Double
        var powerProfile: String
    }

    private let state = Locked(State())

    public init() {}

    /// The latest published snapshot.
    public func snapshot() async -> HostSnapshot {
        state.withLock { state in
            state.reads += 1
            if let staged = state.staged {
                state.current = Self.snapshot(of: staged)
                state.staged = nil
            }
            return state.current
        }
    }

    /// Shows the models' state to the reads from now on, made into a snapshot only when one reads it: a run steps
    /// ten times for each sample the governor takes.
    func stage(_ staged: Staged) {
        state.withLock { $0.staged = staged }
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
        let snapshot = Self.snapshot(
            of: Staged(
                timeSeconds: timeSeconds,
                model: model,
                battery: battery,
                powerWatts: powerWatts,
                heatJoules: heatJoules,
                powerProfile: powerProfile
            )
        )
        state.withLock {
            $0.current = snapshot
            $0.staged = nil
        }
        return snapshot
    }

    /// The snapshot the live sources would read in the state `staged` holds.
    private static func snapshot(of staged: Staged) -> HostSnapshot {
        let (timeSeconds, model, battery) = (staged.timeSeconds, staged.model, staged.battery)
        let (powerWatts, heatJoules, powerProfile) = (staged.powerWatts, staged.heatJoules, staged.powerProfile)
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
