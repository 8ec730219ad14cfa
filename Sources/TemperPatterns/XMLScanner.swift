/// A small, strict pull reader of XML 1.0 for the formats Temper reads (Android vibration XML).
///
/// It reports elements, attributes and text (CDATA included) in document order, and skips comments and
/// processing instructions. It reads no DTD: `<!DOCTYPE` and every other declaration are errors, so nothing a
/// file says can make it fetch or expand anything. Entities are the five XML predefines and character
/// references. Positions are 1-based lines and byte columns of the first byte of what was last reported.
///
/// Temper reads XML with this rather than Foundation's `XMLParser` so that the binary does not link
/// FoundationXML, and with it libxml2 and the system's ICU, which cost `temper serve` a megabyte of resident
/// memory for a format it reads only when a request carries it.
struct XMLScanner {
    enum Event: Equatable {
        case start(name: String, attributes: [String: String])
        case end(name: String)
        case text(String)
    }

    /// Why the bytes are not well-formed XML, and where.
    struct Failure: Error, Equatable {
        let line: Int
        let column: Int
        let message: String
    }

    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    private(set) var lineNumber = 1
    private(set) var columnNumber = 1
    private var openElements: [String] = []
    private var sawRoot = false
    private var closesEmptyElement = false

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }  // a UTF-8 byte order mark
        lineStart = offset
    }

    /// The next event, or nil at the end of a well-formed document.
    mutating func next() throws(Failure) -> Event? {
        if closesEmptyElement {
            closesEmptyElement = false
            return .end(name: openElements.removeLast())
        }
        while offset < bytes.count {
            lineNumber = line
            columnNumber = offset - lineStart + 1
            guard bytes[offset] == UInt8(ascii: "<") else {
                let text = try characters()
                if !openElements.isEmpty { return .text(text) }
                guard text.allSatisfy(\.isWhitespace) else { throw failure("text outside the root element") }
                continue
            }
            if starts(with: "<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts(with: "<![CDATA[") {
                guard !openElements.isEmpty else { throw failure("CDATA outside the root element") }
                advance(by: 9)
                let start = offset
                try skip(past: "]]>", what: "CDATA section")
                return .text(try string(bytes[start..<offset - 3]))
            } else if starts(with: "<!") {
                throw failure("a DOCTYPE or other declaration is not read")
            } else if starts(with: "</") {
                return .end(name: try endTag())
            } else {
                return try startTag()
            }
        }
        if let open = openElements.last { throw failure("<\(open)> is not closed at the end of the document") }
        guard sawRoot else { throw failure("no root element") }
        return nil
    }

    // MARK: Tags

    private mutating func startTag() throws(Failure) -> Event {
        guard !openElements.isEmpty || !sawRoot else { throw failure("a second root element") }
        advance(by: 1)
        let name = try name()
        var attributes: [String: String] = [:]
        while true {
            let spaced = skipWhitespace()
            guard offset < bytes.count else { throw failure("<\(name) is not closed by >") }
            if starts(with: "/>") {
                advance(by: 2)
                closesEmptyElement = true
                break
            }
            if bytes[offset] == UInt8(ascii: ">") {
                advance(by: 1)
                break
            }
            guard spaced else { throw failure("expected a space, > or /> in <\(name)>") }
            let key = try self.name()
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "=") else { throw failure("expected = after \(key)") }
            advance(by: 1)
            skipWhitespace()
            guard attributes[key] == nil else { throw failure("attribute \(key) appears twice") }
            attributes[key] = try quotedValue(of: key)
        }
        sawRoot = true
        openElements.append(name)
        return .start(name: name, attributes: attributes)
    }

    private mutating func endTag() throws(Failure) -> String {
        advance(by: 2)
        let name = try name()
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ">") else { throw failure("expected > after </\(name)") }
        advance(by: 1)
        guard let open = openElements.last else { throw failure("</\(name)> closes nothing") }
        guard open == name else { throw failure("</\(name)> does not close <\(open)>") }
        openElements.removeLast()
        return name
    }

    private mutating func name() throws(Failure) -> String {
        let start = offset
        while offset < bytes.count, Self.isNameByte(bytes[offset], first: offset == start) { offset += 1 }
        guard offset > start else { throw failure("expected a name") }
        return try string(bytes[start..<offset])
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: ":"), 0x80...:
            true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): !first
        default: false
        }
    }

    // MARK: Text

    private mutating func quotedValue(of key: String) throws(Failure) -> String {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") else {
            throw failure("the value of \(key) must be quoted")
        }
        let quote = bytes[offset]
        advance(by: 1)
        let value = try characters(until: quote)
        guard offset < bytes.count else { throw failure("the value of \(key) is not closed") }
        advance(by: 1)
        return value
    }

    /// Characters up to `terminator` (or the next `<` when nil), with entities replaced.
    private mutating func characters(until terminator: UInt8? = nil) throws(Failure) -> String {
        var decoded: [UInt8] = []
        while offset < bytes.count, bytes[offset] != (terminator ?? UInt8(ascii: "<")) {
            let byte = bytes[offset]
            if terminator != nil, byte == UInt8(ascii: "<") { throw failure("< is not allowed in an attribute value") }
            if byte == UInt8(ascii: "&") {
                decoded += try entity()
            } else {
                decoded.append(byte)
                advance(by: 1)
            }
        }
        return try string(decoded[...])
    }

    private mutating func entity() throws(Failure) -> [UInt8] {
        guard let end = bytes[offset...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw failure("& must start an entity such as &amp;")
        }
        let body = String(decoding: bytes[(offset + 1)..<end], as: UTF8.self)
        let scalar: Unicode.Scalar?
        switch body {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        default:
            let number =
                body.hasPrefix("#x")
                ? UInt32(body.dropFirst(2), radix: 16) : body.hasPrefix("#") ? UInt32(body.dropFirst(), radix: 10) : nil
            scalar = number.flatMap { $0 == 0 ? nil : Unicode.Scalar($0) }
        }
        guard let scalar else { throw failure("unknown entity &\(body);") }
        advance(by: end + 1 - offset)
        return Array(String(scalar).utf8)
    }

    private func string(_ slice: ArraySlice<UInt8>) throws(Failure) -> String {
        guard let text = String(validating: slice, as: UTF8.self) else { throw failure("the text is not UTF-8") }
        return text
    }

    // MARK: Moving

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[offset + $0] == text.utf8Start[$0] }
    }

    private mutating func skip(past terminator: StaticString, what: String) throws(Failure) {
        while offset < bytes.count, !starts(with: terminator) { advance(by: 1) }
        guard offset < bytes.count else { throw failure("the \(what) is not closed") }
        advance(by: terminator.utf8CodeUnitCount)
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = offset
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { advance(by: 1) }
        return offset > start
    }

    private mutating func advance(by count: Int) {
        for _ in 0..<count where offset < bytes.count {
            if bytes[offset] == 0x0A {
                line += 1
                lineStart = offset + 1
            }
            offset += 1
        }
    }

    private func failure(_ message: String) -> Failure {
        Failure(line: line, column: offset - lineStart + 1, message: message)
    }
}
