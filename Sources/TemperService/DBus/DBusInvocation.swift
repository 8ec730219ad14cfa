import CTemperGLib
import TemperCore

/// One incoming method call, answered exactly once: a second answer is ignored, and a call dropped without
/// an answer is answered with `org.freedesktop.DBus.Error.Failed` in deinit, so no caller ever waits forever.
final class DBusInvocation: @unchecked Sendable {
    /// The GDBusMethodInvocation's address until answered (pointers are not Sendable).
    private let address: Locked<UInt>

    init(taking pointer: UnsafeMutableRawPointer) {
        address = Locked(UInt(bitPattern: pointer))
    }

    deinit {
        if let pointer = take() {
            temper_dbus_return_error(pointer, "org.freedesktop.DBus.Error.Failed", "the call was dropped")
        }
    }

    /// The invocation, once; answering consumes GDBus's reference.
    private func take() -> UnsafeMutableRawPointer? {
        let taken = address.withLock { address in
            defer { address = 0 }
            return address
        }
        return UnsafeMutableRawPointer(bitPattern: taken)
    }

    func returnString(_ value: String) { take().map { temper_dbus_return_string($0, value) } }
    func returnUInt64(_ value: UInt64) { take().map { temper_dbus_return_uint64($0, value) } }
    func returnBoolean(_ value: Bool) { take().map { temper_dbus_return_boolean($0, value) } }
    func returnValue(_ value: DBusValue) { take().map { temper_dbus_return_value($0, value.pointer) } }
    func returnError(name: String, message: String) { take().map { temper_dbus_return_error($0, name, message) } }
}

/// A method call's arguments, borrowed for the call: GDBus has already checked them against the
/// introspection data, so only the indices and types the XML declares are read.
struct DBusArguments {
    let pointer: UnsafeMutableRawPointer

    /// The bytes of the string argument at `index`, or `nil` when it is longer than `limit` (not copied then).
    func stringBytes(at index: UInt32, limit: Int) -> (bytes: [UInt8]?, length: Int) {
        var length: UInt64 = 0
        let text = temper_dbus_argument_string(pointer, index, &length)
        guard let text, length <= UInt64(limit) else { return (nil, Int(clamping: length)) }
        let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
        return (Array(bytes), Int(length))
    }

    func double(at index: UInt32) -> Double { temper_dbus_argument_double(pointer, index) }
    func uint64(at index: UInt32) -> UInt64 { temper_dbus_argument_uint64(pointer, index) }
}
