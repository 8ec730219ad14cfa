import CTemperGObject
import CUPowerGlib
import Logging
import TemperCore

/// The GLib side of ``BusMonitor``: owns the UpClient, its devices and the power-profiles proxies, and lives
/// only on the bus thread (its methods run from that thread's main context). Every change signal schedules
/// one coalesced refresh that reads all properties from GDBus's caches and publishes them.
final class BusLoop {
    private unowned let monitor: BusMonitor
    private let context: OpaquePointer
    private var logger: Logger { monitor.logger }

    private var connection: UnsafeMutableRawPointer?
    private var connectionError: String?
    private var client: UnsafeMutableRawPointer?
    private var displayDevice: UnsafeMutableRawPointer?
    private var batteries: [UnsafeMutableRawPointer] = []
    private var devicesStale = true
    private var profileProxies: [UnsafeMutableRawPointer] = []
    /// (object, handler id) pairs to disconnect before dropping the object.
    private var handlers: [(UnsafeMutableRawPointer, UInt)] = []
    private var pendingRefresh: UnsafeMutablePointer<GSource>?
    private var retryTimer: UnsafeMutablePointer<GSource>?

    /// The power-profiles-daemon names, newest first.
    private static let profileServices = [
        ("org.freedesktop.UPower.PowerProfiles", "/org/freedesktop/UPower/PowerProfiles"),
        ("net.hadess.PowerProfiles", "/net/hadess/PowerProfiles"),
    ]

    init(monitor: BusMonitor, context: OpaquePointer) {
        self.monitor = monitor
        self.context = context
    }

    private var opaqueSelf: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Connects what can be connected, publishes the first state and starts the retry timer.
    func begin() {
        connectIfNeeded()
        refresh()
        retryTimer = attachSource(g_timeout_source_new(monitor.settings.retryMilliseconds)) { loop in
            loop.retry()
            return true
        }
    }

    /// Drops every GLib object; called on the bus thread after the loop stopped.
    func end() {
        for source in [pendingRefresh, retryTimer].compactMap({ $0 }) {
            g_source_destroy(source)
            g_source_unref(source)
        }
        pendingRefresh = nil
        retryTimer = nil
        disconnectAll()
    }

    // MARK: - Connecting

    private func connectIfNeeded() {
        if let connection, temper_system_bus_is_closed(connection) {
            logger.info("system bus closed; reconnecting")
            disconnectAll()
        }
        if connection == nil {
            var message: UnsafeMutablePointer<CChar>?
            connection = temper_system_bus_open(&message)
            connectionError = Self.take(message)
            guard connection != nil else { return }
        }
        if client == nil {
            var message: UnsafeMutablePointer<CChar>?
            client = temper_up_client_new(&message)
            if let client {
                watch(client, "notify")
                watch(client, "device-added", devicesChanged: true)
                watch(client, "device-removed", devicesChanged: true)
                devicesStale = true
            } else {
                connectionError = Self.take(message)
            }
        }
        if profileProxies.isEmpty {
            for (name, path) in Self.profileServices {
                var message: UnsafeMutablePointer<CChar>?
                guard let proxy = temper_power_profiles_proxy_new(name, path, &message) else {
                    _ = Self.take(message)
                    continue
                }
                profileProxies.append(proxy)
                watch(proxy, "g-properties-changed")
                watch(proxy, "notify::g-name-owner")
            }
        }
    }

    private func disconnectAll() {
        for (object, handler) in handlers { temper_signal_disconnect(object, UInt(handler)) }
        handlers.removeAll()
        dropDevices()
        for proxy in profileProxies { temper_object_unref(proxy) }
        profileProxies.removeAll()
        temper_object_unref(client)
        client = nil
        temper_object_unref(connection)
        connection = nil
    }

    private func dropDevices() {
        let devices = (displayDevice.map { [$0] } ?? []) + batteries
        handlers.removeAll { handler in
            guard devices.contains(handler.0) else { return false }
            temper_signal_disconnect(handler.0, UInt(handler.1))
            return true
        }
        for device in devices { temper_object_unref(device) }
        displayDevice = nil
        batteries.removeAll()
        devicesStale = true
    }

