import FoundationEssentials
import TemperAHAP
import TemperPatterns

extension HapticPatternRequest: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case pattern, file }

    /// Reads `{"pattern": …inline…}` or `{"file": "explosion.ahap"}`.
    ///
    /// An inline pattern is AHAP (an object with `Pattern`; its metadata sorted by key, as a JSON object inside
    /// a request keeps no key order), any other JSON format Temper reads (detected by its keys, as in a file), or
    /// Android vibration XML as a string. A file is decoded into a ``PatternReference`` (a relative path resolved
    /// against the ``RequestDecoder``'s base directory) and read by the decoder's ``PatternLoader``; decoding
    /// itself reads nothing. The reader's own JSON path is appended to the error path.
    public init(from decoder: any Decoder) throws {
        try RequestDecoding.rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let context = decoder.userInfo[RequestDecoder.contextKey] as? RequestDecoder.Context
        switch (container.contains(.pattern), container.contains(.file)) {
        case (true, false):
            let tree = try container.decode(JSONValue.self, forKey: .pattern)
            do {
                self.init(content: try Self.inline(tree, file: context?.fileName))
            } catch {
                throw Self.located(error, at: container.codingPath + [CodingKeys.pattern])
            }
        case (false, true):
            let file = try container.decode(String.self, forKey: .file)
            let loader = context?.patterns ?? .refusing
            if loader.readsFiles, !(context?.allowsFilesOutside ?? false), let problem = Self.leavesItsFolder(file) {
                throw RequestDecoding.invalid(problem, at: container.codingPath + [CodingKeys.file])
            }
            let reference = PatternReference(file: file, path: Self.resolve(file, against: context?.baseDirectory))
            do {
                self.init(content: try loader.load(reference).content, sourceFile: file)
            } catch {
                // Name the pattern file, as the path tried (a relative `file` resolves against the request file's
                // folder, or the working directory for stdin), with its line:column and path inside it.
                // (A refusal, with no place in any file, is the loader's message alone.)
                let place =
                    error.line == nil && reference.path == file
                    ? error.message
                    : OneLineText.errorLine(
                        file: reference.path,
                        line: error.line,
                        column: error.column,
                        path: error.path,
                        message: error.message
                    )
                throw RequestDecoding.invalid(place, at: container.codingPath + [CodingKeys.file])
            }
        default:
            throw RequestDecoding.invalid(
                "expected exactly one of pattern (an inline pattern) or file (a pattern file's path)",
                at: container.codingPath
            )
        }
    }

    /// Writes the pattern inline, so a decision carries the rewritten pattern itself, in the format it is written
    /// back in (``PatternTarget/writingBack(_:)``; AHAP's items as read), XML as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let target = PatternTarget.writingBack(content.source)
        let bytes = try PatternWriter.write(content, to: target).output
        if target == .androidXML {
            try container.encode(String(decoding: bytes, as: UTF8.self), forKey: .pattern)
        } else {
            try container.encode(try Self.tree(bytes), forKey: .pattern)
        }
    }

    private static func tree(_ bytes: [UInt8]) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    /// An inline pattern in any format.
    private static func inline(_ tree: JSONValue, file: String?) throws(AHAPError) -> HapticPattern {
        let bytes: [UInt8]
        if case .string(let text) = tree {
            bytes = Array(text.utf8)
        } else {
            do { bytes = try Array(TemperJSON.encoder(.line).encode(tree)) } catch {
                throw AHAPError(code: .invalidJSON, file: file, message: "the pattern cannot be re-encoded as JSON")
            }
        }
        if case .object(let members) = tree, members.keys.contains("Pattern") {
            var document = try AHAPReader.read(bytes, file: file)
            document.pattern.metadata.sort { $0.key < $1.key }
            return .ahap(document.pattern, waveforms: document.waveforms)
        }
        let document: PatternDocument
        do throws(PatternReadError) {
            document = try PatternReader.read(bytes, file: nil)
        } catch {
            throw AHAPError(error, file: file)
        }
        return document.timeline
    }

    private static func located(_ error: AHAPError, at path: [any CodingKey]) -> DecodingError {
        var fullPath = path
        if let ahapPath = error.path, !ahapPath.isEmpty { fullPath.append(RequestCodingKey(ahapPath)) }
        return RequestDecoding.invalid(error.message, at: fullPath)
    }

    /// Why `file` would leave its owner's folder (a request's, a measurements file's), or `nil` when it stays inside.
    package static func leavesItsFolder(_ file: String, folder: String = "the request's folder") -> String? {
        let outside = "a pattern file must be inside \(folder) (--allow-outside reads it anyway)"
        if file.hasPrefix("/") { return "'\(file)' is an absolute path; \(outside)" }
        if file.split(separator: "/").contains("..") { return "'\(file)' goes up with '..'; \(outside)" }
        return nil
    }

    static func resolve(_ file: String, against base: String?) -> String {
        guard let base, !file.hasPrefix("/") else { return file }
        return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent(file).path
    }
}
