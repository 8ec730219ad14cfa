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
        /// A method call was refused as too large before dispatch (on GDBus's worker thread).
        func refusedOversized(member: String)
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
    /// once everything answers. A message whose body is over `bodyLimit` bytes never reaches the service (see
    /// ``DBusConnection/init(bus:bodyLimit:errorName:refused:context:)``).
    init(bus: DBusBus, bodyLimit: Int, handler: any Handler) throws(DBusFailure) {
        let box = Unmanaged.passRetained(HandlerBox(handler))
        handlerBox = box
        let context = box.toOpaque()
        do {
            connection = try DBusConnection(
                bus: bus,
                bodyLimit: bodyLimit,
                errorName: GovernorInterface.ErrorName.tooLarge.rawValue,
                refused: { context, member in
                    BusEndpoint.handler(context).refusedOversized(member: String(cString: member!))
                },
                context: context
            )
        } catch {
            box.release()
            throw error
        }
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
