public import TemperCore

/// A ``HostSource`` that tells what it is told: a snapshot you set, or a scripted sequence played one per call.
///
/// ```swift
/// let source = FakeHostSource(script: [.fake(celsius: 60), .fake(celsius: 90)])
/// ```
public final class FakeHostSource: HostSource {
    private struct State {
        var current: HostSnapshot
        var script: [HostSnapshot]
        var calls = 0
    }

    private let state: Locked<State>

    /// A source that returns `snapshot` until set otherwise.
    public init(_ snapshot: HostSnapshot = .fake()) {
        state = Locked(State(current: snapshot, script: []))
    }

    /// A source that returns the scripted snapshots one per call, then repeats the last.
    public init(script: [HostSnapshot]) {
        state = Locked(State(current: script.last ?? .fake(), script: script))
    }

    /// Replaces what the next calls return (and clears any script left).
    public func set(_ snapshot: HostSnapshot) {
        state.withLock { state in
            state.current = snapshot
            state.script.removeAll()
        }
    }

    /// Appends snapshots to the script.
    public func enqueue(_ snapshots: [HostSnapshot]) {
        state.withLock { $0.script.append(contentsOf: snapshots) }
    }

    /// How many times ``snapshot()`` has been called.
    public var snapshotCount: Int { state.withLock { $0.calls } }

    public func snapshot() async -> HostSnapshot {
        state.withLock { state in
            state.calls += 1
            guard !state.script.isEmpty else { return state.current }
            let next = state.script.removeFirst()
            state.current = next
            return next
        }
    }
}

extension HostSnapshot {
    /// A small made-up host at `seconds` on the test's clock: one CPU sensor at `celsius` with limits 85 °C (high) and 95 °C (critical),
    /// and a battery when `batteryPercentage` is given.
    public static func fake(
        celsius: Double? = 45,
        at seconds: Double = 0,
        batteryPercentage: Double? = nil,
        onBattery: Bool = false,
        powerProfile: String? = nil
    ) -> HostSnapshot {
        let sensor = TemperatureReading(
            chip: "/sys/class/hwmon/hwmon0",
            chipName: "fake-isa-0000",
            label: "Package id 0",
            celsius: celsius,
            high: 85,
            critical: 95
        )
        let battery: BatteryState =
            batteryPercentage.map {
                BatteryState(present: true, onBattery: onBattery, percentage: $0, state: onBattery ? "discharging" : "charging")
            }
            ?? .unavailable
        return HostSnapshot(
            time: seconds,
            temperatures: [sensor],
            battery: battery,
            powerProfile: PowerProfileState(activeProfile: powerProfile)
        )
    }
}
