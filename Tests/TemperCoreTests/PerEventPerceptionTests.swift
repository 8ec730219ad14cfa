import Foundation
import TemperAHAP
import TemperCore
import TemperTestSupport
import Testing

/// Issue 32, items 1 and 2: felt strength per event, from the billed signal, as an intensity; a trim that holds
/// for every event and keeps designed contrast.
@Suite struct PerEventPerceptionTests {
    let estimator = EnergyFixtures.phone

    func kind(_ items: AHAPItem...) -> SensoryRequest.Kind {
        .haptic(HapticPatternRequest(pattern: AHAPPattern(items: items)))
    }

    func felt(_ kind: SensoryRequest.Kind) throws -> FeltStrength {
        try #require(estimator.feltStrength(of: kind))
    }

    /// A buzz felt for longer than the skin sums is no stronger, only longer: capping 1 s to 0.5 s is "shorter",
    /// not dB. Under the summation window a shorter buzz is felt weaker, by 10·log10 of the ratio at 145 Hz.
    @Test func durationIsReadAsShorterNotAsDecibels() throws {
        let long = try felt(kind(EnergyFixtures.continuous(duration: 1, intensity: 0.8)))
        let half = try felt(kind(EnergyFixtures.continuous(duration: 0.5, intensity: 0.8)))
        let change = PerceivedChange(from: long, to: half)
        #expect(abs(change.weakestDecibels) < 0.05, "\(change.weakestDecibels)")
        #expect(change.shorterEvents == 1)
        #expect(change.words.contains("1 event shorter"), "\(change.words)")
        let tenth = try felt(kind(EnergyFixtures.continuous(duration: 0.1, intensity: 0.8)))
        let short = PerceivedChange(from: long, to: tenth).weakestDecibels
        // The actuator rings up over its rise time, so the short buzz plays a little less than a third of the window.
        #expect(short < -4 && short > -6.5, "a 0.1 s buzz against a 1 s one: \(short) dB, not the dose's 22.5 dB")
    }

    /// A click under a louder rumble is masked in the bill and in the feel alike: adding it changes neither.
    @Test func aMaskedClickAddsNoFeltStrengthAndNoEnergy() throws {
        let rumble = EnergyFixtures.continuous(duration: 2, intensity: 1, sharpness: 0.5)
        let click = EnergyFixtures.transient(at: 1, intensity: 0.3, sharpness: 0.5)
        let alone = kind(rumble)
        let both = kind(rumble, click)
        let energy = estimator.energyMillijoules(of: both) - estimator.energyMillijoules(of: alone)
        let withClick = try felt(both)
        #expect(abs(energy) < 1e-6, "the rumble draws more: \(energy) mJ")
        #expect(withClick.events.count == 2 && !withClick.events[1].isFelt, "\(withClick.events)")
        #expect(abs(withClick.magnitude - (try felt(alone)).magnitude) < 1e-9)
    }

