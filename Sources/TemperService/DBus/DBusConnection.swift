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

    deinit {
        temper_object_unref(pointer)
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

    /// Emits a `(ts)` signal, unicast to `destination` when given.
    func emitTicketSignal(destination: String?, path: String, interface: String, name: String, ticket: UInt64, text: String) {
        _ = temper_dbus_emit_ticket_signal(pointer, destination, path, interface, name, ticket, text)
    }
}
