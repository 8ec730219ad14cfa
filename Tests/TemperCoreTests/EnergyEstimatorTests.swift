import Foundation
import TemperAHAP
import TemperCore
import Testing

@Suite struct EnergyEstimatorTests {
    typealias F = EnergyFixtures
    let estimator = F.phone
    var haptics: HapticActuatorFigures { estimator.profile.haptics }

    @Test func aFullScaleClickAtResonanceCostsTheClickEnergyPlusTheDriversBurst() {
        let estimate = estimator.estimate(F.pattern(F.transient(intensity: 1, sharpness: 0.5)))
        #expect(abs(estimate.breakdown.transientsMillijoules - haptics.clickEnergyMillijoules) < 1e-9)
        // The driver wakes, drives for the click, idles until its active timeout, then waits in standby until off.
        let driver = haptics.driver
        let overhead =
            driver.activeMilliwatts * (driver.wakeUpSeconds + haptics.clickSeconds)
            + driver.idleMilliwatts * driver.activeTimeoutSeconds
            + driver.standbyMilliwatts * (driver.offAfterSeconds - driver.activeTimeoutSeconds)
        #expect(abs(estimate.breakdown.overheadMillijoules - overhead) < 1e-9)
        #expect(estimate.clippedSeconds == 0 && estimate.playedFraction == 1)
        #expect(estimate.breakdown.continuousMillijoules == 0)
        #expect(estimate.breakdown.audioMillijoules == 0)
        #expect(abs(estimate.microampHours - estimate.energyMillijoules / (3.6 * 3.7)) < 1e-12)
        #expect(abs(estimate.durationSeconds - haptics.clickSeconds) < 1e-12)
    }

    @Test func theOffResonanceFactorFollowsThePixelDriveCapTable() {
        // AOSP's Pixel drive caps allow 4.47x the drive 25 Hz below f0 (0.447 vs 0.1 drive level), and the profile's
        // resonator (the HAL's Q 15.5, its loss ratio fitted there) needs that drive there; off resonance the
        // impedance falls, so the power needed grows faster than the drive's square.
        #expect(abs(haptics.driveRatio(hertz: 120) / 4.47 - 1) < 0.01)
        let below = haptics.offResonanceFactor(hertz: 120)
        #expect(below > 4.47 * 4.47 && below < 40)
        #expect(haptics.offResonanceFactor(hertz: 145) == 1)
        #expect(haptics.offResonanceFactor(hertz: 140) > 1)
        #expect(haptics.driveHertz(sharpness: 0) == 120)
        #expect(haptics.driveHertz(sharpness: 1) == 170)
        #expect(haptics.driveHertz(sharpness: 7) == 170, "sharpness is clamped")
    }

    @Test func totalsAddUpAcrossBreakdownEventsAndSeries() {
        let pattern = F.pattern(
            F.transient(intensity: 1, sharpness: 1),
            F.continuous(at: 0.02, duration: 0.6, intensity: 0.8, sharpness: 0.4),
            F.audio(at: 0.1, duration: 0.3, volume: 0.7),
            F.transient(at: 4, intensity: 0.5, sharpness: 0.2)
        )
        let estimate = estimator.estimate(pattern)
        #expect(abs(estimate.breakdown.totalMillijoules - estimate.energyMillijoules) < 1e-9)
        let byEvent = estimate.events.reduce(0) { $0 + $1.energyMillijoules }
        #expect(abs(byEvent - estimate.energyMillijoules) < 1e-9)
        #expect(estimate.events.map(\.index) == [0, 1, 2, 3])
        #expect(estimate.events.map(\.type) == ["HapticTransient", "HapticContinuous", "AudioContinuous", "HapticTransient"])
        let series = estimate.powerSeries
        #expect(series.count > 10)
        let step = series[1].timeSeconds - series[0].timeSeconds
        let seriesEnergy = series.reduce(0) { $0 + $1.milliwatts } * step
        #expect(abs(seriesEnergy - estimate.energyMillijoules) / estimate.energyMillijoules < 1e-6)
        #expect(series.map(\.milliwatts).max()! <= estimate.peakMilliwatts + 1e-9)
    }

