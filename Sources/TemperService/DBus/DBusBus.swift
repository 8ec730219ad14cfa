/// Which message bus a connection goes to.
public enum DBusBus: Sendable, Hashable, CustomStringConvertible {
    /// The system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else the well-known socket).
    case system
    /// The user's session bus (`DBUS_SESSION_BUS_ADDRESS`).
    case session
    /// Any bus, by its D-Bus address (`unix:path=/run/…`).
    case address(String)

    public var description: String {
        switch self {
        case .system: "system bus"
        case .session: "session bus"
        case .address(let address): "bus at \(address)"
        }
    }
}

/// A D-Bus failure of the service's own making (no bus, a name taken), in one line.
public struct DBusFailure: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
