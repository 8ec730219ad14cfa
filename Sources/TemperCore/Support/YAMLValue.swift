/// A node of a YAML document that knows its key path and its line:column, so every error
/// about policies, device profiles and scenarios names the file, the key and the place.
///
/// The composed node stays inside: callers ask what a value is (``isMapping``, ``isScalar``) and
/// read it through the typed accessors.
public struct YAMLValue {
    let node: YAMLNode
    /// Key path from the document root, e.g. `rules.serious.haptics.mode` or `streams[2].period`.
    public let path: String
    public let file: String?

    init(node: YAMLNode, path: String = "", file: String? = nil) {
        self.node = node
        self.path = path
        self.file = file
    }

    /// Parses YAML text; a syntax error carries the parser's line:column.
    public static func parse(_ text: String, file: String? = nil) throws(TemperError) -> YAMLValue {
        guard let node = try YAMLComposer.compose(text, file: file) else {
            throw TemperError(code: .invalidYAML, message: "the document is empty", file: file, line: 1, column: 1)
        }
        return YAMLValue(node: node, file: file)
    }

    /// Whether the value is a mapping (`key: value` pairs).
    public var isMapping: Bool {
        if case .mapping = node { return true }
        return false
    }

    /// Whether the value is a scalar (a number, a word, a quoted string).
    public var isScalar: Bool {
        if case .scalar = node { return true }
        return false
    }

    public var line: Int? { node.mark.line }
    public var column: Int? { node.mark.column }

    /// An error located at this node.
    public func error(_ code: TemperError.Code, _ message: String) -> TemperError {
        TemperError(code: code, message: message, file: file, path: path, line: line, column: column)
    }

    private func child(_ node: YAMLNode, key: String) -> YAMLValue {
        YAMLValue(node: node, path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    public var isNull: Bool {
        if case .scalar(let scalar) = node, scalar.isPlain {
            return ["~", "null", "Null", "NULL", ""].contains(scalar.text)
        }
        return false
    }

    /// The mapping's entries in document order; throws if this is not a mapping.
    public func entries() throws(TemperError) -> [(key: String, value: YAMLValue)] {
        guard case .mapping(let pairs, _) = node else { throw error(.invalidValue, "expected a mapping, found \(kindName)") }
        return pairs.map { pair in (pair.key.text, child(pair.value, key: pair.key.text)) }
    }

    /// The value under `key`, or `nil` when absent.
    public subscript(key: String) -> YAMLValue? {
        guard let value = node[key] else { return nil }
        return child(value, key: key)
    }

    /// The value under `key`; a missing key is an error located at this mapping.
    public func require(_ key: String) throws(TemperError) -> YAMLValue {
        guard let value = self[key] else {
            throw TemperError(code: .missingKey, message: "missing key '\(key)'", file: file, path: path, line: line, column: column)
        }
        return value
    }

    /// One error per key not in `allowed`, each naming the key and its place.
    ///
    /// `renamed` maps a key's old name to an example of what replaces it (`dwellSeconds` → `dwell: 10s`, from when
    /// values began to carry their units), so an old file's error says exactly what to write instead.
    public func unknownKeys(allowed: Set<String>, renamed: [String: String] = [:]) -> [TemperError] {
        guard case .mapping(let pairs, _) = node else { return [] }
        return pairs.compactMap { pair in
            let key = pair.key.text
            guard !allowed.contains(key) else { return nil }
            let known = allowed.sorted().joined(separator: ", ")
            let message =
                if let replacement = renamed[key] {
                    "'\(key)' is now '\(replacement.prefix { $0 != ":" })', with its unit: write \(replacement)"
                } else {
                    "unknown key '\(key)' (expected one of: \(known))"
                }
            return TemperError(
                code: .unknownKey,
                message: message,
                file: file,
                path: path.isEmpty ? key : "\(path).\(key)",
                line: pair.key.mark.line,
                column: pair.key.mark.column
            )
        }
    }

    /// The sequence's items; throws if this is not a sequence.
    public func items() throws(TemperError) -> [YAMLValue] {
        guard case .sequence(let sequence, _) = node else { throw error(.invalidValue, "expected a list, found \(kindName)") }
        return sequence.enumerated().map { index, item in YAMLValue(node: item, path: "\(path)[\(index)]", file: file) }
    }

    public func string() throws(TemperError) -> String {
        guard case .scalar(let scalar) = node else { throw error(.invalidValue, "expected a string, found \(kindName)") }
        return scalar.text
    }

    public func double() throws(TemperError) -> Double {
        guard case .scalar = node, let value = node.float ?? node.int.map(Double.init), value.isFinite else {
            throw error(.invalidValue, "expected a number, found \(describedValue)")
        }
        return value
    }

    public func int() throws(TemperError) -> Int {
        guard case .scalar = node, let value = node.int else {
            throw error(.invalidValue, "expected a whole number, found \(describedValue)")
        }
        return value
    }

    public func bool() throws(TemperError) -> Bool {
        guard case .scalar = node, let value = node.bool else {
            throw error(.invalidValue, "expected true or false, found \(describedValue)")
        }
        return value
    }

    /// A number within `range`.
    public func double(in range: ClosedRange<Double>) throws(TemperError) -> Double {
        let value = try double()
        guard range.contains(value) else {
            throw error(
                .invalidValue,
                "expected a number from \(QuantityLimits.number(range.lowerBound)) to \(QuantityLimits.number(range.upperBound)), found \(describedValue)"
            )
        }
        return value
    }

    /// A whole number within `range`.
    public func int(in range: ClosedRange<Int>) throws(TemperError) -> Int {
        guard case .scalar = node, let value = node.int, range.contains(value) else {
            throw error(.invalidValue, "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(describedValue)")
        }
        return value
    }

    /// One of a fixed set of words, e.g. an enum's raw values.
    public func oneOf<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(TemperError) -> T where T.RawValue == String {
        let text = try string()
        guard let value = T(rawValue: text) else {
            let choices = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw error(.invalidValue, "expected one of \(choices), found '\(text)'")
        }
        return value
    }

    private var kindName: String {
        switch node {
        case .scalar(let scalar): "'\(scalar.text)'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }

    private var describedValue: String { kindName }
}

/// Collects every error in a document, so a checker can report them all instead of the first.
public struct YAMLProblems: Sendable {
    public private(set) var errors: [TemperError] = []

    public init() {}

    public mutating func record(_ error: TemperError) { errors.append(error) }
    public mutating func record(_ errors: [TemperError]) { self.errors.append(contentsOf: errors) }

    /// Runs `body`; on error, records it and returns `nil`.
    public mutating func attempt<T>(_ body: () throws(TemperError) -> T) -> T? {
        do { return try body() } catch {
            errors.append(error)
            return nil
        }
    }
}

// A composed document is plain values; a value can cross to another task with its document.
extension YAMLValue: Sendable {}
