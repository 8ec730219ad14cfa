import TemperAHAP
import TemperTestSupport
import Testing

@testable import TemperPatterns

@Suite struct AHAPBridgeTests {
    /// .haptic → AHAP (Meta) → timeline gives the amplitude envelope back wherever there is no emphasis ducking.
    @Test func hapticThroughAHAPKeepsTheEnvelope() throws {
        let track = PatternTrack(
            amplitude: [.init(time: 0, value: 0), .init(time: 0.2, value: 0.64), .init(time: 0.5, value: 0.25)],
            frequency: [.init(time: 0, value: 0.36), .init(time: 0.5, value: 0.81)]
        )
        let timeline = PatternTimeline(source: .haptic, tracks: [track], transients: [])
        // Temper's conversion cuts each ramp into pieces, so what Core Haptics plays follows the envelope.
        let ahap = AHAPConversion.convert(timeline, flavor: .coreHaptics).output
        let back = AHAPBridge.timeline(from: ahap).output
        let backTrack = try #require(back.tracks.first)
        for time in [0.0, 0.1, 0.2, 0.35, 0.49] {
            #expect(abs(backTrack.amplitude(at: time) - track.amplitude(at: time)) < 0.02, "\(time)")
        }
        #expect(abs((backTrack.frequency(at: 0.2) ?? 0) - 0.36 - (0.81 - 0.36) * 0.4) < 0.05)
        #expect(backTrack.amplitude(at: 0.5) == 0)
        // Nice Vibrations' converters write the breakpoints only; between two, Core Haptics ramps the intensity,
        // so the amplitude played is its square (0.4² = 0.16 at 0.1 s, where the source is 0.32), and the way
        // back reads it so, as the AHAP's own price does.
        let upstream = AHAPBridge.timeline(from: AHAPConversion.convert(timeline, flavor: .meta).output).output
        #expect(abs((upstream.tracks.first?.amplitude(at: 0.1) ?? 0) - 0.16) < 0.01)
        #expect(abs((upstream.tracks.first?.amplitude(at: 0.2) ?? 0) - 0.64) < 0.01)
    }

    @Test func transientsComeBackAsTransients() throws {
        var pattern = AHAPPattern()
        pattern.items = [
            .event(
                AHAPEvent(
                    type: .hapticTransient,
                    time: 0.1,
                    parameters: [
                        AHAPEventParameter(id: .hapticIntensity, value: 0.5), AHAPEventParameter(id: .hapticSharpness, value: 0.7),
                    ]
                )
            ), .event(AHAPEvent(type: .audioContinuous, time: 0, duration: 1)),
        ]
        let converted = AHAPBridge.timeline(from: pattern)
        #expect(converted.output.transients == [PatternTransient(time: 0.1, amplitude: 0.25, frequency: 0.7)])
        #expect(converted.output.tracks.isEmpty)
        #expect(converted.losses.contains { $0.kind == .tracksMerged })
    }

    /// Every AHAP corpus file goes through the common reader: a timeline, or the AHAP reader's one-line error.
    @Test(.needsSharedCorpus("ahap")) func everyAHAPCorpusFileReadsOrFailsOnOneLine() throws {
        let files = SharedCorpus.files("ahap", suffixes: [".ahap"])
        try #require(!files.isEmpty, "the ahap folder holds AHAP files")
        var read = 0
        for file in files {
            let bytes = try SharedCorpus.bytes("ahap", file)
            if let error = rejection({ () throws(PatternReadError) in _ = try PatternReader.read(bytes, file: file) }) {
                #expect(!error.description.contains("\n"))
            } else {
                read += 1
            }
        }
        #expect(read > files.count / 2)
    }
}