    /// Taps at sharpness 0 and 1 (120 and 170 Hz on the phone, about two JNDs apart) keep their difference under
    /// every trim and under the phone policy's fair tier: the trim moves pitch by half the smallest JND at most.
    @Test func tapsAtBothEndsOfSharpnessKeepTheirContrast() throws {
        let taps = kind(
            EnergyFixtures.transient(at: 0, intensity: 1, sharpness: 0),
            EnergyFixtures.transient(at: 0.3, intensity: 1, sharpness: 1)
        )
        let before = try felt(taps)
        #expect(before.events[1].hertz / before.events[0].hertz > 1.3, "\(before.events.map(\.hertz))")
        // Allowing a pitch change does not allow losing the contrast: the trim refuses a move that erases it.
        for decibels in [1.0, 2, 3, 6] {
            for allowsPitchChange in [false, true] {
                let trim = PerceptualTrim(maxDecibels: decibels, allowsPitchChange: allowsPitchChange)
                let shift = estimator.resonanceShift(fraction: trim.pitchFraction)
                let result = try #require(
                    trim.trim(taps, felt: estimator.feltStrength(of:), shift: shift, price: estimator.energyMillijoules(of:))
                )
                let label = "\(decibels) dB, pitch change allowed: \(allowsPitchChange)"
                #expect(!result.change.contrastLost && result.change.largestPitchChange <= trim.pitchFraction + 1e-9, "\(label)")
                let after = try felt(result.kind)
                #expect(after.events[1].hertz / after.events[0].hertz > 1.13, "\(label): \(after.events.map(\.hertz))")
            }
        }
        let url = PackagePaths.root.appendingPathComponent("Policies/phone.yaml")
        let phone = try Policy.parse(yaml: String(contentsOf: url, encoding: .utf8), file: "phone.yaml")
        let decision = Rewriter(policy: phone, energyModel: estimator).decide(
            SensoryRequest(id: "taps", usage: .game, kind: taps),
            condition: Condition(tier: .fair)
        )
        let change = try #require(decision.perceivedChange)
        #expect(!change.contrastLost && change.largestPitchChange <= 0.065 + 1e-9, "\(change)")
    }

    /// With pitch changes allowed a move of 18 % would squeeze 120 and 170 Hz to 141.6 and 145 Hz: the change says
    /// the contrast is lost, and the trim refuses that move (it keeps the 6.5 % move nobody notices).
    @Test func aMoveThatErasesContrastIsNamedAndRefused() throws {
        let taps = kind(
            EnergyFixtures.transient(at: 0, intensity: 1, sharpness: 0),
            EnergyFixtures.transient(at: 0.3, intensity: 1, sharpness: 1)
        )
        let shift = try #require(estimator.resonanceShift(fraction: VibrotactilePerception.frequencyJNDFraction))
        let moved = AHAPPattern(items: [
            EnergyFixtures.transient(at: 0, intensity: 1, sharpness: shift.sharpness(0)),
            EnergyFixtures.transient(at: 0.3, intensity: 1, sharpness: shift.sharpness(1)),
        ])
        let change = PerceivedChange(from: try felt(taps), to: try felt(.haptic(HapticPatternRequest(pattern: moved))))
        #expect(change.contrastLost)
        #expect(change.verdict >= .noticeable)
        #expect(change.words.contains("contrast in pitch between events is lost"), "\(change.words)")
        let trim = PerceptualTrim(maxDecibels: 2, allowsPitchChange: true)
        let result = try #require(
            trim.trim(taps, felt: estimator.feltStrength(of:), shift: shift, price: estimator.energyMillijoules(of:))
        )
        // It keeps the move nobody notices instead, which leaves both taps apart.
        #expect(!result.change.contrastLost && result.change.largestPitchChange <= 0.065 + 1e-9, "\(result.change)")
    }

    /// Every event within the limit: a short weak tap beside a long strong bed is not cut past the limit, and
    /// one that would fall below the threshold of feeling keeps being felt.
    @Test func theTrimBoundsEveryEventNotTheSum() throws {
        let pattern = kind(
            EnergyFixtures.continuous(at: 0, duration: 2, intensity: 1, sharpness: 0.5),
            EnergyFixtures.transient(at: 2.5, intensity: 0.16, sharpness: 0.5)
        )
        let before = try felt(pattern)
        #expect(before.events.allSatisfy { $0.isFelt }, "\(before.events.map(\.levelDecibels))")
        let result = try #require(PerceptualTrim(maxDecibels: 6).trim(pattern, felt: estimator.feltStrength(of:)))
        #expect(result.change.goneEvents == 0 && result.change.weakestDecibels >= -6 - 1e-9, "\(result.change)")
        #expect(result.change.strongestDecibels <= 1e-9)
        let after = try felt(result.kind)
        #expect(after.events.allSatisfy { $0.isFelt }, "\(after.events.map(\.levelDecibels))")
        // The tap sits under 6 dB above the threshold: the cut stops short of the limit so it stays felt.
        #expect(before.events[1].levelDecibels < 6 && result.change.weakestDecibels > -before.events[1].levelDecibels)
    }
}
