import CTemperDBus
import TemperHost

/// Membership of the kernel's thermal generic-netlink "event" group: trip-point crossings (and, on Linux
/// ≥ 6.13, user thresholds) of every thermal zone, as a wake-up. Make and drop it on a ``GLibThread``; the
/// socket is watched by that thread's main context.
final class ThermalNetlinkEvents: @unchecked Sendable {
    private let sourceID: UInt32
    private let target: Unmanaged<Target>

    private final class Target {
        let wake: () -> Void
        init(_ wake: @escaping () -> Void) { self.wake = wake }
    }

    /// Throws when the kernel has no thermal netlink family (sampling alone covers the zones then).
    init(onEvent: @escaping () -> Void) throws(DBusFailure) {
        let group: UInt32
        do throws(ThermalNetlinkError) {
            group = try ThermalNetlinkFamily.eventGroup()
        } catch {
            throw DBusFailure(error.description)
        }
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
            throw DBusFailure(GLibText.take(message) ?? "no thermal netlink events")
        }
        sourceID = id
        self.target = target
    }

    deinit {
        temper_thermal_events_unwatch(sourceID)
        target.release()
    }
}
