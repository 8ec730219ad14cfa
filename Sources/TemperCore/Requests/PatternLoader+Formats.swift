public import TemperAHAP
public import TemperPatterns

extension PatternLoader {
    /// Reads pattern files in every format Temper reads, detected by extension and then by content: `.ahap`
    /// through ``AHAPReader/load(contentsOf:options:)`` (with its waveforms), every other format through
    /// `PatternReader` into the timeline `temper score` prices.
    public static var patternFiles: PatternLoader {
        PatternLoader { reference throws(AHAPError) in try load(contentsOf: reference.path) }
    }

    /// A pattern file in any format.
    public static func load(contentsOf path: String) throws(AHAPError) -> LoadedPattern {
        if PatternFormat.byExtension(path) == .ahap { return LoadedPattern(try AHAPReader.load(contentsOf: path)) }
        let read: PatternDocument
        do throws(PatternReadError) {
            read = try PatternReader.load(contentsOf: path)
        } catch {
            throw AHAPError(error, file: path)
        }
        if read.format == .ahap { return LoadedPattern(try AHAPReader.load(contentsOf: path)) }
        return LoadedPattern(read)
    }
}

extension LoadedPattern {
    /// What `PatternReader` returned for a format other than AHAP.
    public init(_ document: PatternDocument) {
        self.init(content: .timeline(document.timeline), diagnostics: document.diagnostics.map(\.description))
    }
}

extension AHAPError {
    /// A pattern reader's error in the shape requests place at their `pattern` or `file` key.
    init(_ error: PatternReadError, file: String?) {
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
