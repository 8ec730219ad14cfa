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

    var health: ReadingHealth { .error(code: code, message: message) }
    var description: String { "libsensors error \(code): \(message)" }
}