    /// Fetches the display device and batteries (synchronous D-Bus calls, so only when they are stale).
    private func loadDevices() {
        guard let client else { return }
        dropDevices()
        displayDevice = temper_up_client_display_device(client)
        if let displayDevice { watch(displayDevice, "notify") }
        if let list = temper_up_client_batteries(client) {
            var cursor = list
            while let device = cursor.pointee {
                if let battery = temper_object_ref(device) {
                    batteries.append(battery)
                    watch(battery, "notify")
                }
                cursor += 1
            }
            temper_object_array_free(list)
        }
        devicesStale = displayDevice == nil
    }

    // MARK: - Signals and sources

    private func watch(_ object: UnsafeMutableRawPointer, _ signal: String, devicesChanged: Bool = false) {
        let callback: TemperChangedCallback = devicesChanged
            ? { context in BusLoop.from(context).devicesDidChange() }
            : { context in BusLoop.from(context).scheduleRefresh() }
        let handler = temper_signal_connect(object, signal, callback, opaqueSelf)
        if handler != 0 { handlers.append((object, UInt(handler))) }
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
            if let source = loop.pendingRefresh { g_source_unref(source) }
            loop.pendingRefresh = nil
            loop.refresh()
            return false
        }
    }

    private func retry() {
        let daemonMissing = client.map { Self.daemonVersion(of: $0) == nil } ?? true
        let profileMissing = monitor.current.powerProfile.activeProfile == nil
        // A closed bus sends no signal of its own, and the proxies keep their last values: look for it here.
        let busClosed = connection.map { temper_system_bus_is_closed($0) } ?? true
        if busClosed || client == nil || profileProxies.isEmpty || daemonMissing || devicesStale || profileMissing {
            connectIfNeeded()
            refresh()
        }
    }

    /// Attaches `source` to this thread's context with `body` as its callback; keeps one reference for us.
    private func attachSource(
        _ source: UnsafeMutablePointer<GSource>?, _ body: @escaping (BusLoop) -> Bool
    ) -> UnsafeMutablePointer<GSource>? {
        guard let source else { return nil }
        let box = Unmanaged.passRetained(SourceBody(loop: self, body: body)).toOpaque()
        g_source_set_callback(source, { data in
            let box = Unmanaged<SourceBody>.fromOpaque(data!).takeUnretainedValue()
            return box.body(box.loop) ? 1 : 0
        }, box, { data in Unmanaged<SourceBody>.fromOpaque(data!).release() })
        g_source_attach(source, context)
        return source
    }

    // MARK: - Reading

    /// Reads everything from GDBus's property caches and publishes it.
    private func refresh() {
        monitor.publish(BusState(battery: readBattery(), powerProfile: readProfile()))
    }

    private func readBattery() -> BatteryState {
        guard connection != nil else {
            return BatteryState(status: .unavailable, detail: "no system bus: \(connectionError ?? "unknown error")")
        }
        guard let client else {
            return BatteryState(status: .unavailable, detail: "UPower client failed: \(connectionError ?? "unknown error")")
        }
        // The daemon's death raises no error: every property resets to its default, and an empty daemon
        // version is the tell. Those defaults must not be believed.
        guard Self.daemonVersion(of: client) != nil else {
            if displayDevice != nil || !batteries.isEmpty { dropDevices() }
            return BatteryState(status: .unavailable, detail: "upowerd is not running")
        }
        if devicesStale { loadDevices() }
        return UPowerReading.battery(client: client, displayDevice: displayDevice, batteries: batteries)
    }

    private func readProfile() -> PowerProfileState {
        for proxy in profileProxies {
            var active: UnsafeMutablePointer<CChar>?
            var degraded: UnsafeMutablePointer<CChar>?
            let found = temper_power_profiles_read(proxy, &active, &degraded)
            let profile = Self.take(active)
            let degradedText = Self.take(degraded)
            if found, let profile { return PowerProfileState(activeProfile: profile, performanceDegraded: degradedText) }
        }
        return .unknown
    }

    private static func daemonVersion(of client: UnsafeMutableRawPointer) -> String? {
        var info = TemperUpClientInfo()
        temper_up_client_read(client, &info)
        defer { temper_up_client_info_clear(&info) }
        guard let version = info.daemon_version.map({ String(cString: $0) }), !version.isEmpty else { return nil }
        return version
    }

    /// Copies a g_malloc'd C string and frees it.
    static func take(_ text: UnsafeMutablePointer<CChar>?) -> String? {
        guard let text else { return nil }
        defer { g_free(text) }
        return String(cString: text)
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
