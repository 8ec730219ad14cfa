import Foundation
import TemperAHAP
import TemperCore
import TemperTestSupport
import Testing

/// Issue 19, finding 4: the braking tail scales with what is braked, and intensity is read across frequency against
/// what the actuator plays there (the `EnergyModel` article's sweep).
@Suite struct EnergyShapeTests {
    typealias F = EnergyFixtures
    let estimator = F.phone
    var haptics: HapticActuatorFigures { estimator.profile.haptics }

    func click(intensity: Double = 1, sharpness: Double = 0.5) -> EnergyEstimate {
        estimator.estimate(F.pattern(F.transient(intensity: intensity, sharpness: sharpness)))
    }

    func buzz(seconds: Double, intensity: Double = 1, sharpness: Double = 0.5) -> EnergyEstimate {
        estimator.estimate(F.pattern(F.continuous(duration: seconds, intensity: intensity, sharpness: sharpness)))
    }

    // MARK: Braking with what is braked

    /// Before, a 10 ms buzz cost 9.23 mJ, more than a 47.5 ms full click (8.60 mJ): its 4.83 mJ braking tail did
    /// not depend on how far the mass had rung up.
    @Test func aTenMillisecondBuzzCostsLessThanAFullClick() {
        let short = buzz(seconds: 0.01).energyMillijoules
        let full = click().energyMillijoules
        #expect(short < full, "10 ms buzz \(short) mJ against a full click \(full) mJ (was 9.23 against 8.60)")
    }

    /// A drive shorter than the memory of the carried level (the mean of the rise and fall times, 30 ms) carries
    /// only its share of it, and is overdriven and braked that far. (Before issue 32 the tails went with the square of
    /// the ring-up 1 − e^(−L/τ): 40 % for 10 ms, where the share is a third.)
    @Test func theTailsGoWithTheShareOfTheLevelReached() {
        let seconds = 0.01
        let power = haptics.continuousMilliwatts
        let reached = seconds / (0.5 * (haptics.riseSeconds + haptics.fallSeconds))
        let tails = 0.5 * power * (haptics.riseSeconds + haptics.fallSeconds) * reached
        #expect(abs(buzz(seconds: seconds).breakdown.continuousMillijoules - (power * seconds + tails)) < 1e-9)
        // A long drive carries the whole level: the whole tails, as before.
        let long = buzz(seconds: 1).breakdown.continuousMillijoules
        #expect(abs(long - power * (1 + 0.5 * (haptics.riseSeconds + haptics.fallSeconds))) < 1e-6)
    }

