extension JSONScanner {
    /// Scans a number with JSON's grammar and converts it without allocating when the exact fast path applies.
    mutating func scanNumber() throws(Failure) {
        let start = position
        var negative = false
        if bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var isInteger = true

        guard position < bytes.count, isDigit(bytes[position]) else { throw unexpected("a digit") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            while position < bytes.count, isDigit(bytes[position]) {
                accumulate(bytes[position], into: &mantissa, digits: &significantDigits, exponent: &exponent, fraction: false)
                position += 1
            }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw unexpected("a digit after '.'") }
            while position < bytes.count, isDigit(bytes[position]) {
                accumulate(bytes[position], into: &mantissa, digits: &significantDigits, exponent: &exponent, fraction: true)
                position += 1
            }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            var exponentNegative = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                exponentNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw unexpected("a digit in the exponent") }
            var written = 0
            while position < bytes.count, isDigit(bytes[position]) {
                // Saturate: an exponent this large makes the value 0 or infinite anyway.
                if written < 100_000 { written = written * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
                position += 1
            }
            exponent += exponentNegative ? -written : written
        }

        let value: Double
        if significantDigits <= 19, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            // Clinger's fast path: both operands are exact doubles, so one rounding gives the correct result.
            let magnitude = Double(mantissa)
            value = exponent < 0 ? magnitude / Self.powersOfTen[-exponent] : magnitude * Self.powersOfTen[exponent]
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[(negative ? start + 1 : start)..<position]), as: UTF8.self)
            value = Double(text) ?? .nan
        }
        // Apple's JSON parser rejects a number a double cannot hold (1e309) rather than reading infinity.
        guard value.isFinite else {
            let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            throw Failure(
                code: .invalidJSON,
                offset: start,
                message: "number \(written.prefix(40)) is too large for a double (not a finite number)"
            )
        }
        tape.nodes.append(
            JSONNode(
                number: negative ? -value : value,
                start: Int32(truncatingIfNeeded: start),
                end: Int32(truncatingIfNeeded: position),
                next: Int32(truncatingIfNeeded: tape.nodes.count + 1),
                kind: .number,
                flag: isInteger
            )
        )
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    @inline(__always)
    private func accumulate(_ byte: UInt8, into mantissa: inout UInt64, digits: inout Int, exponent: inout Int, fraction: Bool) {
        let digit = UInt64(byte - UInt8(ascii: "0"))
        if mantissa == 0 && digit == 0 {
            // Leading zeros carry no significance.
            if fraction { exponent -= 1 }
            return
        }
        digits += 1
        if digits <= 19 {
            mantissa = mantissa * 10 + digit
            if fraction { exponent -= 1 }
        } else if !fraction {
            exponent += 1
        }
    }

    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22,
    ]
}
