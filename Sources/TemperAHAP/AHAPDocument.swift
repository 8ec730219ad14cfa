/// What an `EventWaveformPath` resolved to.
public struct AHAPWaveform: Sendable, Hashable {
    /// The path as written in the file.
    public var path: String
    /// The absolute file path, when it resolved inside the pattern's folder and exists.
    public var resolvedPath: String?
    /// The real length from the WAV header, when known.
    public var durationSeconds: Double?

    public init(path: String, resolvedPath: String? = nil, durationSeconds: Double? = nil) {
        self.path = path
        self.resolvedPath = resolvedPath
        self.durationSeconds = durationSeconds
    }
}

/// A pattern as read, with the leniencies applied and the waveforms it names.
public struct AHAPDocument: Sendable, Hashable {
    public var pattern: AHAPPattern
    public var diagnostics: [AHAPDiagnostic]
    /// Waveforms, keyed by the event's index in ``AHAPPattern/events``. ``AHAPReader/read(_:file:options:)``
    /// lists them unresolved; ``AHAPReader/load(contentsOf:options:)`` resolves them beside the pattern file.
    public var waveforms: [Int: AHAPWaveform]

    public init(pattern: AHAPPattern, diagnostics: [AHAPDiagnostic] = [], waveforms: [Int: AHAPWaveform] = [:]) {
        self.pattern = pattern
        self.diagnostics = diagnostics
        self.waveforms = waveforms
    }
}
