import FoundationEssentials
package import TemperAHAP
public import TemperCore

/// Every kind of file Temper reads and the most bytes it reads of one: the one table of input limits. A file past
/// its kind's limit, or that is not a regular file (a FIFO, a device, a folder), is refused before a byte of it is
/// read, so a 1 GB input costs a `stat`. Real inputs are far below each limit.
public enum InputKind: String, Sendable, CaseIterable {
    case pattern, request, trace, configuration, scenario, measurements, acf, reportData, recording

    /// The most bytes one input of this kind may hold.
    public var maxBytes: Int {
        switch self {
        // AHAP's own limit, which every pattern format shares (``PatternLimits/maxFileBytes``).
        case .pattern: AHAPLimits.default.maxFileBytes
        // A request may hold its pattern inline, so it gets a pattern's room.
        case .request: AHAPLimits.default.maxFileBytes
        // About 400,000 snapshots at 300 bytes a line: 11 hours at ten a second.
        case .trace: 128 << 20
        // Profiles and policies: the shipped ones are under 8 KiB.
        case .configuration: 1 << 20
        case .scenario: 4 << 20
        // 100,000 rows of a few dozen bytes.
        case .measurements: 16 << 20
        case .acf: 16 << 20
        // A `temper simulate` report's data.json, a week's series at its point limit.
        case .reportData: 256 << 20
        // Another tool's recording (`temper import`): a day of tegrastats at ten lines a second is about 100 MiB.
        case .recording: 256 << 20
        }
    }

    /// What it is called in an error: `the request file`.
    package var noun: String {
        switch self {
        case .pattern: "the pattern"
        case .request: "the request file"
        case .trace: "the trace"
        case .configuration: "the file"
        case .scenario: "the scenario"
        case .measurements: "the measurements"
        case .acf: "the ACF file"
        case .reportData: "the report data"
        case .recording: "the recording"
        }
    }
}

/// The one reader of whole input files: regular files only, never past their kind's limit.
package enum InputFile {
    /// The bytes of `path`. Throws `unreadableFile` naming the file: `cannot read the trace: 1073741824 bytes,
    /// more than the limit of 134217728 bytes`.
    package static func bytes(_ path: String, kind: InputKind) throws(TemperError) -> [UInt8] {
        do {
            return try AHAPFile.contents(of: path, limit: kind.maxBytes)
        } catch {
            throw TemperError(code: .unreadableFile, message: "cannot read \(kind.noun): \(reason(error, path: path))", file: path)
        }
    }

    /// The bytes of `path` as UTF-8 text (a leading byte-order mark dropped).
    package static func text(_ path: String, kind: InputKind) throws(TemperError) -> String {
        var bytes = try Self.bytes(path, kind: kind)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw TemperError(code: .unreadableFile, message: "cannot read \(kind.noun): it is not UTF-8 text (a binary file?)", file: path)
        }
        return text
    }

    static func reason(_ failure: AHAPFile.Failure, path: String) -> String {
        switch failure {
        case .missing: return "there is no such file"
        case .notRegular:
            var isFolder = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            return exists && isFolder ? "it is a folder, not a file" : "it is not a regular file"
        case .unreadable(let message): return message.lowercased()
        case .tooLarge(let size, let limit): return "\(size) bytes, more than the limit of \(limit) bytes"
        }
    }
}
