import TemperAHAP

/// An error from the core, with a code callers can match and the place in the input it concerns.
/// Only the command line maps these to exit codes.
public struct TemperError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        public let name: String
        public init(_ name: String) { self.name = name }
        public var description: String { name }

        public static let unreadableFile = Code("unreadableFile")
        public static let invalidYAML = Code("invalidYAML")
        public static let invalidValue = Code("invalidValue")
        public static let missingKey = Code("missingKey")
        public static let unknownKey = Code("unknownKey")
        public static let unsupportedVersion = Code("unsupportedVersion")
        public static let unknownDevice = Code("unknownDevice")
        public static let invalidRequest = Code("invalidRequest")
        public static let invalidPattern = Code("invalidPattern")
        public static let queueFull = Code("queueFull")
        /// A second ``Governor/run()`` (or a host's `run()`) while the first is under way.
        public static let alreadyRunning = Code("alreadyRunning")
        /// Work given to a governor (or host) that has shut down.
        public static let alreadyFinished = Code("alreadyFinished")
        public static let cancelled = Code("cancelled")
        public static let invalidTrace = Code("invalidTrace")
        public static let invalidScenario = Code("invalidScenario")
        public static let invalidPolicy = Code("invalidPolicy")
    }

    public var code: Code
    public var message: String
    public var file: String?
    /// A JSON path or YAML key path such as `rules.serious.haptics.mode`.
    public var path: String?
    public var line: Int?
    public var column: Int?

    public init(code: Code, message: String, file: String? = nil, path: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.path = path
        self.line = line
        self.column = column
    }

    /// One line: `file:line:column: path: message`, with control characters from the input shown escaped.
    public var description: String {
        var location = file ?? "<input>"
        if let line { location += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        if let path, !path.isEmpty { return OneLineText.escaping("\(location): \(path): \(message)") }
        return OneLineText.escaping("\(location): \(message)")
    }
}
