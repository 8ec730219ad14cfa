import Foundation
import TemperAHAP

extension HapticPatternRequest: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case pattern, file }

    /// Reads `{"pattern": {…inline AHAP…}}` (its metadata sorted by key) or `{"file": "explosion.ahap"}`.
    ///
    /// A file is decoded into a ``PatternReference`` (a relative path resolved against the ``RequestDecoder``'s
    /// base directory) and read by the decoder's ``PatternLoader``; decoding itself reads nothing. The AHAP
    /// reader's own JSON path is appended to the error path.
    public init(from decoder: any Decoder) throws {
        try RequestDecoding.rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let context = decoder.userInfo[RequestDecoder.contextKey] as? RequestDecoder.Context
        switch (container.contains(.pattern), container.contains(.file)) {
        case (true, false):
            let tree = try container.decode(JSONValue.self, forKey: .pattern)
            let bytes = try Array(JSONEncoder().encode(tree))
            do {
                self.init(document: try AHAPReader.read(bytes, file: context?.fileName))
                // A JSON object inside a request keeps no key order, so metadata is kept sorted by key.
                pattern.metadata.sort { $0.key < $1.key }
            } catch {
                throw Self.located(error, at: container.codingPath + [CodingKeys.pattern])
            }
        case (false, true):
            let file = try container.decode(String.self, forKey: .file)
            let reference = PatternReference(file: file, path: Self.resolve(file, against: context?.baseDirectory))
            let loader = context?.patterns ?? .refusing
            do {
                self.init(document: try loader.load(reference), sourceFile: file)
            } catch {
                // Name the path tried: a relative `file` resolves against the request file's folder (or the
                // working directory for stdin), which the request alone does not show.
                var error = error
                if error.line == nil, reference.path != file { error.message = "\(reference.path): \(error.message)" }
                throw Self.located(error, at: container.codingPath + [CodingKeys.file])
            }
        default:
            throw RequestDecoding.invalid("expected exactly one of pattern (inline AHAP) or file (an .ahap path)", at: container.codingPath)
        }
    }

    /// Writes the pattern inline, so a decision carries the rewritten pattern itself.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let bytes = AHAPWriter.write(pattern)
        let tree = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        try container.encode(tree, forKey: .pattern)
    }

    private static func located(_ error: AHAPError, at path: [any CodingKey]) -> DecodingError {
        var fullPath = path
        if let ahapPath = error.path, !ahapPath.isEmpty { fullPath.append(RequestCodingKey(ahapPath)) }
        return RequestDecoding.invalid(error.message, at: fullPath)
    }

    static func resolve(_ file: String, against base: String?) -> String {
        guard let base, !file.hasPrefix("/") else { return file }
        return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent(file).path
    }
}
