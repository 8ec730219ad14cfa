import TemperAHAP

/// An error from the core, with a code callers can match, the place in the input it concerns, and the error
/// underneath when it wraps one (an ``AHAPError``, a file system error). Only the command line maps these to exit
/// codes.
public struct TemperError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, to match on. The set is Temper's: callers match the static members, never make their own.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        public let name: String
        private init(_ name: String) { self.name = name }
        public var description: String { name }

        public static let unreadableFile = Code("unreadableFile")
        public static let invalidYAML = Code("invalidYAML")
        public static let invalidValue = Code("invalidValue")
        public static let missingKey = Code("missingKey")
        public static let unknownKey = Code("unknownKey")
        public static let unsupportedVersion = Code("unsupportedVersion")
        public static let unknownDevice = Code("unknownDevice")
        public static let unknownPolicy = Code("unknownPolicy")
        public static let invalidRequest = Code("invalidRequest")
        public static let invalidPattern = Code("invalidPattern")
        public static let queueFull = Code("queueFull")
        /// A second ``Governor/run()`` (or a host's `run()`) while the first is under way.
        public static let alreadyRunning = Code("alreadyRunning")
        /// Work given to a governor (or host) that has shut down.
        public static let alreadyFinished = Code("alreadyFinished")
        public static let cancelled = Code("cancelled")
        public static let invalidTrace = Code("invalidTrace")
        /// A recording from another tool (`temper import`) with nothing Temper can use, or not of the format named.
        public static let invalidRecording = Code("invalidRecording")
        public static let invalidScenario = Code("invalidScenario")
        public static let invalidPolicy = Code("invalidPolicy")
        /// The data cannot determine the parameters of a fit (too short, no excitation, a parameter with no effect).
        public static let cannotCalibrate = Code("cannotCalibrate")
    }

    public var code: Code
    public var message: String
    public var file: String?
    /// A JSON path or YAML key path such as `rules.serious.haptics.mode`.
    public var path: String?
    public var line: Int?
    public var column: Int?
    /// The error this one wraps, for logs and debugging; not part of equality or the message.
    public var underlying: (any Error)?

    public init(
        code: Code,
        message: String,
        file: String? = nil,
        path: String? = nil,
        line: Int? = nil,
        column: Int? = nil,
        underlying: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.file = file
        self.path = path
        self.line = line
        self.column = column
        self.underlying = underlying
    }

    /// One line: `file:line:column: path: message`, with control characters from the input shown escaped.
    public var description: String {
        OneLineText.errorLine(file: file, line: line, column: column, path: path, message: message)
    }

    public static func == (lhs: TemperError, rhs: TemperError) -> Bool {
        (lhs.code, lhs.message, lhs.file, lhs.path, lhs.line, lhs.column) == (
            rhs.code, rhs.message, rhs.file, rhs.path, rhs.line, rhs.column
        )
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
        hasher.combine(file)
        hasher.combine(path)
        hasher.combine(line)
        hasher.combine(column)
    }
}
