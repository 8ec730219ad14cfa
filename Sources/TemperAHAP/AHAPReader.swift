/// Reads AHAP the way Apple's loader does: lenient where Apple is lenient (each leniency leaves an
/// ``AHAPDiagnostic`` with its JSON path), strict where Apple is strict (an ``AHAPError`` naming the file, the
/// JSON path and line:column), and bounded by ``AHAPLimits`` so hostile input fails fast.
///
/// The JSON is scanned by hand, byte by byte, into a flat tape; nothing is decoded into `String`s unless the
/// pattern keeps it (metadata, waveform paths) or a message needs it.
public enum AHAPReader: Sendable {
    /// Reads a pattern from bytes. `file` only names the source in errors; waveforms are listed but not resolved.
    /// Reading files is ``load(contentsOf:options:)``'s job, in `AHAPReader+Files.swift`.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 JSON, with or without a byte order mark.
    ///   - file: The name errors use for the source.
    ///   - options: Strictness and limits.
    /// - Returns: The pattern, the leniencies applied and the waveforms it names.
    /// - Throws: ``AHAPError`` with the code for what is wrong, e.g. ``AHAPError/Code/invalidJSON``.
    public static func read(_ bytes: [UInt8], file: String? = nil, options: AHAPReadOptions = .init()) throws(AHAPError) -> AHAPDocument {
        try decode(bytes, file: file, options: options, folder: nil)
    }

    static func decode(_ bytes: [UInt8], file: String?, options: AHAPReadOptions, folder: String?) throws(AHAPError) -> AHAPDocument {
        // Tape offsets are 32-bit, so 2 GiB is a hard ceiling whatever the limits say.
        guard bytes.count <= options.limits.maxFileBytes, bytes.count < Int(Int32.max) else {
            throw AHAPError(
                code: .tooLarge,
                file: file,
                message: "\(bytes.count) bytes, more than the limit of \(options.limits.maxFileBytes) bytes"
            )
        }
        let result: Result<AHAPDocument, AHAPError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(AHAPError) {
                return .success(try decode(buffer, file: file, options: options, folder: folder))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func decode(
        _ buffer: UnsafeBufferPointer<UInt8>,
        file: String?,
        options: AHAPReadOptions,
        folder: String?
    ) throws(AHAPError) -> AHAPDocument {
        let limits = options.limits
        let tape: JSONTape
        do {
            tape = try JSONScanner.scan(
                buffer,
                limits: .init(
                    maxDepth: limits.maxNestingDepth,
                    maxElements: max(limits.maxPatternItems, limits.maxCurvePoints),
                    maxValues: limits.maxJSONValues
                )
            )
        } catch {
            let (line, column) = JSONText(tape: JSONTape(), bytes: buffer).location(ofOffset: error.offset)
            let code: AHAPError.Code =
                switch error.code {
                case .invalidJSON: .invalidJSON
                case .notUTF8: .notUTF8
                case .limitExceeded: .limitExceeded
                }
            throw AHAPError(code: code, file: file, path: error.path, line: line, column: column, message: error.message)
        }
        var decoder = AHAPDecoder(text: JSONText(tape: tape, bytes: buffer), options: options, file: file)
        try decoder.decode()
        var waveforms: [Int: AHAPWaveform] = [:]
        let events = decoder.pattern.events
        for (eventIndex, node) in decoder.waveformNodes.sorted(by: { $0.key < $1.key }) {
            guard let path = events[eventIndex].waveformPath else { continue }
            if let folder {
                waveforms[eventIndex] = try decoder.resolveWaveform(path, of: events[eventIndex], in: folder, node: node)
            } else {
                waveforms[eventIndex] = AHAPWaveform(path: path)
            }
        }
        return AHAPDocument(pattern: decoder.pattern, diagnostics: decoder.diagnostics, waveforms: waveforms)
    }
}
