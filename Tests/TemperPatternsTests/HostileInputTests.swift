import Testing

@testable import TemperPatterns

/// Truncated, deep and oversized input: every reader answers with a pattern or a one-line error, never a trap.
@Suite struct HostileInputTests {
    static let samples: [(String, String)] = [
        (
            "a.haptic",
            #"{"version":{"major":1},"signals":{"continuous":{"envelopes":{"amplitude":[{"time":0,"amplitude":0.5,"emphasis":{"amplitude":0.9,"frequency":0.2}},{"time":0.1,"amplitude":0}],"frequency":[{"time":0,"frequency":0.4}]}}}}"#
        ),
        (
            "a.vij",
            #"{"metadata":{"duration":0.2},"voices":{"envelopes":[[{"time":0,"amplitude":0.5}],[{"time":0,"amplitude":0.3}]],"transients":[[{"time":0,"amplitude":0.9}],[{"time":0,"amplitude":0.1}]]}}"#
        ),
        ("a.json", #"{"timings":[0,100,50],"amplitudes":[0,255,-1],"repeat":1}"#),
        ("b.json", #"{"composition":[{"primitive":"click","scale":0.5,"delayMs":3}]}"#),
        ("c.json", #"{"rumble":[{"durationMs":10,"strongMagnitude":1}]}"#),
        ("d.json", #"{"profiles":[{"name":"quiet","feedbacks":[{"event-name":"x","type":"VibraRumble"}]}]}"#),
        (
            "a.xml",
            #"<vibration-effect><waveform-effect><waveform-entry durationMs="5" amplitude="9"/><repeating><waveform-entry durationMs="5" amplitude="default"/></repeating></waveform-effect></vibration-effect>"#
        ),
    ]

    @Test func everyTruncationReadsOrFailsOnOneLine() {
        for (name, text) in Self.samples {
            let bytes = Array(text.utf8)
            #expect((try? PatternReader.read(bytes, file: name)) != nil, "\(name) itself must read")
            for length in 0..<bytes.count {
                if let error = rejection({ () throws(PatternReadError) in _ = try PatternReader.read(Array(bytes[..<length]), file: name) })
                {
                    #expect(!error.description.contains("\n"))
                    #expect(error.description.hasPrefix(name))
                }
            }
        }
    }

    /// A 5 MB attribute made a 5,000,168-character error line: a value quoted from a file is cut, saying how long
    /// it was, and no message runs past a few hundred characters, with or without spaces in the value.
    @Test(arguments: [false, true])
    func aHugeBadValueGivesAShortErrorLine(spaced: Bool) throws {
        let value = String(repeating: spaced ? "9 " : "9", count: spaced ? 100_000 : 5_000_000) + "x"
        let text =
            "<vibration-effect><waveform-effect><waveform-entry durationMs=\"5\" amplitude=\"" + value
            + "\"/></waveform-effect></vibration-effect>"
        let description = Self.errorDescription(Array(text.utf8), file: "big.xml")
        #expect(description.hasPrefix("big.xml:1:"))
        #expect(description.count < 600, "\(description.prefix(700))")
        #expect(description.contains("characters)"), "\(description)")
    }

    /// The error reading `bytes` gives, or "" when they read.
    static func errorDescription(_ bytes: [UInt8], file: String) -> String {
        do throws(PatternReadError) {
            _ = try PatternReader.read(bytes, file: file)
            return ""
        } catch {
            return error.description
        }
    }

    @Test func deepXMLIsRefused() {
        let deep = String(repeating: "<vibration-effect>", count: 5000)
        #expect(rejection { () throws(PatternReadError) in _ = try AndroidXMLReader.read(Array(deep.utf8)) } != nil)
    }

    @Test func oversizedInputIsRefusedBeforeParsing() {
        let limits = PatternLimits(maxFileBytes: 64)
        let big = Array(("{\"timings\": [" + String(repeating: "1,", count: 100) + "1]}").utf8)
        #expect(
            rejection { () throws(PatternReadError) in _ = try PatternReader.read(big, file: "big.json", limits: limits) }?.code
                == .tooLarge
        )
        let xml = Array(("<vibration-effect>" + String(repeating: " ", count: 100) + "</vibration-effect>").utf8)
        #expect(
            rejection { () throws(PatternReadError) in _ = try PatternReader.read(xml, file: "big.xml", limits: limits) }?.code == .tooLarge
        )
    }
}
