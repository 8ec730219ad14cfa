import FoundationEssentials
import TemperAHAP

/// Reads requests from JSON (a file's bytes or a command-line argument) and turns every failure into one
/// ``TemperError`` naming the file and the JSON path, e.g.
/// `cue.json: audio.listener.forward: expected [x, y, z], found 2 numbers`.
public struct RequestDecoder: Sendable {
    /// What a request's `file` references are resolved against and read with.
    struct Context: Sendable {
        var fileName: String?
        var baseDirectory: String?
        var patterns: PatternLoader
        var allowsFilesOutside: Bool
    }

    static let contextKey = CodingUserInfoKey(rawValue: "temper.requestContext")!

    /// Names the input in errors.
    public var fileName: String?
    /// Folder that relative `.ahap` paths are resolved against; `nil` = the working directory.
    public var baseDirectory: String?
    /// Reads the patterns that requests name by `file`; the decoder itself reads nothing.
    public var patterns: PatternLoader
    /// Whether a `file` may leave ``baseDirectory`` (an absolute path, or `..`); by default it may not, so a
    /// request cannot make its reader open any file it can.
    public var allowsFilesOutside: Bool

    /// - Parameters:
    ///   - fileName: Names the input in errors.
    ///   - baseDirectory: Folder that relative `.ahap` paths are resolved against.
    ///   - patterns: Reads `{"file": …}` references; by default they are refused.
    ///   - allowsFilesOutside: Whether a `file` may leave `baseDirectory`.
    public init(
        fileName: String? = nil,
        baseDirectory: String? = nil,
        patterns: PatternLoader = .refusing,
        allowsFilesOutside: Bool = false
    ) {
        self.fileName = fileName
        self.baseDirectory = baseDirectory
        self.patterns = patterns
        self.allowsFilesOutside = allowsFilesOutside
    }

    /// A decoder for a request file: errors name it and relative paths resolve beside it.
    public static func forFile(_ path: String, patterns: PatternLoader, allowsFilesOutside: Bool = false) -> RequestDecoder {
        RequestDecoder(
            fileName: path,
            baseDirectory: URL(fileURLWithPath: path).deletingLastPathComponent().path,
            patterns: patterns,
            allowsFilesOutside: allowsFilesOutside
        )
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

    func run<T>(_ data: Data, _ body: (JSONDecoder, Data) throws -> T) throws(TemperError) -> T {
        let decoder = JSONDecoder()
        decoder.userInfo[Self.contextKey] = Context(
            fileName: fileName,
            baseDirectory: baseDirectory,
            patterns: patterns,
            allowsFilesOutside: allowsFilesOutside
        )
        do {
            return try body(decoder, data)
        } catch let error as DecodingError {
            throw syntaxError(in: data) ?? describe(error)
        } catch {
            throw TemperError(code: .invalidRequest, message: "\(error)", file: fileName, underlying: error)
        }
    }

    /// Where the JSON itself is broken, as line:column, or `nil` when it parses (the fault is in what it says).
    /// JSONDecoder gives no place for a syntax error, and its words are the platform's; Temper's own scanner
    /// gives both.
    private func syntaxError(in data: Data) -> TemperError? {
        let problem = data.withUnsafeBytes { raw in
            JSONScanner.strictProblem(in: raw.bindMemory(to: UInt8.self), limits: Self.syntaxLimits)
        }
        guard let problem else { return nil }
        return TemperError(
            code: .invalidRequest,
            message: "invalid JSON: \(problem.message)",
            file: fileName ?? "<request>",
            path: problem.path.isEmpty ? nil : problem.path,
            line: problem.line,
            column: problem.column
        )
    }

    /// Bounds for locating a syntax error: past them the scanner stops with its own error instead.
    static let syntaxLimits = JSONScanner.Limits(maxDepth: 256, maxElements: 1_000_000, maxValues: 10_000_000)

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
            let underlying = context.underlyingError.map { " (\($0))" } ?? ""
            (path, message) = (context.codingPath, context.debugDescription + (context.codingPath.isEmpty ? underlying : ""))
        @unknown default:
            (path, message) = ([], "\(error)")
        }
        let described = RequestDecoding.describe(path)
        return TemperError(
            code: .invalidRequest,
            message: message,
            file: fileName ?? "<request>",
            path: described.isEmpty ? nil : described
        )
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
