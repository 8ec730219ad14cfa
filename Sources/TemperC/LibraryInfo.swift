import Glibc
import TemperCore

/// The library's identity: the ABI its header describes and the release it was built from.
enum LibraryInfo {
    /// `TEMPER_ABI_VERSION` in temper.h, and the N of the soname libtemper.so.N.
    static let abiVersion: UInt32 = 1
    static let version = StaticCString(TemperVersion.number)
    /// Each status's name, made once, so `temper_status_name` returns static strings.
    static let statusNames = CStatus.allCases.map { StaticCString($0.name) }
    static let unknownStatus = StaticCString("TEMPER_ERROR_UNKNOWN")
}

/// A C string made once and never freed, for the functions that return static strings; held by its address,
/// which is Sendable, since nothing ever writes through it.
struct StaticCString: Sendable {
    private let address: UInt

    init(_ text: String) {
        address = UInt(bitPattern: strdup(text))
    }

    var pointer: UnsafePointer<CChar> { UnsafePointer(bitPattern: address)! }
}

/// `temper_abi_version`, as Sources/TemperC/include/temper.h documents it.
@c(temper_abi_version)
public func temperABIVersion() -> UInt32 {
    LibraryInfo.abiVersion
}

/// `temper_version`, as Sources/TemperC/include/temper.h documents it.
@c(temper_version)
public func temperVersion() -> UnsafePointer<CChar> {
    LibraryInfo.version.pointer
}

/// `temper_last_error`, as Sources/TemperC/include/temper.h documents it.
@c(temper_last_error)
public func temperLastError() -> UnsafePointer<CChar> {
    LastError.message
}

/// `temper_status_name`, as Sources/TemperC/include/temper.h documents it.
@c(temper_status_name)
public func temperStatusName(_ status: Int32) -> UnsafePointer<CChar> {
    guard let known = CStatus(rawValue: status) else { return LibraryInfo.unknownStatus.pointer }
    return LibraryInfo.statusNames[Int(known.rawValue)].pointer
}

/// `temper_string_free`, as Sources/TemperC/include/temper.h documents it.
@c(temper_string_free)
public func temperStringFree(_ string: UnsafeMutablePointer<CChar>?) {
    free(string)
}
