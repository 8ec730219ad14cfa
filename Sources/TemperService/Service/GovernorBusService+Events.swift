import FoundationEssentials
import Logging
import Synchronization
import TemperCore
import TemperGLib
import TemperHost

/// What drives the service's samples and what it does with them: host events ask the governor for a sample, and
/// each sample's changes are published as `PropertiesChanged` and followed by the kernel thresholds.
extension GovernorBusService {
    /// Emits `PropertiesChanged` for what each of the governor's samples changed.
    func publishProperties(_ samples: AsyncStream<HostSample>) async {
        await Self.publish(samples, to: properties) { changes, crossings in
            let connection = endpoint.withLock { $0 }?.connection
            for crossing in crossings {
                connection?.emitCrossingSignal(
                    path: GovernorInterface.objectPath,
                    interface: GovernorInterface.interfaceName,
                    name: "ThresholdCrossed",
                    tier: crossing.tier.rawValue,
                    rising: crossing.rising,
                    headroom: crossing.headroom
                )
            }
            guard !changes.isEmpty else { return }
            if changes.contains(where: { $0.0 == "HeadroomSeconds" }) { busMetrics.recordHeadroom(properties.current.headroomSeconds) }
            connection?.emitPropertiesChanged(
                path: GovernorInterface.objectPath,
                interface: GovernorInterface.interfaceName,
                changes
            )
        }
    }

    /// Stores each sample's condition and forecast in `properties` and hands what changed, and the headroom
    /// thresholds crossed, to `emit`, until the samples end or the task is cancelled.
    static func publish(
        _ samples: AsyncStream<HostSample>,
        to properties: GovernorProperties,
        emit: ([(String, DBusValue)], [(tier: Tier, rising: Bool, headroom: Double)]) -> Void
    ) async {
        for await sample in samples {
            if Task.isCancelled { break }
            let changes = properties.update(condition: sample.condition, forecast: sample.forecast, sensors: sample.sensors)
            let crossings = properties.crossings(sensors: sample.sensors)
            if !changes.isEmpty || !crossings.isEmpty { emit(changes, crossings) }
        }
    }

    /// Keeps kernel thresholds at the tier edges of the zones each sample shows (the edges move with trip points
    /// and settings); removes them when the service stops.
    func followThresholds(_ thresholds: ThermalThresholds) async {
        for await sample in governor.samples(bufferingPolicy: .bufferingNewest(1)) {
            if Task.isCancelled { break }
            thresholds.follow(sample.snapshot, settings: classifierSettings)
        }
        thresholds.clear()
    }

    /// Listens for uevents and the kernel's thermal events on the GLib thread; each asks the governor for a sample.
    func startEvents() async {
        let governor = self.governor
        let logger = self.logger
        let host = self.host
        await glib.perform { [self] in
            do {
                let client = try UdevClient(subsystems: Self.ueventSubsystems) { action, subsystem, path in
                    logger.debug("uevent", metadata: ["action": "\(action)", "subsystem": "\(subsystem)", "path": "\(path)"])
                    // A device may have come or gone, or a chip changed a limit: the next sample lists and reads again.
                    host.devicesMayHaveChanged()
                    governor.sampleSoon()
                }
                // Every device the host lists announces itself here, so the listings need not be read each sample.
                host.keepDeviceListings(forSeconds: Self.deviceListingSeconds)
                udev.withLock { $0 = client }
            } catch {
                logger.warning("no udev uevents; sampling only", metadata: ["why": "\(error)"])
            }
            do {
                let events = try ThermalNetlinkEvents { governor.sampleSoon() }
                thermalEvents.withLock { $0 = events }
                logger.info("listening for thermal netlink trip events")
            } catch {
                logger.info("no thermal netlink events; sampling covers trip points", metadata: ["why": "\(error)"])
            }
        }
    }

    /// The uevents that wake the service: sensors and thermal zones (alarms, trips, limits), and every class of
    /// device the host lists (RAPL zones, power supplies).
    static let ueventSubsystems = ["hwmon", "thermal", "powercap", "power_supply"]
    /// How long device listings are kept while uevents announce every change: a minute, like the sensors' limits,
    /// in case an event is lost.
    static let deviceListingSeconds = 60.0
}
