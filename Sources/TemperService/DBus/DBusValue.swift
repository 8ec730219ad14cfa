import CTemperGLib
import Glibc

/// An owned GVariant (sunk on creation, unreffed in deinit).
final class DBusValue: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer

    private init(sinking floating: UnsafeMutableRawPointer?) {
        pointer = temper_dbus_value_sink(floating)!
    }

    deinit {
        temper_dbus_value_unref(pointer)
    }

    static func string(_ value: String) -> DBusValue { DBusValue(sinking: temper_dbus_value_string(value)) }
    static func boolean(_ value: Bool) -> DBusValue { DBusValue(sinking: temper_dbus_value_boolean(value)) }
    static func double(_ value: Double) -> DBusValue { DBusValue(sinking: temper_dbus_value_double(value)) }

    static func strings(_ values: [String]) -> DBusValue {
        withCStringArray(values) { names in
            DBusValue(sinking: temper_dbus_value_strings(names, UInt32(values.count)))
        }
    }

    /// A new (full) reference for GDBus, which takes it over.
    func retainedForGLib() -> UnsafeMutableRawPointer { temper_dbus_value_sink(pointer) }
}
