/// The subset of JSON5 that Meta's ACF files use, rewritten as the JSON (with comments and trailing commas)
/// that TemperAHAP's scanner reads: unquoted keys are quoted and single-quoted strings double-quoted. Lines are
/// kept, so an error's line is exact; its column counts the two quotes added to each unquoted key before it.
/// Other JSON5 extensions (hex, `+1`, `.5`, `Infinity`) are left as they are and fail as invalid JSON.
enum JSON5Text {
    static func json(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        var index = 0
        func isIdentifierStart(_ byte: UInt8) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
        }
        func isIdentifier(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39) }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                // A double-quoted string, copied with its escapes.
                output.append(byte)
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                        output.append(bytes[index])
                        index += 1
                    }
                    output.append(bytes[index])
                    index += 1
                }
                if index < bytes.count {
                    output.append(bytes[index])
                    index += 1
                }
            case UInt8(ascii: "'"):
                output.append(UInt8(ascii: "\""))
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "'") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                        if bytes[index + 1] == UInt8(ascii: "'") {
                            output.append(UInt8(ascii: "'"))
                        } else {
                            output.append(bytes[index])
                            output.append(bytes[index + 1])
                        }
                        index += 2
                        continue
                    }
                    if bytes[index] == UInt8(ascii: "\"") { output.append(UInt8(ascii: "\\")) }
                    output.append(bytes[index])
                    index += 1
                }
                if index < bytes.count {
                    output.append(UInt8(ascii: "\""))
                    index += 1
                }
            case UInt8(ascii: "/")
            where index + 1 < bytes.count && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")):
                let block = bytes[index + 1] == UInt8(ascii: "*")
                let start = index
                index += 2
                while index < bytes.count {
                    if block, bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                        index += 2
                        break
                    }
                    if !block, bytes[index] == UInt8(ascii: "\n") { break }
                    index += 1
                }
                output.append(contentsOf: bytes[start..<min(index, bytes.count)])
            case _ where isIdentifierStart(byte):
                var end = index
                while end < bytes.count, isIdentifier(bytes[end]) { end += 1 }
                var next = end
                while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
                let isKey = next < bytes.count && bytes[next] == UInt8(ascii: ":")
                if isKey { output.append(UInt8(ascii: "\"")) }
                output.append(contentsOf: bytes[index..<end])
                if isKey { output.append(UInt8(ascii: "\"")) }
                index = end
            default:
                output.append(byte)
                index += 1
            }
        }
        return output
    }
}
