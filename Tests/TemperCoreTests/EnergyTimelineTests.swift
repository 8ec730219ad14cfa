import Foundation
import TemperAHAP
import TemperCore
import TemperPatterns
import TemperTestSupport
import Testing

/// The estimator's timeline path: every non-AHAP format is priced through the same mixing, driver limits and
/// power states as AHAP, and a device that cannot play part of a pattern is charged for what it does play.
@Suite struct EnergyTimelineTests {
    static let phone = EnergyFixtures.phone

    /// The phone with its actuator made amplitude-only, as an Android device without frequency control.
    static var amplitudeOnly: EnergyEstimator {
        var profile = DeviceProfile.referencePhone
        profile.haptics.actuatorClass = .amplitudeOnly
        return EnergyEstimator(profile: profile)
    }

    static func buzz(
        seconds: Double,
        amplitude: Double,
        frequency: [PatternFrequencyPoint] = [],
        unit: PatternFrequencyUnit = .normalized
    ) -> PatternTimeline {
        PatternTimeline(
            source: .haptic,
            tracks: [
                PatternTrack(
                    amplitude: [PatternPoint(time: 0, value: amplitude), PatternPoint(time: seconds, value: amplitude)],
                    frequency: frequency,
                    frequencyUnit: unit
                )
            ]
        )
    }

    @Test func aTimelineCostsWhatTheSameAHAPCosts() throws {
        // Amplitude 0.25 is AHAP intensity 0.5; frequency 0.25 is sharpness 0.5.
        let timeline = Self.buzz(seconds: 1, amplitude: 0.25, frequency: [.init(time: 0, value: 0.25), .init(time: 1, value: 0.25)])
        let ahap = EnergyFixtures.pattern(EnergyFixtures.continuous(duration: 1, intensity: 0.5, sharpness: 0.5))
        let fromTimeline = Self.phone.estimate(timeline).energyMillijoules
        let fromAHAP = Self.phone.estimate(ahap).energyMillijoules
        #expect(abs(fromTimeline - fromAHAP) <= 1e-6 * fromAHAP, "\(fromTimeline) vs \(fromAHAP)")
        let click = PatternTimeline(source: .androidComposition, transients: [PatternTransient(time: 0, amplitude: 1, frequency: 0.5)])
        let ahapClick = EnergyFixtures.pattern(EnergyFixtures.transient(intensity: 1, sharpness: 0.5))
        #expect(abs(Self.phone.estimate(click).energyMillijoules - Self.phone.estimate(ahapClick).energyMillijoules) < 1e-9)
    }

    @Test func anAHAPThroughTheBridgeCostsWhatTheAHAPCosts() throws {
        let ahap = EnergyFixtures.pattern(
            EnergyFixtures.continuous(at: 0, duration: 0.5, intensity: 0.8, sharpness: 0.3),
            EnergyFixtures.transient(at: 0.7, intensity: 0.9, sharpness: 0.6),
            EnergyFixtures.continuous(at: 1, duration: 1, intensity: 0.4, sharpness: 0.7)
        )
        let bridged = AHAPBridge.timeline(from: ahap).output
        let direct = Self.phone.estimate(ahap).energyMillijoules
        let viaTimeline = Self.phone.estimate(bridged).energyMillijoules
        #expect(abs(direct - viaTimeline) <= 0.01 * direct, "\(direct) vs \(viaTimeline)")
    }

    /// A run that opens with a 3 ms ramp of amplitude, and its AHAP conversion (a ramp of intensity, cut so it plays
    /// the same amplitudes), are overdriven toward the drive over the rise time, so they price alike: before, the
    /// overdrive took the power of each one's first 1.5 ms sample, and the AHAP cost 0.972× its source
    /// (16.45 mJ against 16.92 mJ).
    @Test func aRunOpeningWithAShortRampPricesAsItsAHAPConversion() throws {
        let ramp = PatternTimeline(
            source: .haptic,
            tracks: [
                PatternTrack(amplitude: [
                    PatternPoint(time: 0, value: 0), PatternPoint(time: 0.003, value: 0.8),
                    PatternPoint(time: 0.08, value: 0.8), PatternPoint(time: 0.1, value: 0),
                ])
            ]
        )
        let cost = try ConversionCost.converting(ramp, from: ramp, to: .ahap, on: Self.phone).cost
        #expect(cost.losses.isEmpty)
        #expect(abs(cost.outputMillijoules / cost.sourceMillijoules - 1) <= 0.02, "\(cost.outputMillijoules) vs \(cost.sourceMillijoules)")
    }

