import TemperAHAP
import TemperPatterns

extension PatternLoader {
    /// Reads pattern files in every format Temper reads, detected by extension and then by content: `.ahap`
    /// through ``AHAPReader/load(contentsOf:options:)`` (with its waveforms), every other format through
    /// `PatternReader` and then into the AHAP the requests and the rewriter work on (Meta's `.haptic` → AHAP
    /// mapping). A pattern without any frequency plays at the actuator's default, so its continuous events are
    /// written at sharpness 0.5 rather than the converter's 0 (the far low end of the actuator's range).
    public static var patternFiles: PatternLoader {
        PatternLoader { reference throws(AHAPError) in try document(contentsOf: reference.path) }
    }

    /// The AHAP document of a pattern file in any format.
    static func document(contentsOf path: String) throws(AHAPError) -> AHAPDocument {
        if PatternFormat.byExtension(path) == .ahap { return try AHAPReader.load(contentsOf: path) }
        let read: PatternDocument
        do throws(PatternReadError) {
            read = try PatternReader.load(contentsOf: path)
        } catch {
            throw AHAPError(code: code(of: error), file: error.file ?? path, path: error.path, line: error.line, column: error.column, message: error.message)
        }
        if read.format == .ahap { return try AHAPReader.load(contentsOf: path) }
        var pattern = AHAPConversion.convert(read.timeline, flavor: .meta).output
        if read.timeline.tracks.allSatisfy(\.frequency.isEmpty) {
            for index in pattern.items.indices {
                guard case .event(var event) = pattern.items[index], event.type == .hapticContinuous else { continue }
                event.parameters = event.parameters.map { $0.id == .hapticSharpness ? AHAPEventParameter(id: .hapticSharpness, value: 0.5) : $0 }
                pattern.items[index] = .event(event)
            }
        }
        return AHAPDocument(pattern: pattern)
    }

    private static func code(of error: PatternReadError) -> AHAPError.Code {
        switch error.code {
        case .unreadableFile: .unreadableFile
        case .tooLarge: .tooLarge
        case .notUTF8: .notUTF8
        case .invalidJSON: .invalidJSON
        case .limitExceeded: .limitExceeded
        default: .wrongType
        }
    }
}
