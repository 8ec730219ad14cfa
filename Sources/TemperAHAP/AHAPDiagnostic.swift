/// A leniency the reader applied, with the JSON path it applied at,
/// e.g. `Pattern[12].Event.EventParameters[1]: HapticSharpness 2234.26 clamped to 1.0`.
public struct AHAPDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What kind of leniency this was; match on it rather than on the message.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        public let name: String
        private init(_ name: String) { self.name = name }
        public var description: String { name }

        /// Anything not covered by a specific code.
        public static let other = Code("other")
        /// A comma before a closing bracket.
        public static let trailingComma = Code("trailingComma")
        /// A `//` or `/* */` comment.
        public static let comment = Code("comment")
        /// `Version` missing; read as 1.0.
        public static let version = Code("version")
        /// A missing value that took its default.
        public static let defaulted = Code("defaulted")
        /// An out-of-range value clamped into range (an error in strict mode).
        public static let clamped = Code("clamped")
        /// A continuous event longer than 30 s clamped to 30 s (an error in strict mode).
        public static let durationClamped = Code("durationClamped")
        /// A key the format does not define, ignored.
        public static let unknownKey = Code("unknownKey")
        /// A key given twice in one object; the last one counts.
        public static let duplicateKey = Code("duplicateKey")
        /// A `Pattern` entry that is not an event, parameter or curve, ignored.
        public static let unknownItem = Code("unknownItem")
        /// A parameter ID the format does not define, ignored with its entry (an error in strict mode).
        public static let unknownParameterID = Code("unknownParameterID")
        /// A curve's control point that comes before the previous one.
        public static let outOfOrder = Code("outOfOrder")
        /// A key that does not apply to the event's type (`EventWaveformPath` on a haptic event), ignored.
        public static let inapplicableKey = Code("inapplicableKey")
        /// A curve with more control points than exporters write in one curve (16).
        public static let longCurve = Code("longCurve")
        /// A waveform file that is not beside the pattern; the event is costed with a fallback length.
        public static let waveformMissing = Code("waveformMissing")
        /// A waveform file whose length could not be read (not a WAV, or a broken header).
        public static let waveformUnreadable = Code("waveformUnreadable")
    }

    public var path: String
    public var message: String
    public var code: Code
    /// 1-based line of the value the diagnostic is about, when known.
    public var line: Int?
    /// 1-based column (in characters) of that value, when known.
    public var column: Int?

    public init(path: String, message: String, code: Code = .other, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.message = message
        self.code = code
        self.line = line
        self.column = column
    }

    /// One line: `path: message`, with control characters quoted from the file shown escaped.
    public var description: String { OneLineText.escaping(path.isEmpty ? message : "\(path): \(message)") }
}
