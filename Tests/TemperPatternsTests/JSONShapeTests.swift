import Foundation
import Testing

@testable import TemperPatterns

/// The JSON shapes we define for Android, rumble and feedbackd: what they read to, and how bad input fails.
@Suite struct JSONShapeTests {
    func read(_ text: String, file: String = "p.json") throws(PatternReadError) -> PatternDocument {
        try PatternReader.read(Array(text.utf8), file: file)
    }

    @Test func androidWaveformIsSteps() throws {
        let document = try read(#"{"timings": [0, 100, 50, 200], "amplitudes": [0, 255, 0, -1], "repeat": 2}"#)
        #expect(document.format == .androidWaveform)
        #expect(document.timeline.repeatStart == 0.1)
        let track = try #require(document.timeline.tracks.first)
        #expect(track.amplitude(at: 0.05) == 1)
        #expect(track.amplitude(at: 0.12) == 0)
        #expect(track.amplitude(at: 0.2) == 1)
        #expect(document.timeline.duration == 0.35)
    }

    @Test func androidWaveformWithoutAmplitudesAlternatesOffAndOn() throws {
        let track = try #require(try read(#"{"timings": [50, 100]}"#).timeline.tracks.first)
        #expect(track.amplitude(at: 0.01) == 0)
        #expect(track.amplitude(at: 0.1) == 1)
    }

    @Test func androidWaveformErrorsNameThePath() {
        let error = rejection { () throws(PatternReadError) in _ = try read("{\"timings\": [10, 20],\n \"amplitudes\": [12, 256]}") }
        #expect(error?.description == "p.json:2:21: amplitudes[1]: amplitude 256 is outside -1...255")
        let mismatch = rejection { () throws(PatternReadError) in _ = try read(#"{"timings": [10, 20], "amplitudes": [12]}"#) }
        #expect(mismatch?.code == .missing)
        let badRepeat = rejection { () throws(PatternReadError) in _ = try read(#"{"timings": [10], "repeat": 1}"#) }
        #expect(badRepeat?.code == .outOfRange)
    }

    @Test func compositionChainsDelaysAfterEachPrimitive() throws {
        let timeline = try read(#"{"composition": [{"primitive": "click"}, {"primitive": "thud", "scale": 0.5, "delayMs": 100}]}"#).timeline
        #expect(timeline.transients.map(\.effect) == ["click", "thud"])
        #expect(abs(timeline.transients[1].time - (AndroidPrimitive.click.typicalSeconds + 0.1)) < 1e-12)
        let error = rejection { () throws(PatternReadError) in _ = try read(#"{"composition": [{"primitive": "boom"}]}"#) }
        #expect(error?.code == .unsupported)
        #expect(error?.path == "composition[0].primitive")
    }

    @Test func waveformEnvelopeKeepsHertz() throws {
        let text =
            #"{"waveformEnvelope": {"initialFrequencyHz": 120, "controlPoints": [{"amplitude": 0.8, "frequencyHz": 180, "durationMs": 40}, {"amplitude": 0, "frequencyHz": 180, "durationMs": 60}]}}"#
        let track = try #require(try read(text).timeline.tracks.first)
        #expect(track.frequencyUnit == .hertz)
        #expect(track.frequency.map(\.value) == [120, 180, 180])
        #expect(track.amplitude.map(\.value) == [0, 0.8, 0])
        let zero = rejection { () throws(PatternReadError) in
            _ = try read(#"{"basicEnvelope": {"controlPoints": [{"intensity": 1, "sharpness": 0.5, "durationMs": 0}]}}"#)
        }
        #expect(zero?.code == .outOfRange)
    }

    @Test func rumbleStepListDrivesTwoMotors() throws {
        let timeline = try read(
            #"{"rumble": [{"durationMs": 100, "strongMagnitude": 1, "weakMagnitude": 0.25}, {"startDelayMs": 50, "durationMs": 100, "weakMagnitude": 1}]}"#
        ).timeline
        #expect(timeline.tracks.map(\.motor) == [.lowFrequency, .highFrequency])
        #expect(timeline.tracks[0].amplitude(at: 0.05) == 1)
        #expect(timeline.tracks[1].amplitude(at: 0.05) == 0.25)
        #expect(timeline.tracks[1].amplitude(at: 0.12) == 0)
        #expect(timeline.tracks[1].amplitude(at: 0.2) == 1)
        #expect(timeline.duration == 0.25)
    }

    @Test func rumbleRoundTripsThroughItsOwnShape() throws {
        let rumble = GamepadRumble(steps: [.init(durationMs: 20, low: 0.5, high: 0), .init(durationMs: 30, low: 1, high: 0.25)])
        let back = try read(rumble.json)
        #expect(try StepConversion.rumble(back.timeline).output == rumble)
    }

    @Test func feedbackdThemeGivesOnePatternPerHapticEvent() throws {
        let theme = #"""
            {"name": "ours", "profiles": [
              {"name": "full", "feedbacks": [{"event-name": "bell", "type": "Sound", "effect": "bell"}]},
              {"name": "quiet", "feedbacks": [
                {"event-name": "message", "type": "VibraRumble", "count": 2, "pause": 50, "duration": 100, "magnitude": 0.5},
                {"event-name": "alarm", "type": "VibraPeriodic", "magnitude": 32767, "duration": 1000, "fade-in-time": 500, "fade-in-level": 0},
                {"event-name": "tap", "type": "VibraPattern", "magnitudes": [1.0, 0.0, 0.5], "durations": [10, 20, 30]},
                {"event-name": "glow", "type": "Sparkle"}
              ]}]}
            """#
        let document = try read(theme)
        #expect(document.named.map(\.name) == ["quiet/message", "quiet/alarm", "quiet/tap"])
        let rumble = try #require(document.named[0].timeline.tracks.first)
        #expect(rumble.amplitude(at: 0.05) == 0.5)
        #expect(rumble.amplitude(at: 0.12) == 0)
        #expect(rumble.amplitude(at: 0.2) == 0.5)
        let periodic = try #require(document.named[1].timeline.tracks.first)
        #expect(periodic.amplitude(at: 0) == 0)
        #expect(abs(periodic.amplitude(at: 0.5) - 32767.0 / 65535) < 1e-12)
        #expect(document.diagnostics.contains { $0.message.contains("Sparkle") })
    }

    @Test func hapticVibrateSteps() throws {
        let track = try #require(try read(#"{"vibrate": [[0.8, 200], [0, 100], [1.0, 50]]}"#).timeline.tracks.first)
        #expect(track.amplitude(at: 0.1) == 0.8)
        #expect(track.amplitude(at: 0.25) == 0)
        #expect(track.amplitude(at: 0.32) == 1)
    }

    @Test func installedFeedbackdThemeReads() throws {
        let path = "/usr/share/feedbackd/themes/default.json"
        try #require(FileManager.default.fileExists(atPath: path), "feedbackd not installed")
        let document = try PatternReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
        #expect(!document.named.isEmpty)
    }

    @Test func unknownContentIsNamed() {
        let error = rejection { () throws(PatternReadError) in _ = try read(#"{"hello": 1}"#) }
        #expect(error?.code == .unknownFormat)
        #expect(error?.description.hasPrefix("p.json:1:1: ") == true)
    }

    @Test func hostileInputStaysBounded() {
        let deep = String(repeating: "[", count: 10_000)
        #expect(rejection { () throws(PatternReadError) in _ = try read("{\"timings\": \(deep)") }?.code == .limitExceeded)
        let long = "{\"timings\": [" + Array(repeating: "1", count: 300_000).joined(separator: ",") + "]}"
        #expect(rejection { () throws(PatternReadError) in _ = try read(long) }?.code == .limitExceeded)
        let forever = #"{"timings": [9000000000000]}"#
        #expect(rejection { () throws(PatternReadError) in _ = try read(forever) }?.code == .outOfRange)
    }
}