    @Test func peakPowerIsTheRumblePlusItsOverdriveAndTheDriverWakingAndDriving() {
        let estimate = estimator.estimate(F.pattern(F.continuous(duration: 1, intensity: 1, sharpness: 0.5)))
        let full = haptics.continuousMilliwatts
        // The overdrive is half the rise over the rise time, spread over the carried level's memory (30 ms).
        let overdrive = 0.5 * full * haptics.riseSeconds / (0.5 * (haptics.riseSeconds + haptics.fallSeconds))
        #expect(abs(estimate.peakMilliwatts - (full + overdrive + 2 * haptics.driver.activeMilliwatts)) < 1e-6)
        #expect(estimate.averageMilliwatts < estimate.peakMilliwatts)
        #expect(abs(estimate.durationSeconds - 1) < 1e-12)
        // Integral, half the power over the rise and the fall, and the driver.
        let expected = full * (1 + 0.5 * haptics.riseSeconds + 0.5 * haptics.fallSeconds)
        #expect(abs(estimate.breakdown.continuousMillijoules - expected) < 1e-6)
    }

    @Test func effectsBeforeTheDriverTurnsOffShareOneWakeUp() {
        let one = estimator.estimate(F.pattern(F.transient(intensity: 0.5)))
        let close = estimator.estimate(F.pattern(F.transient(intensity: 0.5), F.transient(at: 0.5, intensity: 0.5)))
        let apart = estimator.estimate(F.pattern(F.transient(intensity: 0.5), F.transient(at: 10, intensity: 0.5)))
        #expect(
            close.breakdown.overheadMillijoules < 2 * one.breakdown.overheadMillijoules - haptics.driver.activeMilliwatts
                * haptics.driver.wakeUpSeconds + 1e-12
        )
        // Apart, each click has its own wake-up; between them the driver is off.
        let driver = haptics.driver
        let offSeconds = 10 - haptics.clickSeconds - driver.offAfterSeconds
        let expected = 2 * one.breakdown.overheadMillijoules + driver.offMilliwatts * offSeconds
        #expect(abs(apart.breakdown.overheadMillijoules - expected) < 1e-9)
        // The shared overhead is spread evenly over the burst's events.
        #expect(close.events[0].overheadMillijoules == close.events[1].overheadMillijoules)
    }

    @Test func curvesShapeAContinuousEvent() {
        let flat = F.pattern(F.continuous(duration: 0.6, intensity: 1))
        let decaying = AHAPPattern(
            items: flat.items + [
                .curve(
                    .init(
                        id: .hapticIntensityControl,
                        time: 0,
                        controlPoints: [.init(time: 0, value: 1), .init(time: 0.1, value: 0.4), .init(time: 0.5, value: 0)]
                    )
                )
            ]
        )
        let flatCost = estimator.estimate(flat).breakdown.continuousMillijoules
        let decayCost = estimator.estimate(decaying).breakdown.continuousMillijoules
        #expect(decayCost < 0.3 * flatCost)
        #expect(decayCost > 0.05 * flatCost)
    }

    @Test func audioCostsThePathTheAmplifierAndAStandbyTail() {
        let audio = estimator.profile.audio
        let quiet = estimator.estimateAudioCue(durationSeconds: 0.5, volume: 0.2, spatial: false)
        let loud = estimator.estimateAudioCue(durationSeconds: 0.5, volume: 1, spatial: false)
        let spatial = estimator.estimateAudioCue(durationSeconds: 0.5, volume: 1, spatial: true)
        #expect(loud.energyMillijoules > quiet.energyMillijoules)
        #expect(spatial.energyMillijoules > loud.energyMillijoules)
        // The whole path, which includes the amplifier's idle draw, plus the amplifier above idle at full volume.
        let playing = 0.5 * (audio.pathMilliwatts + audio.amplifierFullScaleMilliwatts - audio.amplifierIdleMilliwatts)
        let tail = audio.amplifierIdleMilliwatts * audio.standbyTailSeconds
        #expect(abs(loud.breakdown.audioMillijoules - (playing + tail)) < 1e-6)
        #expect(abs(spatial.energyMillijoules - loud.energyMillijoules - 0.5 * audio.pathMilliwatts * audio.spatialExtraFraction) < 1e-6)
        #expect(loud.breakdown.overheadMillijoules == 0, "audio does not wake the haptic driver")
    }

    @Test func customAudioLastsAsLongAsItsWaveform() {
        let event = AHAPEvent(type: .audioCustom, time: 0, parameters: [.init(id: .audioVolume, value: 1)], waveformPath: "pop.wav")
        let pattern = AHAPPattern(items: [.event(event)])
        let short = estimator.estimate(pattern, waveforms: [0: AHAPWaveform(path: "pop.wav", durationSeconds: 0.1)])
        let long = estimator.estimate(pattern, waveforms: [0: AHAPWaveform(path: "pop.wav", durationSeconds: 0.4)])
        let audio = estimator.profile.audio
        let perSecond = audio.playingMilliwatts(volume: 1, spatial: false)
        #expect(abs((long.energyMillijoules - short.energyMillijoules) - 0.3 * perSecond) < 1e-6)
        #expect(abs(long.durationSeconds - 0.4) < 1e-9)
    }

    @Test func systemFeedbackIsCostedLikePatterns() {
        let light = estimator.estimateImpact(.light)
        let medium = estimator.estimateImpact(.medium)
        let heavy = estimator.estimateImpact(.heavy)
        #expect(light.energyMillijoules < medium.energyMillijoules)
        #expect(medium.energyMillijoules < heavy.energyMillijoules)
        #expect(estimator.estimateImpact(.heavy, intensity: 0.5).energyMillijoules < heavy.energyMillijoules)
        #expect(estimator.estimateSelection().energyMillijoules < medium.energyMillijoules)
        for style in NotificationStyle.allCases {
            let notification = estimator.estimateNotification(style)
            #expect(notification.events.count >= 2)
            #expect(notification.energyMillijoules > light.energyMillijoules)
        }
        let rumble = estimator.estimate(F.pattern(F.continuous(duration: 1, intensity: 1)))
        #expect(medium.energyMillijoules < rumble.energyMillijoules / 5, "a medium impact is the cheap replacement")
    }

    @Test func theSeriesCanBeLeftOut() {
        let lean = EnergyEstimator(profile: .referencePhone, options: .init(maxSeriesPoints: 0))
        let estimate = lean.estimate(F.pattern(F.continuous(duration: 0.5, intensity: 1)))
        #expect(estimate.powerSeries.isEmpty)
        #expect(estimate.energyMillijoules == estimator.estimate(F.pattern(F.continuous(duration: 0.5, intensity: 1))).energyMillijoules)
    }

    @Test func theGamepadsMotorsCostMoreThanThePhonesLRA() throws {
        let gamepad = EnergyEstimator(profile: try F.profile("gamepad"))
        let click = F.pattern(F.transient(intensity: 1, sharpness: 0.5))
        #expect(gamepad.estimate(click).breakdown.transientsMillijoules > 3 * estimator.estimate(click).breakdown.transientsMillijoules)
    }

    @Test func headphonesCostLessAtFullVolumeButMoreForHRTF() throws {
        let headphones = EnergyEstimator(profile: try F.profile("headphones"))
        let speakerCue = estimator.estimateAudioCue(durationSeconds: 1, volume: 1, spatial: false)
        let headphoneCue = headphones.estimateAudioCue(durationSeconds: 1, volume: 1, spatial: false)
        #expect(headphoneCue.energyMillijoules < speakerCue.energyMillijoules)
        #expect(headphones.profile.audio.spatialExtraFraction > estimator.profile.audio.spatialExtraFraction)
    }
}
