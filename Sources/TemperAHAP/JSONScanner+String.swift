extension JSONScanner {
    /// Scans a string starting at its opening quote, validating escapes and UTF-8 without decoding anything.
    mutating func scanString() throws(Failure) {
        let start = position
        var hasEscapes = false
        position += 1
        while true {
            // The common case is a run of plain ASCII; stay in this tight loop for it.
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                position += 1
            }
            guard position < bytes.count else { throw truncated("'\"' closing the string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try scanEscape()
            } else if byte < 0x20 {
                throw Failure(
                    code: .invalidJSON,
                    offset: position,
                    message: "control character 0x\(String(byte, radix: 16)) inside a string"
                )
            } else {
                guard let length = UTF8Validation.sequenceLength(bytes, at: position) else {
                    throw Failure(code: .notUTF8, offset: position, message: "not UTF-8: invalid byte sequence in a string")
                }
                position += length
            }
        }
        tape.nodes.append(
            JSONNode(
                start: Int32(truncatingIfNeeded: start),
                end: Int32(truncatingIfNeeded: position),
                next: Int32(truncatingIfNeeded: tape.nodes.count + 1),
                kind: .string,
                flag: hasEscapes
            )
        )
        position += 1
    }

    private mutating func scanEscape() throws(Failure) {
        guard position + 1 < bytes.count else { throw truncated("an escape") }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            guard position + 6 <= bytes.count else { throw truncated("four hex digits") }
            for offset in 2..<6 where JSONText.hexValue(bytes[position + offset]) == nil {
                position += offset
                throw unexpected("a hex digit in a \\u escape")
            }
            position += 6
        default:
            position += 1
            throw unexpected("an escape character")
        }
    }
}

/// UTF-8 well-formedness per the Unicode standard (table 3-7): no overlongs, surrogates or values past U+10FFFF.
enum UTF8Validation {
    /// The length of the well-formed multi-byte sequence at `index`, or `nil` when it is malformed.
    static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        let second = bytes[index + 1]
        guard second >= low, second <= high else { return nil }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return nil }
        return length
    }
}
