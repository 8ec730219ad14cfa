import CTemperGLib
import Glibc
import TemperGLib

/// An owned GDBusConnection (one of our own, never the process's shared one): each method wraps one C call.
/// Used from the ``GLibThread`` that created it, except the emit and answer calls, which GDBus allows from
/// any thread.
final class DBusConnection: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer

    /// Connects and says hello to the bus.
    init(bus: DBusBus) throws(DBusFailure) {
        var message: UnsafeMutablePointer<CChar>?
        let opened: UnsafeMutableRawPointer? =
            switch bus {
            case .system: temper_bus_open(0, nil, false, &message)
            case .session: temper_bus_open(1, nil, false, &message)
            case .address(let address): temper_bus_open(0, address, false, &message)
            }
        guard let opened else {
            throw DBusFailure("cannot connect to the \(bus): \(GLibText.take(message) ?? "unknown error")")
        }
        pointer = opened
    }

    /// Connects through a reader that never holds a message whose body is over `bodyLimit` bytes: a method call
    /// with a larger body is answered `errorName` before dispatch (and `refused` is called with its member, on
    /// GDBus's worker thread), any other such message dropped, its body read and thrown away in pieces.
    init(
        bus: DBusBus,
        bodyLimit: Int,
        errorName: String,
        refused: TemperOversizedCallback,
        context: UnsafeMutableRawPointer
    ) throws(DBusFailure) {
        var message: UnsafeMutablePointer<CChar>?
        let limit = UInt32(clamping: bodyLimit)
        let opened: UnsafeMutableRawPointer? =
            switch bus {
            case .system: temper_bus_open_guarded(0, nil, limit, errorName, refused, context, &message)
            case .session: temper_bus_open_guarded(1, nil, limit, errorName, refused, context, &message)
            case .address(let address): temper_bus_open_guarded(0, address, limit, errorName, refused, context, &message)
            }
        guard let opened else {
            throw DBusFailure("cannot connect to the \(bus): \(GLibText.take(message) ?? "unknown error")")
        }
        pointer = opened
    }

    deinit {
        temper_object_unref(pointer)
    }

    /// The Unix user of the connection that owns `name`, asked of the bus (at most a second); -1 when it does not say.
    func unixUser(of name: String) -> Int64 {
        temper_dbus_connection_unix_user(pointer, name, 1000)
    }

    /// polkit's answer for the connection that owns `name` and `action` (asked without interaction, waiting at
    /// most a second): `nil` when polkit does not answer, as where polkitd does not run.
    func polkitAuthorizes(_ name: String, action: String) -> Bool? {
        switch temper_dbus_polkit_check(pointer, name, action, 1000) {
        case 1: true
        case 0: false
        default: nil
        }
    }

    /// Flushes and closes; the object stays valid until released.
    func close() { temper_dbus_connection_close(pointer) }

    func emitPropertiesChanged(path: String, interface: String, _ changes: [(String, DBusValue)]) {
        guard !changes.isEmpty else { return }
        let values: [UnsafeMutableRawPointer?] = changes.map { $0.1.pointer }
        _ = withCStringArray(changes.map(\.0)) { names in
            values.withUnsafeBufferPointer { valueBuffer in
                withExtendedLifetime(changes) {
                    temper_dbus_emit_properties_changed(
                        pointer,
                        path,
                        interface,
                        names,
                        valueBuffer.baseAddress,
                        UInt32(changes.count)
                    )
                }
            }
        }
    }

    /// Broadcasts a `(sbd)` signal: a tier, whether it was crossed rising, and the headroom.
    func emitCrossingSignal(path: String, interface: String, name: String, tier: String, rising: Bool, headroom: Double) {
        _ = temper_dbus_emit_crossing_signal(pointer, path, interface, name, tier, rising, headroom)
    }

    /// Emits a `(ts)` signal, unicast to `destination` when given.
    func emitTicketSignal(destination: String?, path: String, interface: String, name: String, ticket: UInt64, text: String) {
        _ = temper_dbus_emit_ticket_signal(pointer, destination, path, interface, name, ticket, text)
    }
}
