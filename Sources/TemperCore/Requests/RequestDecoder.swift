import Foundation

/// Reads requests from JSON (a file's bytes or a command-line argument) and turns every failure into one
/// ``TemperError`` naming the file and the JSON path, e.g.
/// `cue.json: audio.listener.forward: expected [x, y, z], found 2 numbers`.
public struct RequestDecoder: Sendable {
    /// What a request's `file` references are resolved against and read with.
    struct Context: Sendable {
        var fileName: String?
        var baseDirectory: String?
        var patterns: PatternLoader
    }

    static let contextKey = CodingUserInfoKey(rawValue: "temper.requestContext")!

    /// Names the input in errors.
    public var fileName: String?
    /// Folder that relative `.ahap` paths are resolved against; `nil` = the working directory.
    public var baseDirectory: String?
    /// Reads the patterns that requests name by `file`; the decoder itself reads nothing.
    public var patterns: PatternLoader

    /// - Parameters:
    ///   - fileName: Names the input in errors.
    ///   - baseDirectory: Folder that relative `.ahap` paths are resolved against.
    ///   - patterns: Reads `{"file": …}` references; by default they are refused.
    public init(fileName: String? = nil, baseDirectory: String? = nil, patterns: PatternLoader = .refusing) {
        self.fileName = fileName
        self.baseDirectory = baseDirectory
        self.patterns = patterns
    }

    /// A decoder for a request file: errors name it and relative paths resolve beside it.
    public static func forFile(_ path: String, patterns: PatternLoader) -> RequestDecoder {
        RequestDecoder(fileName: path, baseDirectory: URL(fileURLWithPath: path).deletingLastPathComponent().path, patterns: patterns)
    }

    /// One request.
    public func decode(_ bytes: some Collection<UInt8>) throws(TemperError) -> SensoryRequest {
        try run(Data(bytes)) { try $0.decode(SensoryRequest.self, from: $1) }
    }

    /// One request or a JSON array of them.
    public func decodeList(_ bytes: some Collection<UInt8>) throws(TemperError) -> [SensoryRequest] {
        let data = Data(bytes)
        let trimmed = data.first { !(" \t\r\n" as String).utf8.contains($0) }
        if trimmed == UInt8(ascii: "[") { return try run(data) { try $0.decode([SensoryRequest].self, from: $1) } }
        return [try decode(data)]
    }

    private func run<T>(_ data: Data, _ body: (JSONDecoder, Data) throws -> T) throws(TemperError) -> T {
        let decoder = JSONDecoder()
        decoder.userInfo[Self.contextKey] = Context(fileName: fileName, baseDirectory: baseDirectory, patterns: patterns)
        do {
            return try body(decoder, data)
        } catch let error as DecodingError {
            throw syntaxError(in: data) ?? describe(error)
        } catch {
            throw TemperError(code: .invalidRequest, message: "\(error)", file: fileName, underlying: error)
        }
    }

    /// Where the JSON itself is broken, as line:column, or `nil` when it parses (the fault is in what it says).
    /// JSONDecoder gives no place for a syntax error; JSONSerialization names a character offset.
    private func syntaxError(in data: Data) -> TemperError? {
        let failure: NSError
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            failure = error as NSError
        }
        let detail = failure.userInfo[NSDebugDescriptionErrorKey] as? String ?? failure.localizedDescription
        var line: Int?
        var column: Int?
        if let range = detail.range(of: "character "), let offset = Int(detail[range.upperBound...].prefix { $0.isNumber }) {
            // The offset counts UTF-16 units of the text; lines and columns count characters.
            let text = String(decoding: data, as: UTF8.self)
            let prefix = text.utf16.prefix(offset)
            let before = String(decoding: Array(prefix), as: UTF16.self)
            line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            column = before.count - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
        }
        return TemperError(code: .invalidRequest, message: "invalid JSON: \(detail)", file: fileName ?? "<request>", line: line, column: column)
    }

    private func describe(_ error: DecodingError) -> TemperError {
        let (path, message): ([any CodingKey], String)
        switch error {
        case .typeMismatch(let type, let context):
            (path, message) = (context.codingPath, "expected \(Self.name(of: type))")
        case .valueNotFound(let type, let context):
            (path, message) = (context.codingPath, "expected \(Self.name(of: type)), found null")
        case .keyNotFound(let key, let context):
            (path, message) = (context.codingPath, "missing key '\(key.stringValue)'")
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?).map { " (\($0.localizedDescription))" } ?? ""
            (path, message) = (context.codingPath, context.debugDescription + (context.codingPath.isEmpty ? underlying : ""))
        @unknown default:
            (path, message) = ([], "\(error)")
        }
        let described = RequestDecoding.describe(path)
        return TemperError(code: .invalidRequest, message: message, file: fileName ?? "<request>", path: described.isEmpty ? nil : described)
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default: type is [Any].Type ? "a list" : "a value of type \(type)"
        }
    }
}
