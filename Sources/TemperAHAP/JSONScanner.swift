/// A hand-written, byte-level JSON scanner that builds a ``JSONTape``.
///
/// It accepts strict JSON plus two leniencies Apple's loader also accepts in real files, trailing commas and
/// `//` or `/* */` comments, and records each so the reader can report it. It validates UTF-8 inside strings
/// (the only place non-ASCII may appear) and enforces limits as it goes: nesting depth, elements per container
/// and total values, so hostile input stops at the first byte past a limit.
package struct JSONScanner {
    package struct Failure: Error, Sendable {
        package enum Code: Sendable { case invalidJSON, notUTF8, limitExceeded }
        package var code: Code
        package var offset: Int
        package var message: String
        /// The JSON path of the innermost container still open where scanning stopped.
        package var path = ""
    }

    package struct Limits: Sendable {
        package var maxDepth: Int
        package var maxElements: Int
        package var maxValues: Int

        package init(maxDepth: Int, maxElements: Int, maxValues: Int) {
            self.maxDepth = maxDepth
            self.maxElements = maxElements
            self.maxValues = maxValues
        }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let limits: Limits
    var position = 0
    var tape = JSONTape()

    init(bytes: UnsafeBufferPointer<UInt8>, limits: Limits) {
        self.bytes = bytes
        self.limits = limits
        tape.nodes.reserveCapacity(min(bytes.count / 12 + 16, limits.maxValues))
    }

    /// Scans the whole input as one JSON value.
    package static func scan(_ bytes: UnsafeBufferPointer<UInt8>, limits: Limits) throws(Failure) -> JSONTape {
        var scanner = JSONScanner(bytes: bytes, limits: limits)
        // A UTF-8 byte order mark is tolerated; UTF-16 and UTF-32 are not UTF-8.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { scanner.position = 3 }
        if bytes.count >= 2,
            bytes[0] == 0 || bytes[1] == 0 || (bytes[0] == 0xFE && bytes[1] == 0xFF)
                || (bytes[0] == 0xFF && bytes[1] == 0xFE)
        {
            throw Failure(code: .notUTF8, offset: 0, message: "not UTF-8 (looks like UTF-16 or UTF-32)")
        }
        do throws(Failure) {
            try scanner.skipWhitespace(container: nil)
            try scanner.scanValue(depth: 0)
            try scanner.skipWhitespace(container: nil)
            if scanner.position < bytes.count {
                throw scanner.unexpected("end of input after the top-level value")
            }
        } catch {
            var failure = error
            failure.path = JSONText(tape: scanner.tape, bytes: bytes).openPath()
            throw failure
        }
        return scanner.tape
    }

    // MARK: Values

    mutating func scanValue(depth: Int) throws(Failure) {
        guard position < bytes.count else { throw truncated("a value") }
        guard tape.nodes.count < limits.maxValues else {
            throw Failure(code: .limitExceeded, offset: position, message: "more than \(limits.maxValues) JSON values")
        }
        switch bytes[position] {
        case UInt8(ascii: "{"): try scanContainer(isObject: true, depth: depth + 1)
        case UInt8(ascii: "["): try scanContainer(isObject: false, depth: depth + 1)
        case UInt8(ascii: "\""): try scanString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try scanNumber()
        case UInt8(ascii: "t"): try scanLiteral("true", kind: .bool, value: 1)
        case UInt8(ascii: "f"): try scanLiteral("false", kind: .bool, value: 0)
        case UInt8(ascii: "n"): try scanLiteral("null", kind: .null, value: 0)
        default: throw unexpected("a value")
        }
    }

    private mutating func scanContainer(isObject: Bool, depth: Int) throws(Failure) {
        guard depth <= limits.maxDepth else {
            throw Failure(code: .limitExceeded, offset: position, message: "nesting deeper than \(limits.maxDepth)")
        }
        let index = tape.nodes.count
        tape.nodes.append(JSONNode(start: Int32(truncatingIfNeeded: position), kind: isObject ? .object : .array))
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        position += 1
        try skipWhitespace(container: index)
        var count = 0
        if position < bytes.count, bytes[position] == close {
            position += 1
        } else {
            while true {
                count += 1
                guard count <= limits.maxElements else {
                    throw Failure(
                        code: .limitExceeded,
                        offset: position,
                        message: "more than \(limits.maxElements) elements in one \(isObject ? "object" : "array")"
                    )
                }
                if isObject {
                    guard position < bytes.count else { throw truncated("a key") }
                    guard bytes[position] == UInt8(ascii: "\"") else { throw unexpected("a quoted key") }
                    try scanString()
                    try skipWhitespace(container: index)
                    guard position < bytes.count else { throw truncated("':'") }
                    guard bytes[position] == UInt8(ascii: ":") else { throw unexpected("':' after a key") }
                    position += 1
                    try skipWhitespace(container: index)
                }
                try scanValue(depth: depth)
                try skipWhitespace(container: index)
                guard position < bytes.count else { throw truncated(isObject ? "',' or '}'" : "',' or ']'") }
                let byte = bytes[position]
                if byte == close {
                    position += 1
                    break
                }
                guard byte == UInt8(ascii: ",") else { throw unexpected(isObject ? "',' or '}'" : "',' or ']'") }
                let comma = position
                position += 1
                try skipWhitespace(container: index)
                if position < bytes.count, bytes[position] == close {
                    tape.leniencies.append(JSONLeniency(kind: .trailingComma, offset: comma, container: index))
                    position += 1
                    break
                }
            }
        }
        tape.nodes[index].end = Int32(truncatingIfNeeded: position)
        tape.nodes[index].next = Int32(truncatingIfNeeded: tape.nodes.count)
        tape.nodes[index].count = Int32(truncatingIfNeeded: count)
    }

    private mutating func scanLiteral(_ word: StaticString, kind: JSONNode.Kind, value: Double) throws(Failure) {
        let length = word.utf8CodeUnitCount
        guard position + length <= bytes.count else { throw truncated("'\(word)'") }
        let start = word.utf8Start
        for offset in 0..<length where bytes[position + offset] != start[offset] {
            position += offset
            throw unexpected("'\(word)'")
        }
        let node = JSONNode(
            number: value,
            start: Int32(truncatingIfNeeded: position),
            end: Int32(truncatingIfNeeded: position + length),
            next: Int32(truncatingIfNeeded: tape.nodes.count + 1),
            kind: kind
        )
        tape.nodes.append(node)
        position += length
    }

    // MARK: Whitespace and comments

    mutating func skipWhitespace(container: Int?) throws(Failure) {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                position += 1
            case UInt8(ascii: "/"):
                try skipComment(container: container)
            default:
                return
            }
        }
    }

    private mutating func skipComment(container: Int?) throws(Failure) {
        let start = position
        guard position + 1 < bytes.count else { throw unexpected("a value") }
        switch bytes[position + 1] {
        case UInt8(ascii: "/"):
            position += 2
            while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
        case UInt8(ascii: "*"):
            position += 2
            while true {
                guard position + 1 < bytes.count else { throw truncated("'*/' closing the comment") }
                if bytes[position] == UInt8(ascii: "*"), bytes[position + 1] == UInt8(ascii: "/") {
                    position += 2
                    break
                }
                position += 1
            }
        default:
            throw unexpected("a value")
        }
        tape.leniencies.append(JSONLeniency(kind: .comment, offset: start, container: container))
    }

    // MARK: Failures

    func truncated(_ expected: String) -> Failure {
        Failure(code: .invalidJSON, offset: bytes.count, message: "input ends where \(expected) was expected")
    }

    func unexpected(_ expected: String) -> Failure {
        guard position < bytes.count else { return truncated(expected) }
        let byte = bytes[position]
        if byte >= 0x80, UTF8Validation.sequenceLength(bytes, at: position) == nil {
            return Failure(
                code: .notUTF8,
                offset: position,
                message: "not UTF-8: invalid byte 0x\(String(byte, radix: 16, uppercase: true))"
            )
        }
        if let kind = binaryKind(), !bytes[..<position].contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            return Failure(code: .invalidJSON, offset: position, message: "not JSON text: \(kind)")
        }
        let found =
            byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        return Failure(code: .invalidJSON, offset: position, message: "expected \(expected), found \(found)")
    }

    /// What a file that fails at its first byte is when it is not text at all: "expected a value, found 'R'" says
    /// nothing to someone who gave a sound file.
    private func binaryKind() -> String? {
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WAVE".utf8) {
            return "a WAV sound file (an AHAP pattern names its sound with EventWaveformPath)"
        }
        return bytes.prefix(512).contains(0) ? "a binary file" : nil
    }
}
