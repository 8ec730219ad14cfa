import Foundation
import Testing

@testable import TemperAHAP

@Suite("Writer")
struct WriterTests {
    static let handMade: [AHAPPattern] = [
        AHAPPattern(),
        AHAPPattern(version: nil, items: [.event(AHAPEvent(type: .hapticTransient, time: 0))]),
        AHAPPattern(
            version: 1.0,
            metadata: [.init(key: "Project", value: "Ring \"explosion\"\n"), .init(key: "Take", value: "3")],
            items: [
                .event(
                    AHAPEvent(
                        type: .hapticTransient,
                        time: 0,
                        parameters: [
                            .init(id: .hapticIntensity, value: 1), .init(id: .hapticSharpness, value: 1),
                        ]
                    )
                ),
                .event(
                    AHAPEvent(
                        type: .hapticContinuous,
                        time: 0.02,
                        duration: 0.6,
                        parameters: [
                            .init(id: .hapticIntensity, value: 1), .init(id: .hapticSharpness, value: 0.7),
                            .init(id: .attackTime, value: 0.1), .init(id: .sustained, value: 0),
                        ]
                    )
                ),
                .curve(
                    AHAPParameterCurve(
                        id: .hapticIntensityControl,
                        time: 0.02,
                        controlPoints: [
                            .init(time: 0, value: 1), .init(time: 0.1, value: 0.4), .init(time: 0.5, value: 0),
                        ]
                    )
                ),
                .parameter(AHAPDynamicParameter(id: .hapticSharpnessControl, value: -0.3, time: 0.3)),
            ]
        ),
        AHAPPattern(
            version: 2,
            items: [
                .event(
                    AHAPEvent(
                        type: .audioCustom,
                        time: 0.1 + 0.2,
                        duration: 1e-5,
                        parameters: [.init(id: .audioVolume, value: 0.333_333_333_333_333_3), .init(id: .audioPan, value: -1)],
                        waveformPath: "sounds/é.wav",
                        waveformUseVolumeEnvelope: false,
                        waveformLoopEnabled: true
                    )
                ),
                .event(AHAPEvent(type: .audioContinuous, time: 12_345.678_9, duration: 29.999_999_999_999_996)),
                .event(AHAPEvent(type: .hapticTransient, time: .leastNonzeroMagnitude)),
            ]
        ),
    ]

    @Test(arguments: handMade)
    func readWriteReadIsTheIdentity(_ pattern: AHAPPattern) throws {
        let written = AHAPWriter.write(pattern)
        let document = try AHAPReader.read(written)
        #expect(document.pattern == pattern)
        #expect(AHAPWriter.write(document.pattern) == written)
        // Nothing lenient was needed beyond defaults, a missing Version and events out of order.
        #expect(document.diagnostics.allSatisfy { [.defaulted, .version, .outOfOrder].contains($0.code) })
    }

    @Test(arguments: handMade)
    func outputIsStrictJSON(_ pattern: AHAPPattern) throws {
        let data = Data(AHAPWriter.write(pattern))
        // JSONSerialization without JSON5 rejects trailing commas, comments and non-finite numbers.
        let object = try JSONSerialization.jsonObject(with: data)
        let dictionary = try #require(object as? [String: Any])
        #expect(dictionary["Pattern"] is [Any])
    }

    @Test func layoutIsPrettyPrinted() {
        let pattern = AHAPPattern(items: [
            .event(AHAPEvent(type: .hapticTransient, time: 0.5, parameters: [.init(id: .hapticIntensity, value: 0.4)]))
        ])
        #expect(
            AHAPWriter.text(pattern) == """
                {
                  "Version": 1.0,
                  "Pattern": [
                    {
                      "Event": {
                        "Time": 0.5,
                        "EventType": "HapticTransient",
                        "EventParameters": [
                          { "ParameterID": "HapticIntensity", "ParameterValue": 0.4 }
                        ]
                      }
                    }
                  ]
                }

                """
        )
    }

    @Test(arguments: [(0.1, "0.1"), (1, "1.0"), (1e-5, "1e-05"), (5e20, "5e+20"), (-0.0, "-0.0"), (.infinity, "0.0"), (.nan, "0.0")])
    func numbersAreShortestAndFinite(value: Double, text: String) {
        #expect(AHAPWriter.number(value) == text)
    }

    @Test func lenientInputIsWrittenStrictly() throws {
        let document = try read(
            #"{ "Version": 1, "Pattern": [ { "Event": { "Time": 0, "EventType": "HapticTransient", "EventParameters": [ { "ParameterID": "HapticSharpness", "ParameterValue": 7 }, ], }, }, ], }"#
        )
        let written = AHAPWriter.write(document.pattern)
        let again = try AHAPReader.read(written)
        #expect(again.pattern == document.pattern)
        #expect(again.diagnostics.map(\.code) == [.defaulted])
        #expect(try JSONSerialization.jsonObject(with: Data(written)) is [String: Any])
    }
}