    @Test func energyStillRisesWithDuration() {
        let lengths = [0.002, 0.005, 0.01, 0.02, 0.0475, 0.1, 0.3, 1]
        for sharpness in [0.0, 0.5, 1.0] {
            let costs = lengths.map { buzz(seconds: $0, sharpness: sharpness).energyMillijoules }
            for (shorter, longer) in zip(costs, costs.dropFirst()) { #expect(longer > shorter, "sharpness \(sharpness)") }
        }
    }

    // MARK: Intensity across frequency

    /// ui-tap (intensity 0.4, sharpness 0.2: 130 Hz) costs what its drive needs there. With the phone's one
    /// actuator (Q 15.5, the HAL's cap leaving the driver room off resonance) that is more than a full click at
    /// resonance; the profile that mixed a coin LRA's rated drive into the Pixel's figures clipped it below one.
    @Test func uiTapCostsWhatItsDriveNeedsThere() throws {
        let url = PackagePaths.root.appendingPathComponent("Examples/patterns/ui-tap.ahap")
        let document = try AHAPReader.load(contentsOf: url.path)
        let tap = estimator.estimate(document.pattern)
        #expect(abs(tap.energyMillijoules - click(intensity: 0.4, sharpness: 0.2).energyMillijoules) < 1e-12)
        let hertz = haptics.driveHertz(sharpness: 0.2)
        let reach = 0.4 * haptics.fullIntensityAcceleration(hertz: hertz)
        let drive = haptics.clickEnergyMillijoules * haptics.offResonanceFactor(hertz: hertz) * reach * reach
        #expect(abs(tap.breakdown.transientsMillijoules - drive) < 1e-9, "ui-tap \(tap.breakdown.transientsMillijoules) mJ")
        #expect(tap.playedFraction == 1)
    }

    /// Before, a full click at sharpness 0 cost 21.2 mJ while playing 35 % of what it asked.
    @Test(arguments: [0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0])
    func intensityOnePlaysInFullAtEverySharpness(sharpness: Double) {
        for estimate in [click(sharpness: sharpness), buzz(seconds: 1, sharpness: sharpness)] {
            #expect(estimate.playedFraction == 1, "sharpness \(sharpness): plays \(estimate.playedFraction), was 0.35 at 0")
            #expect(estimate.clippedSeconds == 0 && estimate.clippedSpans.isEmpty)
        }
        // What it costs is what intensity 1 plays there: the resonator's power for that acceleration.
        let hertz = haptics.driveHertz(sharpness: sharpness)
        let reach = haptics.fullIntensityAcceleration(hertz: hertz)
        let expected = haptics.clickEnergyMillijoules * haptics.offResonanceFactor(hertz: hertz) * reach * reach
        #expect(abs(click(sharpness: sharpness).breakdown.transientsMillijoules - expected) < 1e-9)
    }

    @Test func intensityOneIsFullScaleAtResonanceAndEqualSensationWhereTheActuatorReachesIt() {
        #expect(haptics.fullIntensityAcceleration(hertz: haptics.resonanceHertz) == 1)
        // Just above resonance the driver has headroom: the same sensation, a little more acceleration where the
        // threshold of feeling is higher.
        let near = haptics.resonanceHertz + 3
        #expect(haptics.driveRatio(hertz: near) < haptics.driver.driveHeadroom)
        let equal = VibrotactileThreshold.equalSensation(hertz: near, referenceHertz: haptics.resonanceHertz)
        #expect(abs(haptics.fullIntensityAcceleration(hertz: near) - equal) < 1e-12)
        #expect(equal > 1 && equal < 1.02)
        // The Pixel HAL's cap leaves headroom to the edge of the range: equal sensation there too.
        let far = haptics.sharpnessLowHertz
        #expect(
            haptics.driveRatio(hertz: far) * VibrotactileThreshold.equalSensation(hertz: far, referenceHertz: haptics.resonanceHertz)
                <= haptics.driver.driveHeadroom
        )
        #expect(
            abs(
                haptics.fullIntensityAcceleration(hertz: far)
                    - VibrotactileThreshold.equalSensation(hertz: far, referenceHertz: haptics.resonanceHertz)
            ) < 1e-12
        )
        // Where the driver runs out of headroom (here a driver rated at 1.37x full scale, as a coin LRA's rating
        // would be), intensity 1 is the strongest it gets out of the actuator there.
        var capped = haptics
        capped.driver.ratedDriveVolts = capped.driver.fullScaleDriveVolts * 1.37
        #expect(abs(capped.fullIntensityAcceleration(hertz: far) - capped.driver.driveHeadroom / capped.driveRatio(hertz: far)) < 1e-12)
        #expect(capped.fullIntensityAcceleration(hertz: far) < haptics.fullIntensityAcceleration(hertz: far))
    }

    @Test func aSofterRequestNeverCostsMoreThanAStrongerOneAtTheSameSharpness() {
        let intensities = stride(from: 0.0, through: 1.0, by: 0.05).map { $0 }
        for sharpness in stride(from: 0.0, through: 1.0, by: 0.1) {
            let clicks = intensities.map { click(intensity: $0, sharpness: sharpness).energyMillijoules }
            let buzzes = intensities.map { buzz(seconds: 0.3, intensity: $0, sharpness: sharpness).energyMillijoules }
            for costs in [clicks, buzzes] {
                for (softer, stronger) in zip(costs, costs.dropFirst()) { #expect(softer <= stronger, "sharpness \(sharpness)") }
            }
        }
    }

    /// Android takes a device's sharpness range as where it plays at least 10 dB above the threshold of feeling
    /// (`BasicToPwleSegmentAdapter`). With 1.63 g at full scale (TI SLOA194A's coin LRA; assumed), the phone's LRA clears that across
    /// its whole 120–170 Hz span, so Android's rule gives the same range.
    @Test func thePhonesSharpnessRangeIsWhereItPlaysTenDecibelsAboveTheThreshold() {
        let fullScaleGs = 1.63
        for step in 0...50 {
            let hertz = haptics.sharpnessLowHertz + Double(step)
            let level = haptics.strongestSensationDecibels(hertz: hertz, fullScaleGs: fullScaleGs)
            #expect(level >= VibrotactileThreshold.usableSensationDecibels, "\(hertz) Hz: \(level) dB above threshold")
        }
        #expect(abs(VibrotactileThreshold.decibels(hertz: 150) - -31.35) < 1e-12)
        #expect(abs(VibrotactileThreshold.decibels(hertz: 1) - -48.90) < 1e-12, "held below the curve")
    }
}
