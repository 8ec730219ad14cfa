/// A pattern that cannot be read, with where and why. Match on ``code``.
public struct AHAPError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        public let name: String
        private init(_ name: String) { self.name = name }
        public var description: String { name }

        public static let unreadableFile = Code("unreadableFile")
        public static let tooLarge = Code("tooLarge")
        public static let notUTF8 = Code("notUTF8")
        public static let invalidJSON = Code("invalidJSON")
        public static let limitExceeded = Code("limitExceeded")
        public static let missingPattern = Code("missingPattern")
        public static let unknownEventType = Code("unknownEventType")
        public static let missingDuration = Code("missingDuration")
        public static let invalidTime = Code("invalidTime")
        public static let wrongType = Code("wrongType")
        public static let emptyCurve = Code("emptyCurve")
        public static let waveformOutsideFolder = Code("waveformOutsideFolder")
        public static let strictViolation = Code("strictViolation")
    }

    public var code: Code
    public var file: String?
    /// The JSON path, e.g. `Pattern[3].Event.EventDuration`.
    public var path: String?
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(code: Code, file: String? = nil, path: String? = nil, line: Int? = nil, column: Int? = nil, message: String) {
        self.code = code
        self.file = file
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// One line: `file:line:column: path: message`. Control characters quoted from the file (a key or an
    /// `EventType` with `\n` or an escape sequence in it) are shown escaped, so the line stays one line and
    /// cannot drive the terminal.
    public var description: String {
        OneLineText.errorLine(file: file, line: line, column: column, path: path, message: message)
    }
}
