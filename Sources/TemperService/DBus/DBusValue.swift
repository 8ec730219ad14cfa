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

    /// An `a{sv}` dictionary.
    static func dictionary(_ entries: [(String, DBusValue)]) -> DBusValue {
        let values: [UnsafeMutableRawPointer?] = entries.map { $0.1.pointer }
        return withCStringArray(entries.map(\.0)) { names in
            values.withUnsafeBufferPointer { buffer in
                withExtendedLifetime(entries) {
                    DBusValue(sinking: temper_dbus_value_vardict(names, buffer.baseAddress, UInt32(entries.count)))
                }
            }
        }
    }

    /// An `aa{sv}` array of dictionaries (each made with ``dictionary(_:)``).
    static func dictionaries(_ entries: [DBusValue]) -> DBusValue {
        let values: [UnsafeMutableRawPointer?] = entries.map(\.pointer)
        return values.withUnsafeBufferPointer { buffer in
            withExtendedLifetime(entries) {
                DBusValue(sinking: temper_dbus_value_vardict_array(buffer.baseAddress, UInt32(entries.count)))
            }
        }
    }

    /// An `a{sd}` dictionary.
    static func doubles(_ entries: [(String, Double)]) -> DBusValue {
        let values = entries.map(\.1)
        return withCStringArray(entries.map(\.0)) { names in
            DBusValue(sinking: temper_dbus_value_double_map(names, values, UInt32(entries.count)))
        }
    }

    /// An `a(ss)` array of pairs.
    static func pairs(_ entries: [(String, String)]) -> DBusValue {
        withCStringArray(entries.map(\.0)) { firsts in
            withCStringArray(entries.map(\.1)) { seconds in
                DBusValue(sinking: temper_dbus_value_string_pairs(firsts, seconds, UInt32(entries.count)))
            }
        }
    }

    /// A new (full) reference for GDBus, which takes it over.
    func retainedForGLib() -> UnsafeMutableRawPointer { temper_dbus_value_sink(pointer) }
}
