import CTemperDBus

/// An owned GDBusProxy for one remote object, its properties cached and every change reported. Make and drop
/// it on a ``GLibThread``: changes are delivered to that thread.
final class DBusProxy: @unchecked Sendable {
    private let pointer: UnsafeMutableRawPointer
    private let target: Unmanaged<Target>

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
        let target = Unmanaged.passRetained(Target(changed))
        var message: UnsafeMutablePointer<CChar>?
        guard
            let proxy = temper_dbus_proxy_new(
                connection.pointer,
                name,
                path,
                interface,
                { context in
                    Unmanaged<Target>.fromOpaque(context!).takeUnretainedValue().changed()
                },
                target.toOpaque(),
                &message
            )
        else {
            target.release()
            throw DBusFailure("cannot watch \(name): \(GLibText.take(message) ?? "unknown error")")
        }
        self.pointer = proxy
        self.target = target
    }

    deinit {
        // The proxy's signal closures point at the target: drop the proxy (and them) first.
        temper_dbus_object_unref(pointer)
        target.release()
    }

    /// The cached string property, or `nil` when absent or nobody owns the name.
    func string(_ property: String) -> String? {
        GLibText.take(temper_dbus_proxy_string_property(pointer, property))
    }

    /// Sets a string property (asynchronously; the change comes back as a PropertiesChanged).
    func set(_ property: String, to value: String) {
        temper_dbus_proxy_set_string_property(pointer, property, value)
    }
}
