import Testing

@testable import TemperAHAP

@Suite("JSON scanner")
struct JSONScannerTests {
    private func scan(_ json: String) throws -> (JSONTape, [UInt8]) {
        let bytes = Array(json.utf8)
        let tape = try bytes.withUnsafeBufferPointer { buffer in
            try JSONScanner.scan(buffer, limits: .init(maxDepth: 64, maxElements: 1000, maxValues: 10_000))
        }
        return (tape, bytes)
    }

    private func number(_ text: String) throws -> Double {
        let (tape, _) = try scan(text)
        #expect(tape.nodes.count == 1)
        return tape.nodes[0].number
    }

    @Test(arguments: [
        "0", "-0", "1", "0.1", "0.30000000000000004", "1e22", "1e23", "1E+2", "1e-5", "2.5e-3", "123456789012345678901234567890",
        "9007199254740993", "0.0036507936507916", "9.804943310657597", "2234.26080279722", "1e-400",
        "4.9406564584124654e-324", "1.7976931348623157e308", "0.000000000000000000000000000001",
    ])
    func numbersMatchTheStandardLibrary(text: String) throws {
        let expected = try #require(Double(text))
        let value = try number(text)
        #expect(value == expected || (value.isNaN && expected.isNaN))
        #expect(value.sign == expected.sign)
    }

    /// Apple's parser rejects a number a double cannot hold rather than reading infinity; so does the scanner.
    @Test(arguments: [
        "1e400", "-1e400", "1e309",
        "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792",
    ])
    func numbersADoubleCannotHoldAreErrors(text: String) throws {
        #expect(throws: JSONScanner.Failure.self) { try scan(text) }
    }

    @Test func randomDoublesRoundTripThroughTheirShortestText() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let value = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF)
            let text = AHAPWriter.number(value)
            #expect(try number(text) == value, "\(text)")
            let small = Double.random(in: 0...1, using: &generator)
            #expect(try number(small.description) == small)
        }
    }

    @Test func integerFlagSeparatesIntegersFromReals() throws {
        let (tape, _) = try scan("[1, 1.0, 1e0, -3]")
        #expect(tape.nodes.dropFirst().map(\.flag) == [true, false, false, true])
    }

    @Test func commentMarkersInsideStringsAreText() throws {
        let (tape, bytes) = try scan(#"{ "url": "http://example.com/*x*/" }"#)
        #expect(tape.leniencies.isEmpty)
        let text = bytes.withUnsafeBufferPointer { JSONText(tape: tape, bytes: $0).string(2) }
        #expect(text == "http://example.com/*x*/")
    }

    @Test func escapesDecode() throws {
        let (tape, bytes) = try scan(#"["a\"b\\c\/d\b\f\n\r\t\u0041\u00e9\ud83c\udfb5\ud800x"]"#)
        let text = bytes.withUnsafeBufferPointer { JSONText(tape: tape, bytes: $0).string(1) }
        #expect(text == "a\"b\\c/d\u{08}\u{0C}\n\r\tAé🎵\u{FFFD}x")
    }

    @Test func subtreesAreSkippable() throws {
        let (tape, _) = try scan(#"{ "a": [1, [2, 3], { "b": 4 }], "c": 5 }"#)
        #expect(tape.nodes[0].count == 2)
        #expect(Int(tape.nodes[0].next) == tape.nodes.count)
        let array = 2
        #expect(tape.nodes[array].count == 3)
        #expect(tape.nodes[Int(tape.nodes[array].next)].kind == .string)  // the key "c"
    }

    @Test func pathsAndLocations() throws {
        let json = "{\n  \"Pattern\": [\n    { \"Event\": { \"Time\": 1 } }\n  ]\n}"
        let (tape, bytes) = try scan(json)
        let timeValue = tape.nodes.count - 1
        bytes.withUnsafeBufferPointer { buffer in
            let text = JSONText(tape: tape, bytes: buffer)
            #expect(text.path(to: timeValue) == "Pattern[0].Event.Time")
            let location = text.location(ofOffset: Int(tape.nodes[timeValue].start))
            #expect(location.line == 3)
            #expect(location.column == 26)
            // Asking again, and out of order, gives the same answers.
            #expect(text.location(ofOffset: 0) == (1, 1))
            #expect(text.location(ofOffset: Int(tape.nodes[timeValue].start)) == (3, 26))
        }
    }
}
