import CTemperGLib
import TemperGLib

/// An owned GDBusProxy for one remote object, its properties cached and every change reported. Make and drop
/// it on a `GLibThread`: changes are delivered to that thread.
final class DBusProxy: @unchecked Sendable {
    private let proxy: GObjectReference
    private let target: Unmanaged<Target>
    /// Disconnected before the target is released: the handlers point at it.
    private var handlers: [SignalConnection] = []

    private final class Target {
        let changed: () -> Void
        init(_ changed: @escaping () -> Void) { self.changed = changed }
    }

    /// `changed` runs on every PropertiesChanged and whenever the remote name gains or loses its owner.
    init(
        connection: DBusConnection,
        name: String,
        path: String,
        interface: String,
        changed: @escaping () -> Void
    ) throws(DBusFailure) {
        var message: UnsafeMutablePointer<CChar>?
        guard let proxy = GObjectReference(adopting: temper_dbus_proxy_new(connection.pointer, name, path, interface, &message)) else {
            throw DBusFailure("cannot watch \(name): \(GLibText.take(message) ?? "unknown error")")
        }
        self.proxy = proxy
        self.target = Unmanaged.passRetained(Target(changed))
        let callback: TemperChangedCallback = { context in Unmanaged<Target>.fromOpaque(context!).takeUnretainedValue().changed() }
        for signal in ["g-properties-changed", "notify::g-name-owner"] {
            if let handler = SignalConnection(proxy, signal: signal, callback: callback, context: target.toOpaque()) {
                handlers.append(handler)
            }
        }
    }

    deinit {
        handlers.removeAll()
        target.release()
    }

    /// The cached string property, or `nil` when absent or nobody owns the name.
    func string(_ property: String) -> String? {
        GLibText.take(temper_dbus_proxy_string_property(proxy.pointer, property))
    }

    /// Sets a string property (asynchronously; the change comes back as a PropertiesChanged).
    func set(_ property: String, to value: String) {
        temper_dbus_proxy_set_string_property(proxy.pointer, property, value)
    }
}
