/// Why serving or writing metrics failed: a ``Code`` to match, a one-line message, and the error underneath.
public struct MetricsError: Error, Sendable, CustomStringConvertible {
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        let name: String
        public var description: String { name }

        /// `--metrics-listen` is not `HOST:PORT` with a port from 0 to 65535.
        public static let invalidAddress = Code(name: "invalidAddress")
        /// `--metrics-label` is not `NAME=VALUE` with a valid name and value, or names one label twice.
        public static let invalidLabel = Code(name: "invalidLabel")
        /// The listener could not bind its address (in use, not local, not permitted).
        public static let cannotListen = Code(name: "cannotListen")
        /// The textfile could not be written or renamed into place.
        public static let cannotWrite = Code(name: "cannotWrite")
        /// A service was run twice, or after it finished.
        public static let alreadyRun = Code(name: "alreadyRun")
    }

    public var code: Code
    public var message: String
    public var underlying: (any Error)?

    public init(code: Code, message: String, underlying: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    public var description: String {
        underlying.map { "\(message): \($0)" } ?? message
    }
}
