@preconcurrency import CSensors
import TemperCore

/// A libsensors failure: the library's own code (`SENSORS_ERR_*`, positive) and its `sensors_strerror` text.
struct LibsensorsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The positive `SENSORS_ERR_*` code, e.g. 3 (`SENSORS_ERR_ACCESS_R`) or 4 (`SENSORS_ERR_KERNEL`).
    var code: Int
    var message: String

    /// Builds the error from a libsensors return value (negative on failure).
    init(returnCode: Int32) {
        let positive = returnCode < 0 ? -Int(returnCode) : Int(returnCode)
        code = positive
        message = sensors_strerror(Int32(positive)).map { String(cString: $0) } ?? "libsensors error \(positive)"
    }

    init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    /// A subfeature the chip does not have (`SENSORS_ERR_NO_ENTRY`).
    static func noEntry(_ message: String) -> LibsensorsError {
        LibsensorsError(code: Int(SENSORS_ERR_NO_ENTRY), message: message)
    }

    /// A configuration file that cannot be opened, reported as libsensors reports an unparsable one
    /// (`SENSORS_ERR_PARSE`).
    static func unreadableConfiguration(_ path: String) -> LibsensorsError {
        LibsensorsError(code: Int(SENSORS_ERR_PARSE), message: "cannot open \(path)")
    }

    var health: ReadingHealth { .error(code: code, message: message, domain: .libsensors) }
    var description: String { "libsensors error \(code): \(message)" }
}
