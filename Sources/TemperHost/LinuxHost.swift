import FoundationEssentials
public import Logging
public import TemperCore

/// The live Linux host as a ``HostSource``: libsensors temperatures, power and energy, the kernel's thermal
/// zones, RAPL energy counters and each battery's instantaneous power from sysfs, UPower's battery and
/// power-profiles-daemon's profile, combined into one ``HostSnapshot`` with health per value.
///
/// A snapshot sweeps the sensors synchronously (well under a millisecond for a laptop's sensors) and takes
/// the battery and profile from the bus thread's cache, so it never waits on D-Bus. Nothing the outside world
/// does makes it throw or crash: broken sensors carry an error health, a missing daemon or bus makes the
/// battery `unavailable` and the profile unknown.
///
/// Its bus thread's lifetime belongs to whoever runs it: as a swift-service-lifecycle `Service` (``run()``) in the
/// same `ServiceGroup` as the ``Governor`` it feeds, or, for a one-off reading, between ``start(timeout:)`` and
/// ``stop()``. A library host never installs signal handlers, and nothing here blocks in a `deinit`.
public final class LinuxHost: HostSource {
    public let configuration: Configuration
    /// What stamps each snapshot's ``HostSnapshot/time``: pass the clock of the ``Governor`` the host feeds, so the
    /// classifier, queue and budgets share one time base.
    public let clock: any GovernorClock
    /// The bus side; `nil` when ``Configuration/watchesBus`` is off.
    public let bus: BusMonitor?
    private let thermalZones: ThermalZoneReader
    private let powercap: PowercapReader
    private let powerSupplies: PowerSupplyReader
    private let listings = SysfsListings()
    /// `<sysfs root>/class/hwmon`, whose listing tells libsensors' owner when chips came or went.
    private let hwmonClassPath: String
    let logger: Logger
    /// Runs the host as a `Service` once; read through ``state``.
    let gate = LifecycleGate(name: "the Linux host")

    /// - Parameters:
    ///   - configuration: What to read and where.
    ///   - clock: The governor's clock; by default `CLOCK_MONOTONIC` (`SuspendingClock`) from now, so time the
    ///     machine spends suspended does not count (see ``GovernorClock``).
    ///   - logger: Where sensor and bus trouble is logged.
    public init(
        configuration: Configuration = .init(),
        clock: any GovernorClock = ContinuousGovernorClock(SuspendingClock()),
        logger: Logger
    ) {
        self.configuration = configuration
        self.clock = clock
        self.logger = logger
        self.hwmonClassPath = configuration.sysfsRoot + "/class/hwmon"
        self.thermalZones = ThermalZoneReader(sysfsRoot: configuration.sysfsRoot, listings: listings)
        self.powercap = PowercapReader(sysfsRoot: configuration.sysfsRoot, listings: listings)
        self.powerSupplies = PowerSupplyReader(sysfsRoot: configuration.sysfsRoot, listings: listings)
        self.bus = configuration.watchesBus ? BusMonitor(settings: configuration.bus, logger: logger) : nil
    }

    /// Starts the bus thread and waits (up to `timeout`) for its first reading, so the first snapshot
    /// already has the battery.
    public func start(timeout: Duration = .seconds(2)) async {
        guard let bus else { return }
        bus.start()
        await bus.waitUntilReady(timeout: timeout)
    }

    /// Stops the bus thread and waits, without blocking a thread, for it to release its GLib objects.
    public func stop() async {
        await bus?.stop()
    }

    /// A snapshot; while a started bus has not published its first reading (a host just started by ``run()``),
    /// it first waits up to 2 s for it, so the first snapshot already has the battery.
    ///
    /// `@concurrent`: the sweep reads sysfs and libsensors synchronously (slow I2C and SMART sensors take
    /// milliseconds), so it runs on the global executor rather than on the calling ``Governor``'s actor, which
    /// stays free to decide requests meanwhile.
    @concurrent
    public func snapshot() async -> HostSnapshot {
        if let bus, bus.isStarted, !bus.isReady { await bus.waitUntilReady() }
        return sample()
    }

    /// The same as ``snapshot()``, synchronously: stamped with ``clock``, and the wall clock as metadata.
    public func sample() -> HostSnapshot {
        let start = clock.now
        let relisted = listings.beginSample(at: start)
        let sweep = SensorsLibraryOwner.shared.sweep(
            devices: listings.entries(of: hwmonClassPath),
            configPath: configuration.sensorsConfigPath,
            now: start,
            limitsMaxAge: configuration.limitsMaxAgeSeconds,
            checksFiles: relisted,
            logger: logger
        )
        var temperatures = sweep.temperatures
        if configuration.readsThermalZones {
            temperatures = Self.merge(hwmon: temperatures, zones: thermalZones.read())
        }
        let busState = bus?.current ?? BusState(battery: BatteryState(status: .unavailable, detail: "bus not watched"))
        return HostSnapshot(
            time: clock.now,
            timestamp: Date(),
            temperatures: temperatures,
            // hwmon power and energy through libsensors, then RAPL energy and each battery's instantaneous power.
            powerReadings: sweep.powerReadings + powercap.read() + powerSupplies.read(),
            measurements: sweep.measurements,
            battery: busState.battery,
            powerProfile: busState.powerProfile,
            peripherals: busState.peripherals,
            sensorLibrary: sweep.initError?.health ?? .ok
        )
    }

    /// Makes the next ``sample()`` read every sensor's limits again instead of the ones it keeps for
    /// ``Configuration/limitsMaxAgeSeconds``, and list the devices again: call it when a device may have come,
    /// gone or changed a limit, e.g. on a hwmon, thermal, powercap or power_supply uevent.
    public func devicesMayHaveChanged() {
        listings.forget()
        SensorsLibraryOwner.shared.invalidateLimits()
    }

    /// Keeps the listings of hwmon chips, thermal zones, RAPL zones and power supplies between samples for up to
    /// `seconds`, and trusts the sensor files it keeps open to still be the ones at their paths, instead of checking
    /// both on every sample (`0`, the default). Only for a caller that calls ``devicesMayHaveChanged()`` whenever a
    /// device of those classes may have come, gone or changed, as `temper serve` does on every uevent of those
    /// subsystems.
    public func keepDeviceListings(forSeconds seconds: Double) {
        listings.keep(forSeconds: seconds)
    }

    /// Adds the thermal zones. A zone the kernel also exports as hwmon (its hwmon chip is named after the
    /// zone type) lends its trip points to that chip's readings where hwmon gives no limits, and is not
    /// listed twice.
    static func merge(hwmon: [TemperatureReading], zones: [TemperatureReading]) -> [TemperatureReading] {
        var result = hwmon
        for zone in zones {
            let hwmonName = zone.label.replacing("-", with: "_")
            let twins = result.indices.filter { index in
                result[index].source == .hwmon && result[index].chipName.hasPrefix(hwmonName + "-")
            }
            let zonesOfType = zones.filter { $0.label == zone.label }.count
            guard !twins.isEmpty, zonesOfType == 1 else {
                result.append(zone)
                continue
            }
            for index in twins {
                if result[index].high == nil {
                    result[index].high = zone.high
                    result[index].highHysteresis = result[index].highHysteresis ?? zone.highHysteresis
                }
                if result[index].critical == nil {
                    result[index].critical = zone.critical
                    result[index].criticalHysteresis = result[index].criticalHysteresis ?? zone.criticalHysteresis
                }
            }
        }
        return result
    }
}
