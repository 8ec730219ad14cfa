/// Limits that protect the reader from hostile input. The defaults are far above every real file (the largest
/// corpus file has under a thousand events and 16-point curves) and keep the worst case to tens of megabytes.
public struct AHAPLimits: Sendable, Hashable {
    /// The largest file ``AHAPReader/load(contentsOf:options:)`` will read, checked before reading; also the
    /// largest byte array ``AHAPReader/read(_:file:options:)`` accepts.
    public var maxFileBytes: Int
    /// The most items in the `Pattern` array; also the most elements any one JSON array or object may hold,
    /// checked while scanning.
    public var maxPatternItems: Int
    /// The most control points in one `ParameterCurve`.
    public var maxCurvePoints: Int
    /// The deepest nesting of JSON arrays and objects. Real files nest five deep.
    public var maxNestingDepth: Int
    /// The most JSON values (of any kind, keys included) in one file, checked while scanning.
    public var maxJSONValues: Int
    /// The latest time and the longest duration, in seconds: a day. Every pattern reader shares it
    /// (``TemperPatterns/PatternLimits`` defaults to it) so no format reads a time the players cannot hold in
    /// whole milliseconds.
    public var maxSeconds: Double

    public init(
        maxFileBytes: Int = 16 << 20,
        maxPatternItems: Int = 100_000,
        maxCurvePoints: Int = 16_384,
        maxNestingDepth: Int = 64,
        maxJSONValues: Int = 2_000_000,
        maxSeconds: Double = 86_400
    ) {
        self.maxFileBytes = maxFileBytes
        self.maxPatternItems = maxPatternItems
        self.maxCurvePoints = maxCurvePoints
        self.maxNestingDepth = maxNestingDepth
        self.maxJSONValues = maxJSONValues
        self.maxSeconds = maxSeconds
    }

    public static let `default` = AHAPLimits()
}

/// How to read: lenient like Apple's loader, or strict.
///
/// Strict mode (`temper score --strict`) turns the leniencies that change what the pattern means into errors
/// with code ``AHAPError/Code/strictViolation``: a value clamped into range, a continuous event clamped to 30 s,
/// and an unknown parameter ID that was dropped. Leniencies that only concern spelling stay diagnostics, because
/// the pattern plays the same either way: trailing commas and comments, a missing `Version`, defaults
/// for missing parameters, unknown keys and pattern items, duplicate keys, keys that do not apply to the event's type,
/// curves longer than exporters write, control points out of time order and waveform
/// files that are missing here.
public struct AHAPReadOptions: Sendable, Hashable {
    public var strict: Bool
    public var limits: AHAPLimits

    public init(strict: Bool = false, limits: AHAPLimits = .default) {
        self.strict = strict
        self.limits = limits
    }
}
