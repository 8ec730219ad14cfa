/// Reading text back out of a ``JSONTape``: decoded strings, compact JSON text, line:column and JSON paths.
/// All of this runs only when a caller needs a `String` or a message, never while scanning.
package struct JSONText {
    package let tape: JSONTape
    package let bytes: UnsafeBufferPointer<UInt8>
    let locator: JSONLocator

    package init(tape: JSONTape, bytes: UnsafeBufferPointer<UInt8>) {
        self.tape = tape
        self.bytes = bytes
        self.locator = JSONLocator(bytes: bytes)
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The raw bytes between a string node's quotes.
    func rawBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let node = tape.nodes[index]
        return UnsafeBufferPointer(rebasing: bytes[Int(node.start) + 1..<Int(node.end)])
    }

    /// Whether a string node (a key or a value) is exactly `literal`.
    package func equals(_ index: Int, _ literal: StaticString) -> Bool {
        let node = tape.nodes[index]
        if node.flag { return string(index) == literal.description }
        let raw = rawBytes(index)
        guard raw.count == literal.utf8CodeUnitCount else { return false }
        let expected = literal.utf8Start
        for offset in 0..<raw.count where raw[offset] != expected[offset] { return false }
        return true
    }

    /// A string node's decoded value. Lone surrogates in `\u` escapes become U+FFFD.
    package func string(_ index: Int) -> String {
        let raw = rawBytes(index)
        guard tape.nodes[index].flag else { return String(decoding: raw, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        func flush() {
            if !utf8.isEmpty { scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars) }
            utf8.removeAll(keepingCapacity: true)
        }
        var position = 0
        while position < raw.count {
            let byte = raw[position]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                position += 1
                continue
            }
            let escaped = raw[position + 1]
            position += 2
            switch escaped {
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                flush()
                var code = hex4(raw, at: position)
                position += 4
                if (0xD800...0xDBFF).contains(code), position + 6 <= raw.count, raw[position] == UInt8(ascii: "\\"),
                    raw[position + 1] == UInt8(ascii: "u")
                {
                    let low = hex4(raw, at: position + 2)
                    if (0xDC00...0xDFFF).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        position += 6
                    }
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: utf8.append(escaped)
            }
        }
        flush()
        return String(scalars)
    }

    private func hex4(_ raw: UnsafeBufferPointer<UInt8>, at position: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 4 | (Self.hexValue(raw[position + $1]) ?? 0) }
    }

    /// A value as compact JSON text: numbers as written, strings re-escaped, containers without whitespace.
    package func compactText(_ index: Int) -> String {
        var output = ""
        appendCompact(index, to: &output)
        return output
    }

    private func appendCompact(_ index: Int, to output: inout String) {
        let node = tape.nodes[index]
        switch node.kind {
        case .string:
            output += JSONEscaping.quoted(string(index))
        case .number, .bool, .null:
            output += String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)]), as: UTF8.self)
        case .object, .array:
            output += node.kind == .object ? "{" : "["
            var first = true
            for (key, value) in tape.children(of: index) {
                if !first { output += "," }
                first = false
                if node.kind == .object {
                    output += JSONEscaping.quoted(string(key))
                    output += ":"
                }
                appendCompact(value, to: &output)
            }
            output += node.kind == .object ? "}" : "]"
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    package func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        locator.location(ofOffset: offset)
    }

    /// For a tape whose scanning stopped early: the path of the innermost container still open, e.g.
    /// `Pattern[3].Event` when the input ends inside that event. Containers still open have no ``JSONNode/next``.
    func openPath() -> String {
        func isOpen(_ index: Int) -> Bool {
            let node = tape.nodes[index]
            return (node.kind == .object || node.kind == .array) && node.next == 0
        }
        var path = ""
        var index = 0
        while index < tape.nodes.count, isOpen(index) {
            let isObject = tape.nodes[index].kind == .object
            var position = index + 1
            var ordinal = 0
            var descended = false
            while position < tape.nodes.count {
                let value = isObject ? position + 1 : position
                if isObject, value >= tape.nodes.count {
                    // Stopped right after a key: name the member being read.
                    return path + (path.isEmpty ? "" : ".") + string(position)
                }
                if isOpen(value) {
                    path += isObject ? (path.isEmpty ? "" : ".") + string(position) : "[\(ordinal)]"
                    index = value
                    descended = true
                    break
                }
                position = Int(tape.nodes[value].next)
                ordinal += 1
            }
            if !descended { break }
        }
        return path
    }

    /// The JSON path of a node, e.g. `Pattern[12].Event.EventParameters[1]`; `""` for the root. A key node's
    /// path is its member's path.
    package func path(to target: Int) -> String {
        var path = ""
        var index = 0
        while index != target, index < tape.nodes.count {
            let node = tape.nodes[index]
            guard node.kind == .object || node.kind == .array, target < Int(node.next) else { break }
            var descended = false
            for (position, child) in tape.children(of: index).enumerated() {
                guard target >= child.key, target < Int(tape.nodes[child.value].next) else { continue }
                if node.kind == .object {
                    path += (path.isEmpty ? "" : ".") + string(child.key)
                    if target == child.key { return path }
                } else {
                    path += "[\(position)]"
                }
                index = child.value
                descended = true
                break
            }
            if !descended { break }
        }
        return path
    }
}

/// JSON string escaping shared by the writers and compact text: quotes, backslashes and control characters
/// escaped, everything else as its UTF-8 (slashes too, as `TemperJSON`'s encoder leaves them).
package enum JSONEscaping {
    package static func quoted(_ string: String) -> String {
        var output: [UInt8] = []
        append(string, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// `string` quoted and escaped, appended to `output` byte by byte: what a writer that builds its text as bytes
    /// calls (`temper score`'s JSON).
    package static func append(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
            case 0x0A: output.append(contentsOf: #"\n"#.utf8)
            case 0x0D: output.append(contentsOf: #"\r"#.utf8)
            case 0x09: output.append(contentsOf: #"\t"#.utf8)
            case 0x08: output.append(contentsOf: #"\b"#.utf8)
            case 0x0C: output.append(contentsOf: #"\f"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: #"\u00"#.utf8)
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

/// Turns byte offsets into line:column. Every answer is kept as a checkpoint, and each question scans forward
/// only from the nearest checkpoint before it, so many messages about one large file cost about one pass over
/// it rather than one pass each.
final class JSONLocator {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Sorted by offset; starts with the beginning of the input.
    private var checkpoints: [(offset: Int, line: Int, column: Int)] = [(0, 1, 1)]

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        let target = min(max(offset, 0), bytes.count)
        var low = 0
        var high = checkpoints.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if checkpoints[middle].offset <= target { low = middle } else { high = middle }
        }
        var (position, line, column) = checkpoints[low]
        while position < target {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            position += 1
        }
        if checkpoints[low].offset != target { checkpoints.insert((target, line, column), at: low + 1) }
        return (line, column)
    }
}
