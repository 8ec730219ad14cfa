import Foundation
import TemperAHAP
import TemperCore
import Testing

/// Issue 19, finding 3: the audio path is paid once while it is open, and not at all when other playback holds it
/// open; each sound pays its own volume-dependent part.
@Suite struct EnergyAudioPathTests {
    typealias F = EnergyFixtures
    let closed = F.phone
    let open = EnergyEstimator(profile: .referencePhone, options: .init(audioPathAlreadyOpen: true))
    var audio: AudioFigures { closed.profile.audio }

    /// Before, a 1 s sound at volume 0 cost 393.5 mJ (the path, the amplifier's idle on top, and the tail), as much
    /// as 46 full clicks, even with music playing.
    @Test func aSilentSecondOnAPathAlreadyOpenCostsWhatASilentStreamCosts() {
        let silent = open.estimateAudioCue(durationSeconds: 1, volume: 0, spatial: false)
        #expect(silent.energyMillijoules < 1e-9, "a silent sound on an open path: \(silent.energyMillijoules) mJ, was 393.5")
        #expect(silent.peakMilliwatts == 0)
    }

    @Test func aSilentSecondThatOpensThePathPaysThePathAndItsTailOnce() {
        let silent = closed.estimateAudioCue(durationSeconds: 1, volume: 0, spatial: false)
        let expected = audio.pathMilliwatts * 1 + audio.amplifierIdleMilliwatts * audio.standbyTailSeconds
        #expect(abs(silent.energyMillijoules - expected) < 1e-9)
        #expect(silent.energyMillijoules < 393.5 - audio.amplifierIdleMilliwatts + 1e-9, "the amplifier's idle is in the path figure")
    }

    @Test(arguments: [0.25, 0.5, 1.0])
    func onAnOpenPathASoundPaysOnlyItsVolumeDependentPart(volume: Double) {
        let cue = open.estimateAudioCue(durationSeconds: 0.8, volume: volume, spatial: false)
        let own = (audio.amplifierFullScaleMilliwatts - audio.amplifierIdleMilliwatts) * volume * volume * 0.8
        #expect(abs(cue.energyMillijoules - own) < 1e-9)
        let spatial = open.estimateAudioCue(durationSeconds: 0.8, volume: volume, spatial: true)
        #expect(abs(spatial.energyMillijoules - own - audio.pathMilliwatts * audio.spatialExtraFraction * 0.8) < 1e-9)
    }

    @Test func theProfileCanSayThePathIsAlreadyOpen() throws {
        let text = try String(contentsOfFile: F.devicesFolder + "/phone.yaml", encoding: .utf8)
            .replacingOccurrences(of: "  route: speaker\n", with: "  route: speaker\n  pathAlreadyOpen: true\n")
        let profile = try DeviceProfile.parse(yaml: text, file: "phone.yaml")
        #expect(profile.audio.pathAlreadyOpen)
        #expect(EnergyEstimator(profile: profile).estimateAudioCue(durationSeconds: 1, volume: 0, spatial: false).energyMillijoules == 0)
        let wrong = text.replacingOccurrences(of: "pathAlreadyOpen: true", with: "pathAlreadyOpen: sometimes")
        #expect(throws: TemperError.self) { try DeviceProfile.parse(yaml: wrong, file: "phone.yaml") }
        #expect(try F.profile("phone").audio.pathAlreadyOpen == false)
    }

    @Test func twoSoundsHalfASecondApartPayThePathOnce() {
        let one = closed.estimate(F.pattern(F.audio(duration: 1, volume: 0.5)))
        let two = closed.estimate(F.pattern(F.audio(duration: 1, volume: 0.5), F.audio(at: 1.5, duration: 1, volume: 0.5)))
        // One opening: the path idles through the 0.5 s gap, and one standby tail follows the second sound.
        let expected = 2 * one.energyMillijoules - audio.amplifierIdleMilliwatts * (audio.standbyTailSeconds - 0.5)
        #expect(abs(two.energyMillijoules - expected) < 1e-9)
        #expect(two.events[0].overheadMillijoules == two.events[1].overheadMillijoules, "the opening is shared evenly")
        // Far apart, each opens the path itself.
        let apart = closed.estimate(F.pattern(F.audio(duration: 1, volume: 0.5), F.audio(at: 10, duration: 1, volume: 0.5)))
        #expect(abs(apart.energyMillijoules - 2 * one.energyMillijoules) < 1e-9)
    }

    @Test(arguments: [2, 10, 100])
    func overlappingCopiesOfASoundCostAtMostOnePointOneTimesOne(copies: Int) {
        for estimator in [closed, open] {
            for volume in [0.0, 0.3, 1.0] {
                let item = F.audio(duration: 0.4, volume: volume)
                let one = estimator.estimate(F.pattern(item)).energyMillijoules
                let many = estimator.estimate(AHAPPattern(items: Array(repeating: item, count: copies))).energyMillijoules
                #expect(many <= 1.1 * one + 1e-9, "volume \(volume) x\(copies)")
                #expect(many >= one - 1e-9)
            }
        }
    }

    @Test func thePathsStatesFillThePowerSeries() {
        let estimate = closed.estimate(F.pattern(F.audio(duration: 0.5, volume: 1)))
        let playing = audio.playingMilliwatts(volume: 1, spatial: false)
        #expect(abs(estimate.peakMilliwatts - playing) < 1e-9)
        let expected = playing * 0.5 + audio.amplifierIdleMilliwatts * audio.standbyTailSeconds
        #expect(abs(estimate.breakdown.audioMillijoules - expected) < 1e-9)
        #expect(estimate.averageMilliwatts <= estimate.peakMilliwatts)
    }
}
