/// The one place TemperAHAP opens files: a pattern file, and (through ``AHAPDecoder``'s waveform resolution) the
/// waveforms beside it, both through ``AHAPFile``. Everything else reads bytes it is given.
extension AHAPReader {
    /// Reads a pattern file, enforcing the size limit before reading, and resolves its waveforms inside the file's
    /// own folder (see ``AHAPSampler/fallbackCustomAudioSeconds`` for how a missing waveform is costed).
    ///
    /// - Parameters:
    ///   - path: The `.ahap` file.
    ///   - options: Strictness and limits.
    /// - Returns: The pattern, the leniencies applied and the resolved waveforms.
    /// - Throws: ``AHAPError``: ``AHAPError/Code/unreadableFile`` and ``AHAPError/Code/tooLarge`` before reading,
    ///   then anything ``read(_:file:options:)`` throws.
    public static func load(contentsOf path: String, options: AHAPReadOptions = .init()) throws(AHAPError) -> AHAPDocument {
        let bytes: [UInt8]
        do {
            bytes = try AHAPFile.contents(of: path, limit: options.limits.maxFileBytes)
        } catch {
            switch error {
            case .tooLarge(let size, let limit):
                throw AHAPError(code: .tooLarge, file: path, message: "\(size) bytes, more than the limit of \(limit) bytes")
            case .missing: throw AHAPError(code: .unreadableFile, file: path, message: "cannot read the pattern: there is no such file")
            case .notRegular:
                throw AHAPError(code: .unreadableFile, file: path, message: "cannot read the pattern: it is not a regular file")
            case .unreadable(let message): throw AHAPError(code: .unreadableFile, file: path, message: "cannot read: \(message)")
            }
        }
        return try decode(bytes, file: path, options: options, folder: folder(of: path))
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
