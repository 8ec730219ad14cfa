import Testing

@testable import TemperAHAP

@Suite("Reader leniencies")
struct ReaderLeniencyTests {
    private func diagnostics(_ document: AHAPDocument, _ code: AHAPDiagnostic.Code) -> [AHAPDiagnostic] {
        document.diagnostics.filter { $0.code == code }
    }

    @Test func cleanFileHasNoDiagnostics() throws {
        let document = try read(pattern(event: transientBody))
        #expect(document.diagnostics.isEmpty)
        #expect(document.pattern.events.count == 1)
        #expect(document.pattern.version == 1.0)
    }

    @Test func trailingCommasAreAcceptedWithTheirPath() throws {
        let json = """
            {
              "Version": 1.0,
              "Pattern": [
                { "Event": { "Time": 0.0, "EventType": "HapticTransient", "EventParameters": [
                  { "ParameterID": "HapticIntensity", "ParameterValue": 1.0 },
                  { "ParameterID": "HapticSharpness", "ParameterValue": 0.5, },
                ], }, },
              ],
            }
            """
        let document = try read(json)
        let commas = diagnostics(document, .trailingComma)
        #expect(
            commas.map(\.path) == [
                "Pattern[0].Event.EventParameters[1]", "Pattern[0].Event.EventParameters", "Pattern[0].Event", "Pattern[0]",
                "Pattern", "",
            ]
        )
        #expect(commas[0].line == 6)
        #expect(document.pattern.events[0].parameters.count == 2)
    }

    @Test func commentsAreAccepted() throws {
        let json = "// a pattern\n{ /* version */ \"Version\": 1.0, \"Pattern\": [] }"
        let document = try read(json)
        #expect(diagnostics(document, .comment).count == 2)
        #expect(diagnostics(document, .comment).last?.path == "")
    }

    /// Apple's own samples write `"Version": 1`, so an integer is no more worth a note than `1.0`.
    @Test(arguments: [("1", 1.0), ("1.0", 1.0), ("2.0", 2.0)])
    func versionNumbersAreAcceptedWithoutANote(text: String, value: Double) throws {
        let document = try read(#"{ "Version": \#(text), "Pattern": [] }"#)
        #expect(document.pattern.version == value)
        #expect(document.diagnostics.isEmpty)
    }

    @Test func missingVersionIsAccepted() throws {
        let document = try read(#"{ "Pattern": [] }"#)
        #expect(document.pattern.version == nil)
        #expect(diagnostics(document, .version).count == 1)
    }

    @Test func missingParametersTakeDefaults() throws {
        let document = try read(pattern(event: #""Time": 0.5, "EventType": "HapticTransient""#))
        let defaulted = diagnostics(document, .defaulted)
        #expect(defaulted.map(\.message) == ["HapticIntensity missing; defaults to 0.5", "HapticSharpness missing; defaults to 0.5"])
        #expect(defaulted.allSatisfy { $0.path == "Pattern[0].Event" })
        #expect(document.pattern.events[0].value(of: .hapticIntensity) == 0.5)
    }

    @Test func missingTimeDefaultsToZero() throws {
        let document = try read(pattern(event: #""EventType": "HapticTransient", "EventParameters": []"#))
        #expect(document.pattern.events[0].time == 0)
        #expect(diagnostics(document, .defaulted).contains { $0.message == "Time missing; defaults to 0" })
    }

    @Test func outOfRangeValuesAreClampedWithThePathOfTheEntry() throws {
        let body =
            #""Time": 0, "EventType": "HapticTransient", "EventParameters": [{ "ParameterID": "HapticIntensity", "ParameterValue": -0.5 }, { "ParameterID": "HapticSharpness", "ParameterValue": 2234.26080279722 }]"#
        let document = try read(pattern(event: body))
        let clamped = diagnostics(document, .clamped)
        #expect(
            clamped.map(\.description) == [
                "Pattern[0].Event.EventParameters[0]: HapticIntensity -0.5 clamped to 0.0",
                "Pattern[0].Event.EventParameters[1]: HapticSharpness 2234.26 clamped to 1.0",
            ]
        )
        #expect(document.pattern.events[0].parameters.map(\.value) == [0, 1])
    }

    @Test func outOfRangeControlValuesAreClamped() throws {
        let curve =
            #"{ "ParameterCurve": { "ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [{ "Time": 0, "ParameterValue": 1.5 }] } }"#
        let parameter = #"{ "Parameter": { "ParameterID": "HapticSharpnessControl", "Time": 0, "ParameterValue": -3 } }"#
        let document = try read(pattern(event: transientBody, extraItems: curve + ",\n" + parameter))
        #expect(
            diagnostics(document, .clamped).map(\.path) == [
                "Pattern[1].ParameterCurve.ParameterCurveControlPoints[0]", "Pattern[2].Parameter",
            ]
        )
        #expect(document.pattern.parameterCurves[0].controlPoints[0].value == 1)
        #expect(document.pattern.dynamicParameters[0].value == -1)
    }

    @Test func unknownKeysAreIgnored() throws {
        let json = #"{ "Version": 1, "Author": "x", "Pattern": [{ "Event": { \#(transientBody), "Colour": "red" } }] }"#
        let document = try read(json)
        #expect(diagnostics(document, .unknownKey).map(\.path) == ["Author", "Pattern[0].Event.Colour"])
        #expect(document.pattern.events.count == 1)
    }

    @Test func unknownPatternItemsAreIgnored() throws {
        let document = try read(pattern(event: transientBody, extraItems: #"{ "ParameterCurves": [] }, {}"#))
        #expect(diagnostics(document, .unknownItem).map(\.path) == ["Pattern[1]", "Pattern[2]"])
        #expect(document.pattern.items.count == 1)
    }

    @Test func unknownParameterIDsAreIgnored() throws {
        let body =
            #""Time": 0, "EventType": "HapticTransient", "EventParameters": [{ "ParameterID": "HapticWobble", "ParameterValue": 1 }, { "ParameterID": "HapticIntensity", "ParameterValue": 1 }, { "ParameterID": "HapticSharpness", "ParameterValue": 1 }]"#
        let parameter = #"{ "Parameter": { "ParameterID": "HapticWobbleControl", "Time": 0, "ParameterValue": 1 } }"#
        let document = try read(pattern(event: body, extraItems: parameter))
        #expect(
            diagnostics(document, .unknownParameterID).map(\.path) == [
                "Pattern[0].Event.EventParameters[0].ParameterID", "Pattern[1].Parameter.ParameterID",
            ]
        )
        #expect(document.pattern.events[0].parameters.map(\.id) == [.hapticIntensity, .hapticSharpness])
        #expect(document.pattern.dynamicParameters.isEmpty)
    }

    /// Apple's samples list events in file order, not time order; the player sorts them, so no note is due.
    @Test func eventsOutOfTimeOrderAreKeptInFileOrderWithoutANote() throws {
        let late = #"{ "Event": { "Time": 0.1, "EventType": "HapticTransient", "EventParameters": [] } }"#
        let json = pattern(event: #""Time": 0.5, "EventType": "HapticTransient", "EventParameters": []"#, extraItems: late)
        let document = try read(json)
        #expect(document.pattern.events.map(\.time) == [0.5, 0.1])
        #expect(diagnostics(document, .outOfOrder).isEmpty)
    }

    /// A design tool's re-export of an Apple sample: `"EventWaveformPath": null` on a haptic event.
    @Test(arguments: ["null", #""a.wav""#, "3", "true"])
    func waveformKeysOnAHapticEventAreIgnoredWhateverTheyHold(value: String) throws {
        let body =
            #""Time": 0, "EventType": "HapticContinuous", "EventDuration": 1, "EventWaveformPath": \#(value), "EventWaveformLoopEnabled": \#(value), "EventParameters": []"#
        let document = try read(pattern(event: body))
        #expect(document.pattern.events[0].waveformPath == nil)
        #expect(document.pattern.events[0].waveformLoopEnabled == nil)
        #expect(document.waveforms.isEmpty)
        #expect(
            diagnostics(document, .inapplicableKey).map(\.description) == [
                "Pattern[0].Event.EventWaveformPath: EventWaveformPath does not apply to a HapticContinuous event; ignored",
                "Pattern[0].Event.EventWaveformLoopEnabled: EventWaveformLoopEnabled does not apply to a HapticContinuous event; ignored",
            ]
        )
        #expect(try read(pattern(event: body), strict: true).pattern.events.count == 1, "strict mode ignores them too")
    }

    @Test func waveformPathStillMattersOnAnAudioEvent() throws {
        let body = #""Time": 0, "EventType": "AudioCustom", "EventWaveformPath": null"#
        #expect(failure(pattern(event: body))?.code == .wrongType)
    }

    @Test func keysThatDifferOnlyInCaseGetAHint() throws {
        let body = #""time": 0, "EventType": "HapticTransient", "EventParameters": []"#
        let document = try read(pattern(event: body))
        #expect(
            diagnostics(document, .unknownKey).map(\.message) == ["unknown key time ignored; keys are case-sensitive; did you mean 'Time'?"]
        )
        let error = try #require(failure(#"{ "Version": 1, "pattern": [] }"#))
        #expect(error.code == .missingPattern)
        #expect(error.message == "no Pattern array; keys are case-sensitive; found 'pattern'")
    }

    @Test func aFragmentAtTheTopLevelIsNamedAsOne() throws {
        let error = try #require(failure(#"{ "Event": { "Time": 0, "EventType": "HapticTransient" } }"#))
        #expect(error.code == .missingPattern)
        #expect(error.message == "no Pattern array; looks like a fragment: top-level keys are Event")
        let bare = try #require(failure(#"{ "Time": 0, "EventType": "HapticTransient" }"#))
        #expect(bare.message == "no Pattern array; looks like a fragment: top-level keys are Time, EventType")
    }

    @Test func aCurveLongerThanExportersWriteIsNoted() throws {
        func curve(_ count: Int) -> String {
            let points = (0..<count).map { #"{ "Time": \#(Double($0) * 0.01), "ParameterValue": 0.5 }"# }.joined(separator: ",")
            return
                #"{ "ParameterCurve": { "ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [\#(points)] } }"#
        }
        let sixteen = try read(pattern(event: transientBody, extraItems: curve(16)))
        #expect(diagnostics(sixteen, .longCurve).isEmpty)
        let seventeen = try read(pattern(event: transientBody, extraItems: curve(17)))
        #expect(diagnostics(seventeen, .longCurve).map(\.path) == ["Pattern[1].ParameterCurve.ParameterCurveControlPoints"])
        #expect(seventeen.pattern.parameterCurves[0].controlPoints.count == 17)
    }

    @Test(arguments: ["1e309", "-1e309", "1E400", "123456789e999"])
    func aNumberADoubleCannotHoldIsAnError(number: String) throws {
        let body =
            #""Time": 0, "EventType": "HapticTransient", "EventParameters": [{ "ParameterID": "HapticIntensity", "ParameterValue": \#(number) }]"#
        let error = try #require(failure(pattern(event: body)))
        #expect(error.code == .invalidJSON)
        #expect(error.message.contains("too large for a double"))
        #expect(error.line == 4)
    }

    @Test func longContinuousEventIsClampedToThirtySeconds() throws {
        let body = #""Time": 0, "EventType": "HapticContinuous", "EventDuration": 45.5, "EventParameters": []"#
        let document = try read(pattern(event: body))
        #expect(document.pattern.events[0].duration == 30)
        #expect(diagnostics(document, .durationClamped).map(\.path) == ["Pattern[0].Event.EventDuration"])
    }

    @Test func duplicateKeysKeepTheLastValue() throws {
        let body = #""Time": 0.1, "Time": 0.2, "EventType": "HapticTransient", "EventParameters": []"#
        let document = try read(pattern(event: body))
        #expect(document.pattern.events[0].time == 0.2)
        #expect(diagnostics(document, .duplicateKey).map(\.path) == ["Pattern[0].Event.Time"])
    }

    @Test func byteOrderMarkIsTolerated() throws {
        let document = try AHAPReader.read([0xEF, 0xBB, 0xBF] + Array(#"{ "Version": 1.0, "Pattern": [] }"#.utf8))
        #expect(document.pattern.items.isEmpty)
    }

    @Test func metadataKeepsOrderAndNonStringValuesAsJSONText() throws {
        let json =
            #"{ "Version": 1.0, "Metadata": { "Project": "Caf\u00e9 \"x\"", "Take": 3, "Tags": ["a", 1.50, true, null], "Extra": { "k" : 1 } }, "Pattern": [] }"#
        let document = try read(json)
        #expect(
            document.pattern.metadata == [
                .init(key: "Project", value: "Café \"x\""), .init(key: "Take", value: "3"),
                .init(key: "Tags", value: #"["a",1.50,true,null]"#), .init(key: "Extra", value: #"{"k":1}"#),
            ]
        )
    }

    @Test func waveformKeysAreRead() throws {
        let body =
            #""Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "sounds/boom.wav", "EventWaveformUseVolumeEnvelope": false, "EventWaveformLoopEnabled": true, "EventParameters": [{ "ParameterID": "AudioVolume", "ParameterValue": 0.7 }]"#
        let document = try read(pattern(event: body))
        let event = document.pattern.events[0]
        #expect(event.waveformPath == "sounds/boom.wav")
        #expect(event.waveformUseVolumeEnvelope == false)
        #expect(event.waveformLoopEnabled == true)
        #expect(document.waveforms[0] == AHAPWaveform(path: "sounds/boom.wav"))
    }

    @Test func allEventTypesParametersAndDynamicIDsAreUnderstood() throws {
        let parameters = AHAPEventParameterID.allCases.map { #"{ "ParameterID": "\#($0.rawValue)", "ParameterValue": 0 }"# }
        let body =
            #""Time": 0, "EventType": "AudioContinuous", "EventDuration": 1, "EventParameters": [\#(parameters.joined(separator: ","))]"#
        let controls = AHAPDynamicParameterID.allCases.map {
            #"{ "Parameter": { "ParameterID": "\#($0.rawValue)", "Time": 0, "ParameterValue": 0 } }"#
        }
        let document = try read(pattern(event: body, extraItems: controls.joined(separator: ",")))
        #expect(document.pattern.events[0].parameters.map(\.id) == AHAPEventParameterID.allCases)
        #expect(document.pattern.dynamicParameters.map(\.id) == AHAPDynamicParameterID.allCases)
        for type in AHAPEventType.allCases {
            let typed = try read(pattern(event: #""Time": 0, "EventType": "\#(type.rawValue)", "EventDuration": 1"#))
            #expect(typed.pattern.events[0].type == type)
        }
    }
}
