import TemperAHAP

/// Typed access to a JSON document scanned by TemperAHAP's ``JSONScanner`` (one JSON scanner for every format),
/// with errors that carry the file, JSON path and line:column.
struct PatternJSON {
    let text: JSONText
    let file: String?
    let limits: PatternLimits
    var diagnostics: [PatternDiagnostic] = []

    var nodes: [JSONNode] { text.tape.nodes }
    static let root = 0

    /// Scans `bytes` and hands the document to `body`; the scanner's leniencies (comments, trailing commas)
    /// become diagnostics.
    static func withDocument<T>(
        _ bytes: [UInt8],
        file: String?,
        limits: PatternLimits,
        _ body: (inout PatternJSON) throws(PatternReadError) -> T
    ) throws(PatternReadError) -> T {
        guard bytes.count <= limits.maxFileBytes, bytes.count < Int(Int32.max) else {
            throw PatternReadError(
                code: .tooLarge,
                file: file,
                message: "\(bytes.count) bytes, more than the limit of \(limits.maxFileBytes) bytes"
            )
        }
        let result: Result<T, PatternReadError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(PatternReadError) {
                let tape: JSONTape
                do throws(JSONScanner.Failure) {
                    tape = try JSONScanner.scan(
                        buffer,
                        limits: .init(
                            maxDepth: limits.maxNestingDepth,
                            maxElements: limits.maxPoints,
                            maxValues: limits.maxJSONValues
                        )
                    )
                } catch {
                    let (line, column) = JSONText(tape: JSONTape(), bytes: buffer).location(ofOffset: error.offset)
                    let code: PatternReadError.Code =
                        switch error.code {
                        case .invalidJSON: .invalidJSON
                        case .notUTF8: .notUTF8
                        case .limitExceeded: .limitExceeded
                        }
                    throw PatternReadError(code: code, file: file, path: error.path, line: line, column: column, message: error.message)
                }
                var json = PatternJSON(text: JSONText(tape: tape, bytes: buffer), file: file, limits: limits)
                for leniency in tape.leniencies.prefix(100) {
                    let (line, column) = json.text.location(ofOffset: leniency.offset)
                    let path = leniency.container.map { json.text.path(to: $0) } ?? ""
                    let what = leniency.kind == .comment ? "comment ignored" : "trailing comma ignored"
                    json.diagnostics.append(PatternDiagnostic(path: path, message: what, line: line, column: column))
                }
                return .success(try body(&json))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    // MARK: Structure

    func kind(_ node: Int) -> JSONNode.Kind { nodes[node].kind }

    /// The value of `key` in the object `node`; the last one when a key repeats.
    func member(_ node: Int, _ key: String) -> Int? {
        guard nodes[node].kind == .object else { return nil }
        var found: Int?
        for (keyNode, value) in text.tape.children(of: node) where text.string(keyNode) == key { found = value }
        return found
    }

    func keys(_ node: Int) -> [String] {
        guard nodes[node].kind == .object else { return [] }
        return text.tape.children(of: node).map { text.string($0.key) }
    }

    func requireMember(_ node: Int, _ key: String) throws(PatternReadError) -> Int {
        guard let value = member(node, key) else { throw error(.missing, at: node, "missing key \(key)") }
        return value
    }

    func object(_ node: Int, named name: String) throws(PatternReadError) -> Int {
        guard nodes[node].kind == .object else {
            throw error(.wrongType, at: node, "\(name) must be an object, not \(nodes[node].typeName)")
        }
        return node
    }

    /// The elements of an array, checked against ``PatternLimits/maxPoints``.
    func elements(_ node: Int, named name: String) throws(PatternReadError) -> [Int] {
        guard nodes[node].kind == .array else { throw error(.wrongType, at: node, "\(name) must be an array, not \(nodes[node].typeName)") }
        guard Int(nodes[node].count) <= limits.maxPoints else {
            throw error(.limitExceeded, at: node, "\(nodes[node].count) entries, more than the limit of \(limits.maxPoints)")
        }
        return text.tape.children(of: node).map(\.value)
    }

    // MARK: Values

    func number(_ node: Int, named name: String) throws(PatternReadError) -> Double {
        guard nodes[node].kind == .number else {
            throw error(.wrongType, at: node, "\(name) must be a number, not \(nodes[node].typeName)")
        }
        let value = nodes[node].number
        guard value.isFinite else { throw error(.outOfRange, at: node, "\(name) must be finite") }
        return value
    }

    func number(_ node: Int, named name: String, in range: ClosedRange<Double>) throws(PatternReadError) -> Double {
        let value = try number(node, named: name)
        guard range.contains(value) else {
            throw error(
                .outOfRange,
                at: node,
                "\(name) \(Self.display(value)) is outside \(Self.display(range.lowerBound))...\(Self.display(range.upperBound))"
            )
        }
        return value
    }

    /// A whole number in `range` (JSON `3` or `3.0`).
    func integer(_ node: Int, named name: String, in range: ClosedRange<Double>) throws(PatternReadError) -> Int {
        let value = try number(node, named: name, in: range)
        guard value.rounded() == value else { throw error(.wrongType, at: node, "\(name) \(Self.display(value)) must be a whole number") }
        return Int(value)
    }

    func string(_ node: Int, named name: String) throws(PatternReadError) -> String {
        guard nodes[node].kind == .string else {
            throw error(.wrongType, at: node, "\(name) must be a string, not \(nodes[node].typeName)")
        }
        return text.string(node)
    }

    func optionalNumber(_ object: Int, _ key: String, in range: ClosedRange<Double>) throws(PatternReadError) -> Double? {
        guard let node = member(object, key) else { return nil }
        return try number(node, named: key, in: range)
    }

    // MARK: Messages

    /// A number in a message: whole numbers without a fraction (`256`, `-1`), others to six digits.
    static func display(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return formatted(value)
    }

    func error(_ code: PatternReadError.Code, at node: Int, _ message: String) -> PatternReadError {
        let (line, column) = text.location(ofOffset: Int(nodes[node].start))
        return PatternReadError(code: code, file: file, path: text.path(to: node), line: line, column: column, message: message)
    }

    mutating func note(at node: Int, _ message: String) {
        guard diagnostics.count < 1000 else { return }
        let (line, column) = text.location(ofOffset: Int(nodes[node].start))
        diagnostics.append(PatternDiagnostic(path: text.path(to: node), message: message, line: line, column: column))
    }

    /// Notes each key of `object` outside `known` as ignored (the platforms ignore unknown keys).
    mutating func noteUnknownKeys(_ object: Int, known: Set<String>) {
        guard nodes[object].kind == .object else { return }
        for (key, _) in text.tape.children(of: object) where !known.contains(text.string(key)) {
            note(at: key, "unknown key \(text.string(key)) ignored")
        }
    }
}