    @Test func hertzArePricedAgainstTheResonance() {
        let atResonance = Self.phone.estimate(Self.buzz(seconds: 1, amplitude: 1, frequency: [.init(time: 0, value: 145)], unit: .hertz))
        let offResonance = Self.phone.estimate(Self.buzz(seconds: 1, amplitude: 0.5, frequency: [.init(time: 0, value: 125)], unit: .hertz))
        let halfAtResonance = Self.phone.estimate(
            Self.buzz(seconds: 1, amplitude: 0.5, frequency: [.init(time: 0, value: 145)], unit: .hertz)
        )
        #expect(offResonance.energyMillijoules >= 1.3 * halfAtResonance.energyMillijoules)
        #expect(atResonance.energyMillijoules > halfAtResonance.energyMillijoules)
        // Far outside the actuator's range: clamped to its end, as the platform does, and said.
        let far = Self.buzz(seconds: 1, amplitude: 1, frequency: [.init(time: 0, value: 20)], unit: .hertz)
        #expect(Self.phone.estimate(far).peakMilliwatts <= DeviceProfile.referencePhone.supplyLimitMilliwatts)
        #expect(Self.phone.playbackNotes(for: far).contains { $0.contains("outside") })
    }

    @Test func anAmplitudeOnlyDeviceIgnoresFrequencyAndSaysSo() {
        let sharp = Self.buzz(seconds: 1, amplitude: 0.5, frequency: [.init(time: 0, value: 1)])
        let plain = Self.buzz(seconds: 1, amplitude: 0.5)
        let device = Self.amplitudeOnly
        #expect(abs(device.estimate(sharp).energyMillijoules - device.estimate(plain).energyMillijoules) < 1e-9)
        #expect(Self.phone.estimate(sharp).energyMillijoules > device.estimate(sharp).energyMillijoules)
        #expect(device.playbackNotes(for: sharp).contains { $0.hasPrefix("frequency ignored") })
        #expect(device.playbackNotes(for: plain).isEmpty)
        #expect(Self.phone.playbackNotes(for: sharp).isEmpty)
    }

    @Test func anOnOffDevicePlaysFullScale() {
        var profile = DeviceProfile.referencePhone
        profile.haptics.actuatorClass = .onOff
        let device = EnergyEstimator(profile: profile)
        let quiet = device.estimate(Self.buzz(seconds: 1, amplitude: 0.1)).energyMillijoules
        let loud = device.estimate(Self.buzz(seconds: 1, amplitude: 1)).energyMillijoules
        #expect(abs(quiet - loud) < 1e-9)
        #expect(device.estimate(Self.buzz(seconds: 1, amplitude: 0)).energyMillijoules == 0)
    }

    @Test func aGamepadsMotorsPlayTheirOwnTracks() throws {
        let gamepad = EnergyEstimator(profile: try EnergyFixtures.profile("gamepad"))
        #expect(gamepad.profile.haptics.actuatorClass == .dualERM)
        func track(_ motor: PatternMotor) -> PatternTrack {
            PatternTrack(motor: motor, amplitude: [PatternPoint(time: 0, value: 1), PatternPoint(time: 1, value: 1)])
        }
        let strong = gamepad.estimate(PatternTimeline(source: .rumble, tracks: [track(.lowFrequency)]))
        let both = gamepad.estimate(PatternTimeline(source: .rumble, tracks: [track(.lowFrequency), track(.highFrequency)]))
        let main = gamepad.estimate(PatternTimeline(source: .rumble, tracks: [track(.main)]))
        // Two motors draw twice one motor's actuator power; a main track drives both.
        #expect(abs(EnergyFixtures.actuator(both) - 2 * EnergyFixtures.actuator(strong)) <= 1e-6 * EnergyFixtures.actuator(both))
        #expect(abs(EnergyFixtures.actuator(both) - EnergyFixtures.actuator(main)) <= 1e-6 * EnergyFixtures.actuator(main))
        #expect(both.peakMilliwatts <= gamepad.profile.supplyLimitMilliwatts)
    }

    @Test func overlappingCopiesOnATimelineCostOneCopy() {
        let one = PatternTimeline(source: .androidComposition, transients: [PatternTransient(time: 0, amplitude: 1, frequency: 0.5)])
        let ten = PatternTimeline(
            source: .androidComposition,
            transients: Array(repeating: PatternTransient(time: 0, amplitude: 1, frequency: 0.5), count: 10)
        )
        #expect(Self.phone.estimate(ten).energyMillijoules <= 1.1 * Self.phone.estimate(one).energyMillijoules)
        #expect(Self.phone.estimate(PatternTimeline(source: .haptic)).energyMillijoules == 0)
    }
}
