import TemperCore
import Testing

@Suite struct RewriterAudioTests {
    let rewriter = RewriterFixtures.rewriter()
    let serious = Condition(tier: .serious)

    private func cue(_ position: Vector3, scale: Double = 1, listener: Listener = .init(), model: DistanceModel = .init()) -> AudioCue {
        AudioCue(position: position, sceneToMetres: scale, listener: listener, volume: 1, durationSeconds: 1, distanceModel: model)
    }

    @Test func aSourceStraightAheadIsCentredWithEqualPower() {
        let mix = StereoDownmix(cue: cue(Vector3(0, 0, -4)))
        #expect(abs(mix.placement.pan) < 1e-12)
        #expect(abs(mix.placement.leftGain - 0.5.squareRoot()) < 1e-12)
        #expect(abs(mix.placement.rightGain - 0.5.squareRoot()) < 1e-12)
        // Inverse model: 1 / (1 + 1 · (4 − 1)).
        #expect(abs(mix.placement.distanceGain - 0.25) < 1e-12)
    }

    @Test func aSourceToTheRightPansHardRight() {
        let mix = StereoDownmix(cue: cue(Vector3(3, 0, 0)))
        #expect(abs(mix.azimuthDegrees - 90) < 1e-9)
        #expect(abs(mix.placement.pan - 1) < 1e-12)
        #expect(abs(mix.placement.leftGain) < 1e-12)
        #expect(abs(mix.placement.rightGain - 1) < 1e-12)
    }

    @Test func panFollowsTheListenersOrientation() {
        // Listener turned to look down +x: a source at -z is now on its left.
        let listener = Listener(forward: Vector3(1, 0, 0))
        let mix = StereoDownmix(cue: cue(Vector3(0, 0, -2), listener: listener))
        #expect(abs(mix.placement.pan + 1) < 1e-12)
        #expect(abs(mix.placement.leftGain * mix.placement.leftGain + mix.placement.rightGain * mix.placement.rightGain - 1) < 1e-12)
    }

    @Test func sceneUnitsConvertToMetresBeforeAttenuation() {
        // 300 cm ahead is 3 m: gain 1 / (1 + 2) with the standard rolloff.
        let mix = StereoDownmix(cue: cue(Vector3(0, 0, -300), scale: 0.01))
        #expect(abs(mix.distanceMetres - 3) < 1e-9)
        #expect(abs(mix.placement.distanceGain - 1.0 / 3) < 1e-12)
    }

    @Test(arguments: [(0.5, 1.0), (1.0, 1.0), (11.0, 1.0 / 6), (500.0, 1.0 / 10.5)])
    func inverseDistanceGainClampsToReferenceAndMaximum(distance: Double, gain: Double) {
        let model = DistanceModel(referenceDistance: 1, rolloff: 0.5, maxDistance: 20)
        #expect(abs(model.gain(atMetres: distance) - gain) < 1e-12)
    }

    @Test func seriousRendersSpatialAudioIn2DAndStatesTheLostElevation() throws {
        let request = SensoryRequest(id: "boom", usage: .game, kind: .audio(cue(Vector3(0, 1, -1))))
        let decision = rewriter.decide(request, condition: serious)
        #expect(decision.outcome == .rewritten)
        let result = try #require(decision.audioCue)
        #expect(result.rendering == .twoD)
        #expect(result.stereo != nil)
        #expect(decision.fired("audio.rendered2D"))
        let elevation = try #require(decision.rules.first { $0.reason.code == "audio.elevationDropped" })
        #expect(elevation.reason.message.contains("45.00°"))
        #expect(decision.energyAfterMillijoules <= decision.energyBeforeMillijoules)
        // Two reasons, one rule: metrics and simulation counts see the spatial rule fire once.
        #expect(decision.rules.count(where: { $0.rule == "audio.spatial" }) == 2)
        #expect(decision.ruleNames == ["audio.spatial"])
    }

    @Test func aLevelSourceLosesNoElevation() {
        let request = SensoryRequest(id: "boom", usage: .game, kind: .audio(cue(Vector3(2, 0, -2))))
        let decision = rewriter.decide(request, condition: serious)
        #expect(decision.fired("audio.rendered2D"))
        #expect(!decision.fired("audio.elevationDropped"))
    }

    @Test func a2DCueIsLeftAsItIs() {
        var flat = cue(Vector3(0, 0, -1))
        flat.rendering = .twoD
        let decision = rewriter.decide(SensoryRequest(id: "ui", usage: .ui, kind: .audio(flat)), condition: serious)
        #expect(decision.outcome == .pass)
    }
}
