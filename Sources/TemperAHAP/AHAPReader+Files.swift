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
            let file = try AHAPFile(path: path)
            guard file.size <= options.limits.maxFileBytes else {
                throw AHAPError(
                    code: .tooLarge,
                    file: path,
                    message: "\(file.size) bytes, more than the limit of \(options.limits.maxFileBytes) bytes"
                )
            }
            bytes = try file.read(at: 0, count: file.size)
        } catch let failure as AHAPFile.Failure {
            let reason =
                switch failure {
                case .missing: "no such file"
                case .notRegular: "not a regular file"
                case .unreadable(let message): message
                }
            throw AHAPError(code: .unreadableFile, file: path, message: "cannot read: \(reason)")
        } catch let error as AHAPError {
            throw error
        } catch {
            throw AHAPError(code: .unreadableFile, file: path, message: "cannot read: \(error)")
        }
        return try decode(bytes, file: path, options: options, folder: folder(of: path))
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
