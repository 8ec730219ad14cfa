import Foundation
import TemperAHAP
import TemperCore
import TemperPatterns
import TemperTestSupport
import Testing

/// Issue 19, item 1: one pattern model. An AHAP file is held as written in the same ``PatternTimeline`` every
/// other format is read into, priced by one lowering and edited through one entry point per edit.
@Suite struct PatternModelTests {
    static let estimator = EnergyEstimator(profile: .referencePhone)

    static func policy(_ yaml: String) throws -> Policy { try Policy.parse(yaml: yaml) }

    /// Reading, holding and writing back is the identity for AHAP: items, metadata, version and the waveforms
    /// the audio events name.
    @Test func anAHAPFileIsHeldAsWrittenAndWrittenBackByteForByte() throws {
        let path = PackagePaths.root.appendingPathComponent("Examples/patterns/shockwave-audio.ahap").path
        let document = try AHAPReader.load(contentsOf: path)
        try #require(!document.waveforms.isEmpty)
        let model = HapticPattern.ahap(document.pattern, waveforms: document.waveforms)
        #expect(model.source == .ahap)
        #expect(model.ahapPattern == document.pattern)
        #expect(model.waveformsByEvent == document.waveforms)
        #expect(try PatternWriter.write(model, to: .ahap).output == AHAPWriter.write(document.pattern))
        #expect(try PatternWriter.write(model, to: .ahap).losses.isEmpty)
    }

    /// `PatternReader`, the reader `convert` and `score` use for every format, reads AHAP into the same model a
    /// request carries, not a resampled track: the same items, the same price to the microjoule.
    @Test(arguments: ["heavy-decay.ahap", "gradual-swell.ahap", "ring-explosion.ahap"])
    func thePatternReaderHoldsAHAPAsWritten(file: String) throws {
        let path = PackagePaths.root.appendingPathComponent("Examples/patterns/" + file).path
        let read = try PatternReader.load(contentsOf: path)
        let document = try AHAPReader.load(contentsOf: path)
        #expect(read.format == .ahap)
        #expect(read.timeline.tracks.isEmpty && read.timeline.transients.isEmpty)
        #expect(read.timeline.ahapPattern == document.pattern)
        let asRead = Self.estimator.estimate(read.timeline).energyMillijoules
        let asAHAP = Self.estimator.estimate(document.pattern).energyMillijoules
        #expect(abs(asRead - asAHAP) < 1e-9)
    }

    /// Waveforms are the model's by path, so an edit that removes an event before a sound leaves the sound its
    /// real length (0.25 s here, not the 1 s a custom sound without one is priced at).
    @Test func aSoundKeepsItsWaveformWhenAnEditRemovesAnEventBeforeIt() throws {
        let crack = AHAPEvent(type: .hapticTransient, time: 0, parameters: [.init(id: .hapticIntensity, value: 0.9)])
        let rumble = AHAPEvent(type: .hapticContinuous, time: 0, duration: 0.5, parameters: [.init(id: .hapticIntensity, value: 0.8)])
        let sound = AHAPEvent(type: .audioCustom, time: 0, parameters: [.init(id: .audioVolume, value: 0.8)], waveformPath: "boom.wav")
        let wave = AHAPWaveform(path: "boom.wav", durationSeconds: 0.25)
        let asked = AHAPPattern(items: [.event(crack), .event(rumble), .event(sound)])
        let request = SensoryRequest(id: "boom", usage: .game, kind: .haptic(HapticPatternRequest(pattern: asked, waveforms: [2: wave])))
        let policy = try Self.policy("version: 1\ntiers: {fair: {haptics: transientsOnly}}")
        let decision = Rewriter(policy: policy, energyModel: Self.estimator).decide(request, condition: Condition(tier: .fair))
        guard case .haptic(let result)? = decision.request?.kind else {
            Issue.record("expected a pattern, got \(String(describing: decision.request?.kind))")
            return
        }
        #expect(result.content.ahapEvents == [crack, sound])
        #expect(result.content.waveformsByEvent == [1: wave])
        let expected = AHAPPattern(items: [.event(crack), .event(sound)])
        let withWave = Self.estimator.estimate(expected, waveforms: [1: wave]).energyMillijoules
        #expect(abs(decision.energyAfterMillijoules - withWave) < 1e-9)
        #expect(withWave < Self.estimator.estimate(expected).energyMillijoules - 1, "the waveform's length must matter here")
    }

    /// One edit acts on every kind of haptics the model holds: a `.haptic` track beside an AHAP sound, under
    /// `haptics: off`, loses the track and keeps the sound at its own price.
    @Test func hapticsOffRemovesATrackAndLeavesAnAHAPSoundBesideIt() throws {
        let sound = AHAPEvent(type: .audioContinuous, time: 0.1, duration: 1.5, parameters: [.init(id: .audioVolume, value: 0.6)])
        var model = PatternTimeline(
            source: .haptic,
            tracks: [PatternTrack(amplitude: [.init(time: 0.1, value: 0.64), .init(time: 0.6, value: 0.64)])]
        )
        model.items = [.event(sound)]
        let soundAlone = Self.estimator.estimate(AHAPPattern(items: [.event(sound)])).energyMillijoules
        let trackAlone = Self.estimator.estimate(PatternTimeline(source: .haptic, tracks: model.tracks)).energyMillijoules
        let both = Self.estimator.estimate(model).energyMillijoules
        #expect(both > soundAlone + trackAlone * 0.5, "the one lowering prices the track and the sound")
        let request = SensoryRequest(id: "mixed", usage: .game, kind: .haptic(HapticPatternRequest(content: model)))
        let policy = try Self.policy("version: 1\ntiers: {serious: {haptics: off}}")
        let decision = Rewriter(policy: policy, energyModel: Self.estimator).decide(request, condition: Condition(tier: .serious))
        guard case .haptic(let result)? = decision.request?.kind else {
            Issue.record("expected the sound to play, got \(String(describing: decision.request?.kind))")
            return
        }
        #expect(result.content.tracks.isEmpty && result.content.transients.isEmpty)
        #expect(result.content.ahapEvents == [sound])
        #expect(result.content.source == .haptic)
        #expect(abs(decision.energyAfterMillijoules - soundAlone) < 1e-9)
    }
}
