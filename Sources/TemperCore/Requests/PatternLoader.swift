public import TemperAHAP
public import TemperPatterns

/// A request's `{"file": "explosion.ahap"}`, decoded but not yet read.
public struct PatternReference: Sendable, Hashable {
    /// The path as the request wrote it; decisions and messages name this.
    public var file: String
    /// The path to read: ``file`` resolved against the request file's folder when it is relative.
    public var path: String

    public init(file: String, path: String) {
        self.file = file
        self.path = path
    }
}

/// A pattern file as read: the pattern and what its reader noted (one line each).
public struct LoadedPattern: Sendable, Hashable {
    public var content: HapticPattern
    public var diagnostics: [String]

    public init(content: HapticPattern, diagnostics: [String] = []) {
        self.content = content
        self.diagnostics = diagnostics
    }

    /// What the AHAP reader returned.
    public init(_ document: AHAPDocument) {
        self.init(content: .ahap(document.pattern, waveforms: document.waveforms), diagnostics: document.diagnostics.map(\.description))
    }
}

/// Reads the pattern a ``PatternReference`` names.
///
/// The core does no I/O, so whoever decodes requests passes one in (as ``DeviceProfileLibrary`` is given its
/// file operations): a command line passes TemperFiles' `ahapFiles` or `patternFiles`, tests pass a closure over a
/// dictionary, and a service that only accepts self-contained requests passes ``refusing``.
public struct PatternLoader: Sendable {
    private let body: @Sendable (PatternReference) throws(AHAPError) -> LoadedPattern
    /// Whether it reads files at all: a loader that refuses every reference has no folder to keep them in.
    let readsFiles: Bool

    /// - Parameter load: Reads and parses the referenced pattern; its ``AHAPError`` is placed at the request's
    ///   `file` key.
    public init(_ load: @escaping @Sendable (PatternReference) throws(AHAPError) -> LoadedPattern) {
        self.body = load
        readsFiles = true
    }

    private init(refusing load: @escaping @Sendable (PatternReference) throws(AHAPError) -> LoadedPattern) {
        self.body = load
        readsFiles = false
    }

    /// The referenced pattern.
    public func load(_ reference: PatternReference) throws(AHAPError) -> LoadedPattern {
        try body(reference)
    }

    /// Refuses every file reference: requests must carry their pattern inline.
    public static var refusing: PatternLoader {
        PatternLoader(refusing: { reference throws(AHAPError) in
            throw AHAPError(
                code: .unreadableFile,
                file: reference.file,
                message: "pattern files are not read here; put the pattern inline as {\"pattern\": …}"
            )
        })
    }
}

extension LoadedPattern {
    /// What `PatternReader` returned for a format other than AHAP.
    public init(_ document: PatternDocument) {
        self.init(content: document.timeline, diagnostics: document.diagnostics.map(\.description))
    }
}

extension AHAPError {
    /// A pattern reader's error in the shape requests place at their `pattern` or `file` key.
    public init(_ error: PatternReadError, file: String?) {
        let code: AHAPError.Code =
            switch error.code {
            case .unreadableFile: .unreadableFile
            case .tooLarge: .tooLarge
            case .notUTF8: .notUTF8
            case .invalidJSON: .invalidJSON
            case .limitExceeded: .limitExceeded
            default: .wrongType
            }
        self.init(code: code, file: error.file ?? file, path: error.path, line: error.line, column: error.column, message: error.message)
    }
}
