import Foundation
import TemperTestSupport
import Testing

@testable import TemperAHAP

@Suite("Hostile input")
struct HostileInputTests {
    @Test func deepNestingFailsFast() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        let error = try #require(failure(bytes))
        #expect(error.code == .limitExceeded)
        #expect(error.message.contains("nesting"))
        #expect(error.column == 65)
    }

    @Test func deepNestingInsideThePatternFailsFast() throws {
        let nested = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        let error = try #require(failure(#"{ "Pattern": [ { "Event": \#(nested) } ] }"#))
        #expect(error.code == .limitExceeded)
    }

    @Test func hugeArrayFailsWhileScanning() throws {
        var bytes = Array(#"{ "Pattern": ["#.utf8)
        bytes.reserveCapacity(bytes.count + 2 * 200_001)
        for index in 0..<200_000 { bytes += index == 0 ? [UInt8(ascii: "0")] : [UInt8(ascii: ","), UInt8(ascii: "0")] }
        bytes += Array("] }".utf8)
        let error = try #require(failure(bytes))
        #expect(error.code == .limitExceeded)
        #expect(error.message.contains("elements"))
    }

    @Test func patternItemLimitIsEnforced() throws {
        let items = Array(repeating: #"{ "Event": { "Time": 0, "EventType": "HapticTransient" } }"#, count: 11).joined(separator: ",")
        let limits = AHAPLimits(maxPatternItems: 10, maxCurvePoints: 4)
        let error = try #require(failure(#"{ "Pattern": [\#(items)] }"#, limits: limits))
        #expect(error.code == .limitExceeded)
    }

    @Test func curvePointLimitIsEnforced() throws {
        let points = Array(repeating: #"{ "Time": 0, "ParameterValue": 1 }"#, count: 20).joined(separator: ",")
        let json =
            #"{ "Pattern": [{ "ParameterCurve": { "ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [\#(points)] } }] }"#
        let error = try #require(failure(json, limits: AHAPLimits(maxCurvePoints: 16)))
        #expect(error.code == .limitExceeded)
        #expect(error.path == "Pattern[0].ParameterCurve.ParameterCurveControlPoints")
        #expect(failure(json) == nil)
    }

    @Test func valueCountLimitIsEnforced() throws {
        let error = try #require(failure(#"{ "Pattern": [1, 2, 3, 4, 5, 6, 7, 8] }"#, limits: AHAPLimits(maxJSONValues: 5)))
        #expect(error.code == .limitExceeded)
    }

    @Test func diagnosticsAreCappedAndStillLocated() throws {
        let keys = (0..<5000).map { #""Unknown\#($0)": \#($0)"# }.joined(separator: ",\n")
        let document = try read("{\n\(keys),\n\"Version\": 1.0, \"Pattern\": [] }")
        #expect(document.diagnostics.count == AHAPDecoder.maxDiagnostics + 1)
        #expect(document.diagnostics[999].line == 1001)
        #expect(document.diagnostics[999].path == "Unknown999")
        #expect(document.diagnostics.last?.message == "4000 more diagnostics not listed")
    }

    @Test func oversizedBytesAreRefused() throws {
        let error = try #require(failure(Array(#"{ "Pattern": [] }"#.utf8), limits: AHAPLimits(maxFileBytes: 8)))
        #expect(error.code == .tooLarge)
    }

    @Test func hundredMegabyteFileIsRefusedBeforeReading() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/huge.ahap"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        // A sparse file: it claims 100 MB without using the disk.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 100 << 20)
        try handle.close()
        let error = #expect(throws: AHAPError.self) { try AHAPReader.load(contentsOf: path) }
        #expect(error?.code == .tooLarge)
        #expect(error?.file == path)
    }

    @Test(arguments: [
        ("truncated object", #"{ "Pattern": [ { "Event": { "Time": 0"#),
        ("truncated string", #"{ "Pattern": [ { "Ev"#),
        ("truncated literal", #"{ "Pattern": [ tru"#),
        ("truncated number", #"{ "Pattern": [ 1e"#),
        ("truncated escape", #"{ "Pattern": [ "\u00"#),
        ("truncated comment", #"{ "Pattern": [ /* "#),
        ("empty", ""),
        ("only whitespace", "  \n "),
    ])
    func truncatedInputIsInvalidJSON(name: String, json: String) throws {
        let error = try #require(failure(json))
        #expect(error.code == .invalidJSON, "\(name)")
    }

    @Test(
        arguments: [
            ("stray byte in a string", [0xFF]),
            ("overlong slash", [0xC0, 0xAF]),
            ("encoded surrogate", [0xED, 0xA0, 0x80]),
            ("past U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
            ("cut sequence", [0xE2, 0x82]),
        ] as [(String, [UInt8])]
    )
    func invalidUTF8IsRejected(name: String, sequence: [UInt8]) throws {
        let bytes = Array(#"{ "Metadata": { "a": ""#.utf8) + sequence + Array(#"" }, "Pattern": [] }"#.utf8)
        let error = try #require(failure(bytes))
        #expect(error.code == .notUTF8, "\(name)")
        #expect(error.line == 1)
    }

    @Test func invalidUTF8OutsideStringsIsRejected() throws {
        let error = try #require(failure([UInt8(ascii: "{"), 0xFE, UInt8(ascii: "}")]))
        #expect(error.code == .notUTF8)
    }

    @Test func utf16IsNotUTF8() throws {
        let littleEndian: [UInt8] = #"{}"#.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(failure([0xFF, 0xFE] + littleEndian)?.code == .notUTF8)
        let withoutMark: [UInt8] = #"{}"#.utf16.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        #expect(failure(withoutMark)?.code == .notUTF8)
    }

    @Test func validMultibyteTextIsKept() throws {
        let document = try read(#"{ "Metadata": { "Name": "Ümlaut ✓ 🎵 \ud83c\udfb5" }, "Pattern": [] }"#)
        #expect(document.pattern.metadata.first?.value == "Ümlaut ✓ 🎵 🎵")
    }
}
