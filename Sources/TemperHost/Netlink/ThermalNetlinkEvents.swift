import CTemperGLib
import TemperGLib

/// Membership of the kernel's thermal generic-netlink "event" group: trip-point crossings (and, on Linux
/// ≥ 6.13, user thresholds) of every thermal zone, as a wake-up. Make and drop it on a `GLibThread`; the
/// socket is watched by that thread's main context.
package final class ThermalNetlinkEvents: @unchecked Sendable {
    private let sourceID: UInt32
    private let target: Unmanaged<Target>

    private final class Target {
        let wake: () -> Void
        init(_ wake: @escaping () -> Void) { self.wake = wake }
    }

    /// Throws ``ThermalNetlinkError`` when the kernel has no thermal netlink family or the group cannot be joined
    /// (sampling alone covers the zones then).
    package init(onEvent: @escaping () -> Void) throws(ThermalNetlinkError) {
        let group = try ThermalNetlinkFamily.eventGroup()
        let target = Unmanaged.passRetained(Target(onEvent))
        var message: UnsafeMutablePointer<CChar>?
        let id = temper_thermal_events_watch(
            group,
            { context in
                Unmanaged<Target>.fromOpaque(context!).takeUnretainedValue().wake()
            },
            target.toOpaque(),
            &message
        )
        guard id != 0 else {
            target.release()
            throw ThermalNetlinkError(.io, GLibText.take(message) ?? "cannot join the thermal event group")
        }
        sourceID = id
        self.target = target
    }

    deinit {
        temper_thermal_events_unwatch(sourceID)
        target.release()
    }
}
