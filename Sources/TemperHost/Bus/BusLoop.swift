import CTemperGLib
import CUPowerGlib
import Logging
import TemperCore
import TemperGLib

/// The GLib side of ``BusMonitor``: owns the UpClient, its devices and the power-profiles proxies, and lives
/// only on the bus thread (its methods run from that thread's main context). Every change signal schedules
/// one coalesced refresh that reads all properties from GDBus's caches and publishes them.
final class BusLoop {
    /// Held strongly: the monitor lives while its loop does, which ends before the bus thread.
    private let monitor: BusMonitor
    private let context: OpaquePointer
    private var logger: Logger { monitor.logger }

    // Every GLib handle is held by an owner (GLibHandles.swift) that releases it when dropped.
    private var connection: GObjectReference?
    private var connectionError: BusError?
    private var client: GObjectReference?
    private var displayDevice: GObjectReference?
    private var batteries: [GObjectReference] = []
    /// Controllers, mice, headsets…: each watched for "notify" like the batteries, listed again on hot-plug.
    private var peripherals: [GObjectReference] = []
    private var devicesStale = true
    private var profileProxies: [GObjectReference] = []
    /// Signal handlers, disconnected when dropped (before the objects they hold).
    private var handlers: [SignalConnection] = []
    private var pendingRefresh: GSourceReference?
    private var retryTimer: GSourceReference?

    /// The power-profiles-daemon names, newest first.
    private static let profileServices = [
        ("org.freedesktop.UPower.PowerProfiles", "/org/freedesktop/UPower/PowerProfiles"),
        ("net.hadess.PowerProfiles", "/net/hadess/PowerProfiles"),
    ]

    /// Made on the bus thread, whose default context it attaches its sources to.
    init(monitor: BusMonitor) {
        self.monitor = monitor
        self.context = g_main_context_get_thread_default()
    }

