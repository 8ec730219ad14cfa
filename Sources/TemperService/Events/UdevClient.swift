import CTemperGLib
import Glibc

/// An owned GUdevClient listening for uevents of some subsystems (one C call each way). Make it and drop it
/// on a `GLibThread`: uevents are delivered to the context that was the thread default at creation.
final class UdevClient: @unchecked Sendable {
    private let pointer: UnsafeMutableRawPointer
    private let target: Unmanaged<Target>

    /// What each uevent calls: action, subsystem, sysfs path.
    final class Target {
        let handle: (String, String, String) -> Void
        init(_ handle: @escaping (String, String, String) -> Void) { self.handle = handle }
    }

    /// - Throws: ``UdevError`` when GUdev cannot make a client (no netlink socket).
    init(
        subsystems: [String],
        onUevent: @escaping (_ action: String, _ subsystem: String, _ path: String) -> Void
    ) throws(UdevError) {
        let target = Unmanaged.passRetained(Target(onUevent))
        let client = withCStringArray(subsystems, nullTerminated: true) { names in
            temper_udev_client_new(
                names,
                { context, action, subsystem, path in
                    let target = Unmanaged<Target>.fromOpaque(context!).takeUnretainedValue()
                    target.handle(String(cString: action!), String(cString: subsystem!), String(cString: path!))
                },
                target.toOpaque()
            )
        }
        guard let client else {
            target.release()
            throw UdevError(subsystems: subsystems)
        }
        self.pointer = client
        self.target = target
    }

    deinit {
        temper_object_unref(pointer)
        target.release()
    }
}

/// GUdev could not listen for uevents (no netlink socket, e.g. in a sandbox without `AF_NETLINK`).
struct UdevError: Error, Sendable, Hashable, CustomStringConvertible {
    var subsystems: [String]

    var description: String {
        "cannot listen for uevents of \(subsystems.joined(separator: ", ")) (no netlink socket?)"
    }
}
