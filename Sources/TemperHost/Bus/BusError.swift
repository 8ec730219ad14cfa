import TemperGLib

/// Why the bus side could not reach something, with a code to match and GLib's own `GError` text.
struct BusError: Error, Sendable, Hashable, CustomStringConvertible {
    enum Code: Sendable, Hashable {
        /// The system bus could not be opened (no bus, no permission).
        case noSystemBus
        /// The UPower client could not be made on the bus.
        case upowerClientFailed
    }

    var code: Code
    /// GLib's message, or a placeholder when it gave none.
    var message: String

    /// Takes the `g_malloc`'d message a `temper_*` call set alongside its `NULL` result.
    init(_ code: Code, takingMessage message: UnsafeMutablePointer<CChar>?) {
        self.code = code
        self.message = GLibText.take(message) ?? "unknown error"
    }

    var description: String {
        switch code {
        case .noSystemBus: "no system bus: \(message)"
        case .upowerClientFailed: "UPower client failed: \(message)"
        }
    }
}
