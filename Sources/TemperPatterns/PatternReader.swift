import TemperAHAP

/// Reads any format Temper knows, detected by extension and then by content, into a ``PatternDocument``: the one
/// pattern model, ``PatternTimeline``. AHAP goes through ``AHAPReader`` and is held as written (its
/// ``PatternTimeline/items``); each reader is a pure function over bytes.
public enum PatternReader: Sendable {
    /// Reads `bytes`; `file` names the source in errors and, by its extension, hints at the format.
    public static func read(
        _ bytes: [UInt8],
        file: String? = nil,
        format: PatternFormat? = nil,
        limits: PatternLimits = .default
    ) throws(PatternReadError) -> PatternDocument {
        let detected: PatternFormat
        if let known = format ?? file.flatMap(PatternFormat.byExtension) {
            detected = known
        } else {
            detected = try detect(bytes, file: file)
        }
        switch detected {
        case .ahap:
            let document: AHAPDocument
            do throws(AHAPError) {
                document = try AHAPReader.read(
                    bytes,
                    file: file,
                    options: AHAPReadOptions(limits: AHAPLimits(maxFileBytes: limits.maxFileBytes))
                )
            } catch {
                throw PatternReadError(error)
            }
            let diagnostics = document.diagnostics.map {
                PatternDiagnostic(path: $0.path, message: $0.message, line: $0.line, column: $0.column)
            }
            return PatternDocument(
                format: .ahap,
                timeline: PatternTimeline(ahap: document.pattern, waveforms: document.waveforms),
                diagnostics: diagnostics
            )
        case .haptic, .vij:
            return try HapticFileReader.read(bytes, file: file, limits: limits)
        case .androidWaveform, .androidComposition, .androidEnvelope:
            return try AndroidJSONReader.read(bytes, file: file, limits: limits)
        case .androidXML:
            return try AndroidXMLReader.read(bytes, file: file, options: .init(limits: limits))
        case .rumble:
            return try RumbleReader.read(bytes, file: file, limits: limits)
        case .feedbackd:
            return try FeedbackdReader.read(bytes, file: file, limits: limits)
        }
    }

    /// Reads a pattern file, refusing one larger than the limit before reading a byte (and FIFOs and devices).
    public static func load(
        contentsOf path: String,
        format: PatternFormat? = nil,
        limits: PatternLimits = .default
    ) throws(PatternReadError) -> PatternDocument {
        let bytes: [UInt8]
        do throws(AHAPFile.Failure) {
            bytes = try AHAPFile.contents(of: path, limit: limits.maxFileBytes)
        } catch {
            switch error {
            case .tooLarge(let size, let limit):
                throw PatternReadError(code: .tooLarge, file: path, message: "\(size) bytes, more than the limit of \(limit) bytes")
            case .missing:
                throw PatternReadError(code: .unreadableFile, file: path, message: "cannot read the pattern: there is no such file")
            case .notRegular:
                throw PatternReadError(code: .unreadableFile, file: path, message: "cannot read the pattern: it is not a regular file")
            case .unreadable(let message): throw PatternReadError(code: .unreadableFile, file: path, message: "cannot read: \(message)")
            }
        }
        return try read(bytes, file: path, format: format, limits: limits)
    }

    /// The format of JSON or XML content, from its first significant byte and the top-level keys.
    public static func detect(_ bytes: [UInt8], file: String? = nil) throws(PatternReadError) -> PatternFormat {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        if start < bytes.count, bytes[start] == UInt8(ascii: "<") { return .androidXML }
        return try PatternJSON.withDocument(bytes, file: file, limits: .default) { (json: inout PatternJSON) throws(PatternReadError) in
            let root = PatternJSON.root
            let keys = Set(json.keys(root))
            if keys.contains("Pattern") { return .ahap }
            if keys.contains("signals") || keys.contains("voices") { return .haptic }
            if keys.contains("timings") { return .androidWaveform }
            if keys.contains("composition") { return .androidComposition }
            if keys.contains("basicEnvelope") || keys.contains("waveformEnvelope") { return .androidEnvelope }
            if keys.contains("durations_ms") || keys.contains("rumble") { return .rumble }
            if keys.contains("profiles") || keys.contains("vibrate") { return .feedbackd }
            throw json.error(
                .unknownFormat,
                at: root,
                "not a pattern Temper reads (AHAP, .haptic, .vij, Android JSON or XML, rumble, feedbackd)"
            )
        }
    }
}