    private var opaqueSelf: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Connects what can be connected and publishes the first state (which arms the retry timer if
    /// something is missing).
    func begin() {
        connectIfNeeded()
        refresh()
    }

    /// Drops every GLib object; called on the bus thread after the loop stopped.
    func end() {
        pendingRefresh = nil
        retryTimer = nil
        disconnectAll()
    }

    // MARK: - Connecting

    private func connectIfNeeded() {
        if let connection, temper_bus_is_closed(connection.pointer) {
            logger.info("system bus closed; reconnecting")
            disconnectAll()
        }
        if connection == nil {
            var message: UnsafeMutablePointer<CChar>?
            connection = GObjectReference(adopting: temper_bus_open(0, nil, true, &message))
            connectionError = connection == nil ? BusError(.noSystemBus, takingMessage: message) : nil
            guard let connection else { return }
            // A bus that goes away says so only through this signal; the proxies keep their last values.
            watch(connection, "closed")
        }
        if client == nil {
            var message: UnsafeMutablePointer<CChar>?
            client = GObjectReference(adopting: temper_up_client_new(&message))
            if let client {
                watch(client, "notify")
                watch(client, "device-added", devicesChanged: true)
                watch(client, "device-removed", devicesChanged: true)
                devicesStale = true
            } else {
                connectionError = BusError(.upowerClientFailed, takingMessage: message)
            }
        }
        if profileProxies.isEmpty, let connection {
            for (name, path) in Self.profileServices {
                var message: UnsafeMutablePointer<CChar>?
                let made = temper_dbus_proxy_new(connection.pointer, name, path, name, &message)
                guard let proxy = GObjectReference(adopting: made) else {
                    _ = GLibText.take(message)
                    continue
                }
                profileProxies.append(proxy)
                watch(proxy, "g-properties-changed")
                watch(proxy, "notify::g-name-owner")
            }
        }
    }

    private func disconnectAll() {
        handlers.removeAll()
        dropDevices()
        profileProxies.removeAll()
        client = nil
        connection = nil
    }

    private func dropDevices() {
        let devices = (displayDevice.map { [$0] } ?? []) + batteries + peripherals
        handlers.removeAll { handler in devices.contains { $0 === handler.object } }
        displayDevice = nil
        batteries.removeAll()
        peripherals.removeAll()
        devicesStale = true
    }

    /// Fetches the display device, batteries and peripherals (synchronous D-Bus calls, so only when they are
    /// stale: at start, and when UPower adds or removes a device).
    private func loadDevices() {
        guard let client else { return }
        dropDevices()
        displayDevice = GObjectReference(adopting: temper_up_client_display_device(client.pointer))
        if let displayDevice { watch(displayDevice, "notify") }
        batteries = watchedDevices(temper_up_client_batteries(client.pointer))
        peripherals = watchedDevices(temper_up_client_peripherals(client.pointer))
        devicesStale = displayDevice == nil
    }

    /// Takes a reference to each device of a shim list, watches it for "notify" and frees the list.
    private func watchedDevices(_ list: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> [GObjectReference] {
        guard let list else { return [] }
        defer { temper_object_array_free(list) }
        var devices: [GObjectReference] = []
        var cursor = list
        while let device = cursor.pointee {
            if let reference = GObjectReference(adopting: temper_object_ref(device)) {
                devices.append(reference)
                watch(reference, "notify")
            }
            cursor += 1
        }
        return devices
    }

    // MARK: - Signals and sources

    private func watch(_ object: GObjectReference, _ signal: String, devicesChanged: Bool = false) {
        let callback: TemperChangedCallback =
            devicesChanged
            ? { context in BusLoop.from(context).devicesDidChange() }
            : { context in BusLoop.from(context).scheduleRefresh() }
        if let handler = SignalConnection(object, signal: signal, callback: callback, context: opaqueSelf) { handlers.append(handler) }
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> BusLoop {
        Unmanaged<BusLoop>.fromOpaque(context!).takeUnretainedValue()
    }

    private func devicesDidChange() {
        devicesStale = true
        scheduleRefresh()
    }

    /// Coalesces a burst of change signals into one refresh a few milliseconds later.
    private func scheduleRefresh() {
        guard pendingRefresh == nil else { return }
        pendingRefresh = attachSource(g_timeout_source_new(monitor.settings.coalesceMilliseconds)) { loop in
            loop.pendingRefresh = nil
            loop.refresh()
            return false
        }
    }

    /// Looks again for what is missing; the timer calling this is armed only while something is.
    private func retry() {
        connectIfNeeded()
        refresh()
    }

    /// Arms the retry timer while the bus, the UPower client or daemon, the power-profiles proxies or the
    /// display device is missing, and disarms it once everything is there: then only signals wake the thread
    /// (a daemon that comes back or a profile daemon that appears announces itself, a closed bus says so).
    private func updateRetryTimer() {
        let busClosed = connection.map { temper_bus_is_closed($0.pointer) } ?? true
        let daemonMissing = client.map { Self.daemonVersion(of: $0.pointer) == nil } ?? true
        let missing = busClosed || daemonMissing || profileProxies.isEmpty || devicesStale
        if !missing {
            retryTimer = nil
        } else if retryTimer == nil {
            retryTimer = attachSource(g_timeout_source_new(monitor.settings.retryMilliseconds)) { loop in
                loop.retry()
                return true
            }
        }
    }

    /// Attaches `source` to this thread's context with `body` as its callback; the owner returned keeps our
    /// reference and destroys the source when dropped.
    private func attachSource(
        _ source: UnsafeMutablePointer<GSource>?,
        _ body: @escaping (BusLoop) -> Bool
    ) -> GSourceReference? {
        guard let source else { return nil }
        let box = Unmanaged.passRetained(SourceBody(loop: self, body: body)).toOpaque()
        g_source_set_callback(
            source,
            { data in
                let box = Unmanaged<SourceBody>.fromOpaque(data!).takeUnretainedValue()
                return box.body(box.loop) ? 1 : 0
            },
            box,
            { data in Unmanaged<SourceBody>.fromOpaque(data!).release() }
        )
        g_source_attach(source, context)
        return GSourceReference(adopting: source)
    }

    // MARK: - Reading

    /// Reads everything from GDBus's property caches and publishes it.
    private func refresh() {
        if let connection, temper_bus_is_closed(connection.pointer) { connectIfNeeded() }
        let battery = readBattery()
        // Read after the battery, which reloads stale devices; a dead daemon has dropped them.
        let listed = battery.status == .available ? peripherals.compactMap { UPowerReading.peripheral($0.pointer) } : []
        monitor.publish(BusState(battery: battery, powerProfile: readProfile(), peripherals: listed))
        updateRetryTimer()
    }

    private func readBattery() -> BatteryState {
        guard connection != nil else {
            return BatteryState(status: .unavailable, detail: connectionError?.description ?? "no system bus: unknown error")
        }
        guard let client else {
            return BatteryState(status: .unavailable, detail: connectionError?.description ?? "UPower client failed: unknown error")
        }
        // The daemon's death raises no error: every property resets to its default, and an empty daemon
        // version is the tell. Those defaults must not be believed.
        guard Self.daemonVersion(of: client.pointer) != nil else {
            if displayDevice != nil || !batteries.isEmpty || !peripherals.isEmpty { dropDevices() }
            return BatteryState(status: .unavailable, detail: "upowerd is not running")
        }
        if devicesStale { loadDevices() }
        return UPowerReading.battery(client: client.pointer, displayDevice: displayDevice?.pointer, batteries: batteries.map(\.pointer))
    }

    private func readProfile() -> PowerProfileState {
        for proxy in profileProxies {
            var active: UnsafeMutablePointer<CChar>?
            var degraded: UnsafeMutablePointer<CChar>?
            let found = temper_power_profiles_read(proxy.pointer, &active, &degraded)
            let profile = GLibText.take(active)
            let degradedText = GLibText.take(degraded)
            if found, let profile {
                return PowerProfileState(
                    activeProfile: profile,
                    performanceDegraded: degradedText,
                    profiles: Self.profiles(of: proxy.pointer)
                )
            }
        }
        return .unknown
    }

    /// Every profile the daemon offers (its `Profiles` property), with its driver.
    private static func profiles(of proxy: UnsafeMutableRawPointer) -> [PowerProfileState.Profile] {
        var names: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var drivers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        guard temper_power_profiles_list(proxy, &names, &drivers) else { return [] }
        let driverList = GLibText.takeList(drivers)
        return GLibText.takeList(names).enumerated().map { index, name in
            let driver = index < driverList.count && !driverList[index].isEmpty ? driverList[index] : nil
            return PowerProfileState.Profile(name: name, driver: driver)
        }
    }

    private static func daemonVersion(of client: UnsafeMutableRawPointer) -> String? {
        var info = TemperUpClientInfo()
        temper_up_client_read(client, &info)
        defer { temper_up_client_info_clear(&info) }
        guard let version = info.daemon_version.map({ String(cString: $0) }), !version.isEmpty else { return nil }
        return version
    }
}

/// A source callback's closure, kept alive by GLib until the source is destroyed.
private final class SourceBody {
    let loop: BusLoop
    let body: (BusLoop) -> Bool

    init(loop: BusLoop, body: @escaping (BusLoop) -> Bool) {
        self.loop = loop
        self.body = body
    }
}
