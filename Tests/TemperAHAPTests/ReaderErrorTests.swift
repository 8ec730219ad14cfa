import Testing

@testable import TemperAHAP

@Suite("Reader errors")
struct ReaderErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var json: String
        var code: AHAPError.Code
        var path: String
        var line: Int?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "not JSON", json: "Version: 1", code: .invalidJSON, path: "", line: 1),
        Case(name: "truncated", json: #"{ "Version": 1.0, "Pattern": [ { "Event""#, code: .invalidJSON, path: "Pattern[0].Event", line: 1),
        Case(name: "text after the value", json: #"{ "Pattern": [] } x"#, code: .invalidJSON, path: "", line: 1),
        Case(name: "single quotes", json: "{ 'Pattern': [] }", code: .invalidJSON, path: "", line: 1),
        Case(name: "bad number", json: #"{ "Pattern": [], "Version": 01 }"#, code: .invalidJSON, path: "", line: 1),
        Case(name: "NaN", json: #"{ "Pattern": [], "Version": NaN }"#, code: .invalidJSON, path: "Version", line: 1),
        Case(name: "bad escape", json: #"{ "Pattern": [], "Metadata": { "a": "\q" } }"#, code: .invalidJSON, path: "Metadata.a", line: 1),
        Case(name: "no Pattern", json: #"{ "Version": 1.0 }"#, code: .missingPattern, path: "", line: 1),
        Case(name: "top level array", json: "[]", code: .wrongType, path: "", line: 1),
        Case(name: "Pattern not an array", json: #"{ "Pattern": {} }"#, code: .wrongType, path: "Pattern", line: 1),
        Case(name: "item not an object", json: #"{ "Pattern": [1] }"#, code: .wrongType, path: "Pattern[0]", line: 1),
        Case(
            name: "unknown EventType",
            json: pattern(event: #""Time": 0, "EventType": "HapticBuzz""#),
            code: .unknownEventType,
            path: "Pattern[0].Event.EventType",
            line: 4
        ),
        Case(name: "no EventType", json: pattern(event: #""Time": 0"#), code: .unknownEventType, path: "Pattern[0].Event", line: 4),
        Case(
            name: "continuous without duration",
            json: pattern(event: #""Time": 0, "EventType": "HapticContinuous""#),
            code: .missingDuration,
            path: "Pattern[0].Event",
            line: 4
        ),
        Case(
            name: "audio continuous without duration",
            json: pattern(event: #""Time": 0, "EventType": "AudioContinuous""#),
            code: .missingDuration,
            path: "Pattern[0].Event",
            line: 4
        ),
        Case(
            name: "negative time",
            json: pattern(event: #""Time": -0.1, "EventType": "HapticTransient""#),
            code: .invalidTime,
            path: "Pattern[0].Event.Time",
            line: 4
        ),
        Case(
            name: "a time a double cannot hold (Apple's parser rejects 1e999 too)",
            json: pattern(event: #""Time": 1e999, "EventType": "HapticTransient""#),
            code: .invalidJSON,
            path: "Pattern[0].Event.Time",
            line: 4
        ),
        // Issue 34: a transient at 1e18 s trapped `convert --to rumble`, one at 1e15 s scored `ok` at 0 mJ.
        Case(
            name: "a time past a day, as every other format reads",
            json: pattern(event: #""Time": 86400.001, "EventType": "HapticTransient""#),
            code: .invalidTime,
            path: "Pattern[0].Event.Time",
            line: 4
        ),
        Case(
            name: "a time of 1e308 s",
            json: pattern(event: #""Time": 1e308, "EventType": "HapticTransient""#),
            code: .invalidTime,
            path: "Pattern[0].Event.Time",
            line: 4
        ),
        Case(
            name: "a duration of 1e15 s",
            json: pattern(event: #""Time": 0, "EventType": "AudioContinuous", "EventDuration": 1e15"#),
            code: .invalidTime,
            path: "Pattern[0].Event.EventDuration",
            line: 4
        ),
        Case(
            name: "a control point at 1e18 s",
            json:
                #"{ "Pattern": [{ "ParameterCurve": { "ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [{ "Time": 1e18, "ParameterValue": 1 }] } }] }"#,
            code: .invalidTime,
            path: "Pattern[0].ParameterCurve.ParameterCurveControlPoints[0].Time",
            line: 1
        ),
        Case(
            name: "negative duration",
            json: pattern(event: #""Time": 0, "EventType": "HapticContinuous", "EventDuration": -1"#),
            code: .invalidTime,
            path: "Pattern[0].Event.EventDuration",
            line: 4
        ),
        Case(
            name: "negative parameter time",
            json: #"{ "Pattern": [{ "Parameter": { "ParameterID": "HapticIntensityControl", "Time": -2, "ParameterValue": 1 } }] }"#,
            code: .invalidTime,
            path: "Pattern[0].Parameter.Time",
            line: 1
        ),
        Case(
            name: "negative control point time",
            json:
                #"{ "Pattern": [{ "ParameterCurve": { "ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [{ "Time": -1, "ParameterValue": 1 }] } }] }"#,
            code: .invalidTime,
            path: "Pattern[0].ParameterCurve.ParameterCurveControlPoints[0].Time",
            line: 1
        ),
        Case(
            name: "time as a string",
            json: pattern(event: #""Time": "0.5", "EventType": "HapticTransient""#),
            code: .wrongType,
            path: "Pattern[0].Event.Time",
            line: 4
        ),
        Case(
            name: "value as a string",
            json: pattern(
                event:
                    #""Time": 0, "EventType": "HapticTransient", "EventParameters": [{ "ParameterID": "HapticIntensity", "ParameterValue": "high" }]"#
            ),
            code: .wrongType,
            path: "Pattern[0].Event.EventParameters[0].ParameterValue",
            line: 4
        ),
        Case(
            name: "parameters not an array",
            json: pattern(event: #""Time": 0, "EventType": "HapticTransient", "EventParameters": {}"#),
            code: .wrongType,
            path: "Pattern[0].Event.EventParameters",
            line: 4
        ),
        Case(
            name: "EventType as a number",
            json: pattern(event: #""Time": 0, "EventType": 3"#),
            code: .wrongType,
            path: "Pattern[0].Event.EventType",
            line: 4
        ),
        Case(name: "Version as a string", json: #"{ "Version": "1.0", "Pattern": [] }"#, code: .wrongType, path: "Version", line: 1),
        Case(
            name: "loop flag as a number",
            json: pattern(event: #""Time": 0, "EventType": "AudioCustom", "EventWaveformLoopEnabled": 1"#),
            code: .wrongType,
            path: "Pattern[0].Event.EventWaveformLoopEnabled",
            line: 4
        ),
        Case(
            name: "curve without points",
            json:
                #"{ "Pattern": [{ "ParameterCurve": { "ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [] } }] }"#,
            code: .emptyCurve,
            path: "Pattern[0].ParameterCurve.ParameterCurveControlPoints",
            line: 1
        ),
        Case(
            name: "curve without a points key",
            json: #"{ "Pattern": [{ "ParameterCurve": { "ParameterID": "HapticIntensityControl", "Time": 0 } }] }"#,
            code: .emptyCurve,
            path: "Pattern[0].ParameterCurve",
            line: 1
        ),
        Case(
            name: "absolute waveform path",
            json: pattern(event: #""Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "/etc/passwd""#),
            code: .waveformOutsideFolder,
            path: "Pattern[0].Event.EventWaveformPath",
            line: 4
        ),
        Case(
            name: "escaping waveform path",
            json: pattern(event: #""Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "a/../../b.wav""#),
            code: .waveformOutsideFolder,
            path: "Pattern[0].Event.EventWaveformPath",
            line: 4
        ),
    ]

    @Test(arguments: cases)
    func rejected(_ testCase: Case) throws {
        let error = try #require(failure(testCase.json))
        #expect(error.code == testCase.code)
        #expect((error.path ?? "") == testCase.path)
        #expect(error.line == testCase.line)
        #expect(error.file == "test.ahap")
        #expect(!error.description.contains("\n"))
        #expect(error.description.hasPrefix("test.ahap:"))
    }

    @Test func descriptionNamesFileLocationAndPath() throws {
        let error = try #require(failure(pattern(event: #""Time": 0, "EventType": "HapticBuzz""#)))
        #expect(error.description == "test.ahap:4:42: Pattern[0].Event.EventType: unknown EventType HapticBuzz")
    }

    @Test func syntaxErrorsNameTheOpenContainerAndLocation() throws {
        let json = """
            {
              "Pattern": [
                { "Event": { "Time": 0, "EventType": "HapticTransient" } },
                { "Event": { "Time": 0.5 "EventType": "HapticTransient" } }
              ]
            }
            """
        let error = try #require(failure(json))
        #expect(error.code == .invalidJSON)
        #expect(error.path == "Pattern[1].Event")
        #expect(error.line == 4)
        #expect(error.column == 30)
        #expect(error.description == "test.ahap:4:30: Pattern[1].Event: expected ',' or '}', found '\"'")
    }

    /// A sound file given as a pattern said "1:1: expected a value, found 'R'".
    @Test func aSoundOrBinaryFileIsNamedForWhatItIs() throws {
        let wav = Array("RIFF".utf8) + [36, 0, 0, 0] + Array("WAVEfmt ".utf8) + [16, 0, 0, 0, 1, 0, 1, 0]
        let sound = try #require(failure(wav))
        #expect(
            sound.description == "test.ahap:1:1: not JSON text: a WAV sound file (an AHAP pattern names its sound with EventWaveformPath)"
        )
        let binary = try #require(failure(Array("ELF".utf8) + [0, 1, 2]))
        #expect(binary.description == "test.ahap:1:1: not JSON text: a binary file")
        #expect(failure("Version: 1")?.description == "test.ahap:1:1: expected a value, found 'V'", "text keeps its own message")
    }

    @Test func controlCharactersQuotedFromTheFileStayOnOneLine() throws {
        let error = try #require(failure(pattern(event: #""Time": 0, "EventType": "Haptic\nBuzz\u001b[31m""#)))
        #expect(error.code == .unknownEventType)
        #expect(error.description == #"test.ahap:4:42: Pattern[0].Event.EventType: unknown EventType Haptic\nBuzz\u{1B}[31m"#)
        let document = try read(pattern(event: #""Time": 0, "EventType": "HapticTransient", "Odd\r\nKey": 1"#))
        let warning = try #require(document.diagnostics.first { $0.code == .unknownKey })
        #expect(warning.description == #"Pattern[0].Event.Odd\r\nKey: unknown key Odd\r\nKey ignored"#)
    }

    @Test func innocentWaveformPathsAreAccepted() throws {
        for path in ["a.wav", "sounds/a.wav", "./a.wav", "sounds/../a.wav"] {
            let document = try read(pattern(event: #""Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "\#(path)""#))
            #expect(document.pattern.events[0].waveformPath == path)
        }
    }

    @Test func negativeZeroTimeIsAccepted() throws {
        #expect(try read(pattern(event: #""Time": -0.0, "EventType": "HapticTransient""#)).pattern.events.count == 1)
    }

    // MARK: Strict mode

    @Test func strictModeNamesTheRangeAValueLeaves() throws {
        let body =
            #""Time": 0, "EventType": "HapticContinuous", "EventDuration": 45, "EventParameters": [{ "ParameterID": "HapticIntensity", "ParameterValue": 4.64 }]"#
        let error = try #require(
            failure(
                pattern(
                    event:
                        #""Time": 0, "EventType": "HapticTransient", "EventParameters": [{ "ParameterID": "HapticIntensity", "ParameterValue": 4.64 }]"#
                ),
                strict: true
            )
        )
        #expect(error.message == "HapticIntensity 4.64 out of range 0–1")
        let duration = try #require(failure(pattern(event: body), strict: true))
        #expect(duration.message == "EventDuration 45.0 s out of range 0–30 s, the longest continuous event")
    }

    @Test(arguments: [
        (
            "clamped value",
            pattern(
                event:
                    #""Time": 0, "EventType": "HapticTransient", "EventParameters": [{ "ParameterID": "HapticSharpness", "ParameterValue": 10 }]"#
            ),
            "Pattern[0].Event.EventParameters[0]"
        ),
        (
            "30 s clamp", pattern(event: #""Time": 0, "EventType": "HapticContinuous", "EventDuration": 31"#),
            "Pattern[0].Event.EventDuration"
        ),
        (
            "unknown event parameter",
            pattern(
                event: #""Time": 0, "EventType": "HapticTransient", "EventParameters": [{ "ParameterID": "Wobble", "ParameterValue": 1 }]"#
            ),
            "Pattern[0].Event.EventParameters[0].ParameterID"
        ),
        (
            "unknown dynamic parameter", #"{ "Pattern": [{ "Parameter": { "ParameterID": "Wobble", "Time": 0, "ParameterValue": 1 } }] }"#,
            "Pattern[0].Parameter.ParameterID"
        ),
    ])
    func strictModeRejectsLeniencesThatChangeMeaning(name: String, json: String, path: String) throws {
        #expect(failure(json) == nil, "lenient mode reads \(name)")
        let error = try #require(failure(json, strict: true))
        #expect(error.code == .strictViolation)
        #expect(error.path == path)
        // An error is not "ignored", as the lenient warning says.
        #expect(!error.message.contains("ignored"), "\(error.message)")
    }

    @Test func strictModeKeepsSyntacticLeniencesAsDiagnostics() throws {
        let json = #"{ "Pattern": [ { "Event": { "EventType": "HapticTransient", "Colour": 1, }, }, { "Thing": 1 } ], }"#
        let document = try read(json, strict: true)
        let codes = Set(document.diagnostics.map(\.code))
        #expect(codes == [.trailingComma, .version, .defaulted, .unknownKey, .unknownItem])
    }
}
