public import TemperAHAP

/// A pattern that cannot be read, with where and why, on one line like ``AHAPError``:
/// `file:line:column: JSON path: what is wrong`. Match on ``code``.
public struct PatternReadError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        public let name: String
        private init(_ name: String) { self.name = name }
        public var description: String { name }

        public static let unreadableFile = Code("unreadableFile")
        public static let tooLarge = Code("tooLarge")
        public static let notUTF8 = Code("notUTF8")
        public static let invalidJSON = Code("invalidJSON")
        public static let invalidXML = Code("invalidXML")
        public static let limitExceeded = Code("limitExceeded")
        /// A conversion whose output would be past ``PatternLimits/maxWrittenEntries``, refused before it is built.
        public static let outputTooLarge = Code("outputTooLarge")
        /// A required key or element is missing.
        public static let missing = Code("missing")
        public static let wrongType = Code("wrongType")
        /// A number outside the range the platform accepts.
        public static let outOfRange = Code("outOfRange")
        /// Times that go backwards.
        public static let outOfOrder = Code("outOfOrder")
        /// A version, effect name, element or attribute the platform does not know.
        public static let unsupported = Code("unsupported")
        /// Content that matches no format Temper reads.
        public static let unknownFormat = Code("unknownFormat")
        /// An AHAP file the AHAP reader rejected.
        public static let ahap = Code("ahap")
    }

    public var code: Code
    public var file: String?
    /// The JSON path (`signals.continuous.envelopes.amplitude[3].time`) or XML element path.
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

    /// An AHAP reader error, keeping its location and message.
    public init(_ error: AHAPError) {
        self.init(code: .ahap, file: error.file, path: error.path, line: error.line, column: error.column, message: error.message)
    }

    /// One line: `file:line:column: path: message`, control characters escaped.
    public var description: String {
        OneLineText.errorLine(file: file, line: line, column: column, path: path, message: message)
    }
}

/// A leniency a reader applied, where it applied and what it did, e.g.
/// `signals.continuous.envelopes.frequency[3]: time 1.2 is after the amplitude envelope ends at 1.0 (kept)`.
public struct PatternDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var line: Int?
    public var column: Int?

    public init(path: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String { OneLineText.escaping(path.isEmpty ? message : "\(path): \(message)") }
}

/// What a reader returns: the timeline, the leniencies applied, and for files holding several patterns (a
/// feedbackd theme), each named pattern.
public struct PatternDocument: Sendable, Hashable {
    public var format: PatternFormat
    public var timeline: PatternTimeline
    public var diagnostics: [PatternDiagnostic]
    /// Every pattern of a multi-pattern file with its name (`quiet/phone-incoming-call`); empty otherwise.
    /// ``timeline`` is the first of them.
    public var named: [(name: String, timeline: PatternTimeline)]

    public init(
        format: PatternFormat,
        timeline: PatternTimeline,
        diagnostics: [PatternDiagnostic] = [],
        named: [(name: String, timeline: PatternTimeline)] = []
    ) {
        self.format = format
        self.timeline = timeline
        self.diagnostics = diagnostics
        self.named = named
    }

    public static func == (lhs: PatternDocument, rhs: PatternDocument) -> Bool {
        lhs.format == rhs.format && lhs.timeline == rhs.timeline && lhs.diagnostics == rhs.diagnostics
            && lhs.named.map(\.name) == rhs.named.map(\.name) && lhs.named.map(\.timeline) == rhs.named.map(\.timeline)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(format)
        hasher.combine(timeline)
    }
}

/// Limits that keep hostile input bounded, for every reader. Real files are far below them. The JSON scanner's
/// limits (file size, nesting, values) default to the AHAP reader's, as every JSON format shares its scanner.
public struct PatternLimits: Sendable, Hashable {
    public var maxFileBytes: Int
    /// The most breakpoints, entries or events in any one list.
    public var maxPoints: Int
    public var maxNestingDepth: Int
    public var maxJSONValues: Int
    /// The longest pattern, in seconds: AHAP's limit, a day (Android timings are `long` milliseconds).
    public var maxSeconds: Double
    /// The most entries (steps, waveform entries, primitives) a writer produces; a longer output is refused
    /// before it is built. A day's ramp at Android's 25 ms steps is 3.5 million; real patterns are hundreds.
    public var maxWrittenEntries: Int

    public init(
        maxFileBytes: Int = AHAPLimits.default.maxFileBytes,
        maxPoints: Int = 200_000,
        maxNestingDepth: Int = AHAPLimits.default.maxNestingDepth,
        maxJSONValues: Int = AHAPLimits.default.maxJSONValues,
        maxSeconds: Double = AHAPLimits.default.maxSeconds,
        maxWrittenEntries: Int = 500_000
    ) {
        self.maxFileBytes = maxFileBytes
        self.maxPoints = maxPoints
        self.maxNestingDepth = maxNestingDepth
        self.maxJSONValues = maxJSONValues
        self.maxSeconds = maxSeconds
        self.maxWrittenEntries = maxWrittenEntries
    }

    public static let `default` = PatternLimits()
}
