import CTemperGLib
import FoundationEssentials
import TemperGLib

/// The service's GLib-side objects: its bus connection, the exported object, the owned name and the
/// NameOwnerChanged subscription. Made and dropped on the ``GLibThread`` (calls and signals arrive there).
final class BusEndpoint: @unchecked Sendable {
    /// What the bus asks of the service, answered synchronously on the bus thread.
    protocol Handler: AnyObject, Sendable {
        func methodCalled(sender: String, method: String, arguments: DBusArguments, invocation: DBusInvocation)
        func property(named name: String) -> DBusValue?
        func nameOwnership(_ owned: Bool)
        func senderVanished(_ name: String)
    }

    let connection: DBusConnection
    private let handlerBox: Unmanaged<HandlerBox>
    private var registration: UInt32 = 0
    private var ownerID: UInt32 = 0
    private var subscription: UInt32 = 0

    private final class HandlerBox {
        let handler: any Handler
        init(_ handler: any Handler) { self.handler = handler }
    }

    /// Connects, exports the object and subscribes to departures; the name is requested by ``requestName()``
    /// once everything answers.
    init(bus: DBusBus, handler: any Handler) throws(DBusFailure) {
        connection = try DBusConnection(bus: bus)
        handlerBox = Unmanaged.passRetained(HandlerBox(handler))
        let context = handlerBox.toOpaque()
        subscription = temper_dbus_watch_vanished_names(
            connection.pointer,
            { context, name in
                BusEndpoint.handler(context).senderVanished(String(cString: name!))
            },
            context
        )
        var message: UnsafeMutablePointer<CChar>?
        registration = temper_dbus_register_object(
            connection.pointer,
            GovernorInterface.objectPath,
            GovernorInterface.introspectionXML,
            GovernorInterface.interfaceName,
            { context, sender, method, parameters, invocation in
                BusEndpoint.handler(context).methodCalled(
                    sender: String(cString: sender!),
                    method: String(cString: method!),
                    arguments: DBusArguments(pointer: parameters!),
                    invocation: DBusInvocation(taking: invocation!)
                )
            },
            { context, property in
                BusEndpoint.handler(context).property(named: String(cString: property!))?.retainedForGLib()
            },
            context,
            &message
        )
        guard registration != 0 else {
            close()
            throw DBusFailure("cannot export \(GovernorInterface.objectPath): \(GLibText.take(message) ?? "unknown error")")
        }
    }

    deinit {
        handlerBox.release()
    }

    private static func handler(_ context: UnsafeMutableRawPointer?) -> any Handler {
        Unmanaged<HandlerBox>.fromOpaque(context!).takeUnretainedValue().handler
    }

    func requestName() {
        ownerID = temper_dbus_own_name(
            connection.pointer,
            GovernorInterface.busName,
            { context, owned in
                BusEndpoint.handler(context).nameOwnership(owned != 0)
            },
            handlerBox.toOpaque()
        )
    }

    /// Gives the name back, unexports and closes; safe to call twice.
    func close() {
        temper_dbus_unown_name(ownerID)
        ownerID = 0
        temper_dbus_unregister_object(connection.pointer, registration)
        registration = 0
        temper_dbus_signal_unsubscribe(connection.pointer, subscription)
        subscription = 0
        connection.close()
    }
}
