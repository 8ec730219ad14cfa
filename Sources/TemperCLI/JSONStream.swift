import Foundation

/// JSON written piece by piece to a file handle, laid out as ``TemperJSON``'s pretty layout lays it out
/// (two-space indent, `"key" : value`), so a long document streams out as it is made instead of being built whole.
///
/// The caller writes keys in sorted order, as the encoder's `.sortedKeys` would.
struct JSONStream {
    private var buffer: [UInt8] = []
    private let output: FileHandle
    /// Whether the next member or element at each open level needs a comma before it.
    private var needsComma: [Bool] = []

    init(output: FileHandle = .standardOutput) {
        self.output = output
        buffer.reserveCapacity(1 << 16)
    }

    // MARK: Structure

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Starts a member of the open object: its key; the value follows.
    mutating func key(_ name: String) {
        element()
        appendString(name)
        append(" : ")
    }

    /// Starts the next element of the open array.
    mutating func element() {
        guard !needsComma.isEmpty else { return }
        if needsComma[needsComma.count - 1] { buffer.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
        newline()
    }

    private mutating func open(_ bracket: UInt8) {
        buffer.append(bracket)
        needsComma.append(false)
    }

    private mutating func close(_ bracket: UInt8) {
        let hadMembers = needsComma.removeLast()
        if hadMembers { newline() }
        buffer.append(bracket)
        if needsComma.isEmpty { buffer.append(UInt8(ascii: "\n")) }
        if buffer.count >= 1 << 16 { flush() }
    }

    private mutating func newline() {
        buffer.append(UInt8(ascii: "\n"))
        buffer.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * needsComma.count))
    }

    // MARK: Values

    mutating func string(_ text: String) { appendString(text) }

    mutating func string(_ text: String?) {
        if let text { appendString(text) } else { append("null") }
    }

    mutating func number(_ value: Int) { append(String(value)) }

    /// A measurement rounded for people (``PeopleRounding``), written as the shortest text that reads back as
    /// the same double; non-finite values as ``TemperJSON``'s strings.
    mutating func number(_ value: Double) {
        guard value.isFinite else {
            appendString(value.isNaN ? "nan" : value > 0 ? "inf" : "-inf")
            return
        }
        let rounded = PeopleRounding.rounded(value)
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            append(String(Int64(rounded)))
        } else {
            append(rounded.description)
        }
    }

    mutating func number(_ value: Double?) {
        if let value { number(value) } else { append("null") }
    }

    mutating func strings(_ texts: [String]) {
        beginArray()
        for text in texts {
            element()
            appendString(text)
        }
        endArray()
    }

    /// A line of plain text (a CSV row), outside any JSON structure.
    mutating func line(_ text: String) {
        append(text)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 1 << 16 { flush() }
    }

    // MARK: Bytes

    private mutating func append(_ text: String) { buffer.append(contentsOf: text.utf8) }

    private mutating func appendString(_ text: String) {
        buffer.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "\n"): append("\\n")
            case UInt8(ascii: "\r"): append("\\r")
            case UInt8(ascii: "\t"): append("\\t")
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// Writes what is buffered.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        output.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Rounding measurements for people: six significant digits, the precision `temper score`'s CSV prints, so
/// summed floating-point noise (`1.5678750000000001`) never reaches the user while every digit a measurement
/// can carry stays.
enum PeopleRounding {
    static let significantDigits = 6

    static func rounded(_ value: Double) -> Double {
        guard value.isFinite, abs(value) > 1e-290 else { return value }
        let exponent = Int((abs(value)).log10Floor) - (significantDigits - 1)
        // Scale by an exact power of ten, so the rounded integer divides to the double nearest the decimal.
        if exponent < 0 {
            let scale = pow10(-exponent)
            return (value * scale).rounded() / scale
        }
        let scale = pow10(exponent)
        return (value / scale).rounded() * scale
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}

extension Double {
    fileprivate var log10Floor: Double { Foundation.log10(self).rounded(.down) }
}
