import Foundation
import TemperAHAP
import TemperCore
import TemperTestSupport
import Testing

/// The actuator physics of issue 8: mixing on one actuator, driver limits and clipping, driver power states, and
/// the published bands the default phone must land in.
@Suite struct EnergyPhysicsTests {
    typealias F = EnergyFixtures
    let estimator = F.phone
    var haptics: HapticActuatorFigures { estimator.profile.haptics }

    static let copyCases: [(name: String, item: AHAPItem)] = [
        ("full click", F.transient(intensity: 1, sharpness: 0.5)),
        ("soft sharp click", F.transient(intensity: 0.3, sharpness: 0.9)),
        ("full rumble", F.continuous(duration: 0.5, intensity: 1, sharpness: 0.5)),
        ("quiet low rumble", F.continuous(duration: 2, intensity: 0.25, sharpness: 0.1)),
        ("low rumble at the driver's limit", F.continuous(duration: 1, intensity: 1, sharpness: 0)),
        ("sound", F.audio(duration: 0.4, volume: 0.3)),
    ]

    @Test(arguments: [2, 10, 1000])
    func overlappingCopiesCostAtMostOnePointOneTimesOneCopy(copies: Int) throws {
        for profile in try [F.profile("phone"), F.profile("gamepad"), F.profile("headphones")] {
            let estimator = EnergyEstimator(profile: profile)
            for (name, item) in Self.copyCases {
                let one = estimator.estimate(AHAPPattern(items: [item]))
                let many = estimator.estimate(AHAPPattern(items: Array(repeating: item, count: copies)))
                #expect(many.energyMillijoules <= 1.1 * one.energyMillijoules, "\(profile.name) \(name) x\(copies)")
                #expect(many.energyMillijoules >= one.energyMillijoules * (1 - 1e-9), "\(profile.name) \(name) x\(copies)")
                #expect(many.peakMilliwatts <= 1.1 * one.peakMilliwatts, "\(profile.name) \(name) x\(copies)")
                let shared = many.events.reduce(0) { $0 + $1.energyMillijoules }
                #expect(abs(shared - many.energyMillijoules) < 1e-6 * max(1, many.energyMillijoules))
            }
        }
    }

    @Test func aHundredThousandOverlappingEventsStayWithinTheDriversLimit() {
        let items = (0..<100_000).map {
            F.continuous(at: Double($0 % 100) * 0.001, duration: 1, intensity: 1, sharpness: Double($0 % 11) / 10)
        }
        let estimate = estimator.estimate(AHAPPattern(items: items))
        #expect(estimate.peakMilliwatts <= haptics.supplyLimitMilliwatts)
        #expect(estimate.peakMilliwatts < 2000, "the phone's LRA at the HAL's drive cap draws about 1.5 W, not kilowatts")
        #expect(estimate.averageMilliwatts <= estimate.peakMilliwatts)
    }

    /// The Pixel HAL lets its driver reach 4.47x the drive at resonance off it, which covers what the resonator
    /// needs across the sharpness range: intensity 1 plays in full there and costs the equal sensation's power.
    @Test func farFromResonanceIntensityOnePlaysInFullAndCostsItsDriveThere() {
        let low = estimator.estimate(F.pattern(F.continuous(duration: 1, intensity: 1, sharpness: 0)))
        #expect(low.clippedSeconds == 0 && low.playedFraction == 1 && low.clippedSpans.isEmpty)
        let hertz = haptics.sharpnessLowHertz
        let reach = haptics.fullIntensityAcceleration(hertz: hertz)
        #expect(reach * haptics.driveRatio(hertz: hertz) <= haptics.driver.driveHeadroom)
        // A second of that drive, plus no more than its ring-up and braking, and under the driver's limit there.
        let played = haptics.continuousMilliwatts * haptics.offResonanceFactor(hertz: hertz) * reach * reach
        let tails = 0.5 * (haptics.riseSeconds + haptics.fallSeconds)
        #expect(low.breakdown.continuousMillijoules >= played - 1e-6)
        #expect(low.breakdown.continuousMillijoules <= played * (1 + tails) + 1e-6)
        #expect(played <= haptics.continuousMilliwatts * haptics.limitFactor(hertz: hertz) + 1e-9)
        // Asking for less plays less, and costs less.
        let gentle = estimator.estimate(F.pattern(F.continuous(duration: 1, intensity: 0.3, sharpness: 0)))
        #expect(gentle.clippedSeconds == 0)
        #expect(F.actuator(gentle) < 0.1 * F.actuator(low))
    }

    @Test func anUnbrokenDriveRingsUpOnceHoweverItIsSampledOrSplit() {
        let flat = estimator.estimate(F.pattern(F.continuous(duration: 1, intensity: 1)))
        // A curve makes the event sampled every 5 ms; its pieces must not each ring up and brake.
        let sampled = estimator.estimate(
            AHAPPattern(items: [
                F.continuous(duration: 1, intensity: 1),
                .curve(
                    .init(id: .hapticIntensityControl, time: 0, controlPoints: [.init(time: 0, value: 1), .init(time: 1, value: 0.999)])
                ),
            ])
        )
        #expect(abs(sampled.energyMillijoules / flat.energyMillijoules - 1) < 0.002)
        // Two events written back to back, one ending at 0.1 + 0.2 s and the next starting at 0.3 s, are one drive.
        let split = estimator.estimate(
            F.pattern(F.continuous(at: 0, duration: 0.1 + 0.2, intensity: 1), F.continuous(at: 0.3, duration: 0.7, intensity: 1))
        )
        #expect(abs(split.energyMillijoules - flat.energyMillijoules) < 1e-6)
    }

    @Test func theSilenceBetweenEffectsCostsOnlyTheDriversState() {
        let driver = haptics.driver
        func cost(gap: Double) -> Double {
            estimator.estimate(F.pattern(F.transient(intensity: 1), F.transient(at: haptics.clickSeconds + gap, intensity: 1)))
                .energyMillijoules
        }
        // Inside each state the energy grows at exactly that state's draw.
        for (from, to, state) in [(0.05, 0.2, HapticDriverState.idle), (0.5, 1.8, .standby)] {
            let slope = (cost(gap: to) - cost(gap: from)) / (to - from)
            #expect(abs(slope - driver.milliwatts(in: state)) < 1e-9, "\(state)")
        }
        // Once the driver is off, a longer silence costs the off draw and nothing else.
        let offSlope = (cost(gap: 20) - cost(gap: 10)) / 10
        #expect(abs(offSlope - driver.offMilliwatts) < 1e-9)
        #expect(driver.offMilliwatts <= driver.standbyMilliwatts && driver.standbyMilliwatts <= driver.idleMilliwatts)
    }

    @Test func aZeroIntensityEventIsIdleTimeNotVibration() {
        let silent = estimator.estimate(F.pattern(F.continuous(duration: 30, intensity: 0)))
        #expect(silent.energyMillijoules == 0)
        let click = estimator.estimate(F.pattern(F.transient(intensity: 1)))
        let clickThenSilence = estimator.estimate(F.pattern(F.transient(intensity: 1), F.continuous(at: 0.1, duration: 30, intensity: 0)))
        #expect(abs(clickThenSilence.energyMillijoules - click.energyMillijoules) < 1e-9)
    }

    @Test func averageNeverExceedsPeak() throws {
        let patterns = [
            F.pattern(F.transient(intensity: 1)),
            F.pattern(F.transient(intensity: 0.05), F.transient(at: 1.5, intensity: 0.05)),
            F.pattern(F.continuous(duration: 30, intensity: 0.01)),
            F.pattern(F.audio(duration: 0.01, volume: 0)),
        ]
        for profile in try [F.profile("phone"), F.profile("gamepad"), F.profile("headphones")] {
            for pattern in patterns {
                let estimate = EnergyEstimator(profile: profile).estimate(pattern)
                #expect(estimate.averageMilliwatts > 0)
                #expect(estimate.averageMilliwatts <= estimate.peakMilliwatts * (1 + 1e-12), "\(profile.name)")
            }
        }
    }

    // MARK: Published bands for the default phone

    @Test func aFullScaleClickWithItsDriverOverheadCosts1Point5To9Millijoules() {
        let click = estimator.estimate(F.pattern(F.transient(intensity: 1, sharpness: 0.5)))
        #expect(click.energyMillijoules >= 1.5 && click.energyMillijoules <= 9, "TI SLOA194A measured 5.5–9 mJ on coin LRAs")
    }

    func buzz(seconds: Double = 1, intensity: Double = 1, sharpness: Double) -> Double {
        estimator.estimate(F.pattern(F.continuous(duration: seconds, intensity: intensity, sharpness: sharpness))).energyMillijoules
    }

    var cheapestSharpness: Double {
        (0...100).map { Double($0) / 100 }.min { buzz(sharpness: $0) < buzz(sharpness: $1) }!
    }

    @Test func buzzBands() {
        let sharpness = cheapestSharpness
        let full = buzz(sharpness: sharpness)
        // A second at the profile's full-scale power, plus at most its ring-up and braking and the driver's draw.
        let driver = haptics.driver
        let actuator = haptics.continuousMilliwatts
        let most =
            actuator * (1 + 0.5 * (haptics.riseSeconds + haptics.fallSeconds)) + driver.activeMilliwatts * (1 + haptics.fallSeconds)
            + driver.activeMilliwatts * driver.wakeUpSeconds + driver.idleMilliwatts * driver.activeTimeoutSeconds + driver
            .standbyMilliwatts * driver.offAfterSeconds
        #expect(full >= actuator && full <= most, "a 1 s full-scale buzz: \(full) mJ (45.6 mW at full scale)")
        // Intensity² on the actuator's part; the driver's draw on top does not depend on intensity.
        let half = buzz(intensity: 0.5, sharpness: sharpness) / full
        #expect(half >= 0.25 && half <= 0.5, "half intensity: \(half)x")
        let twice = buzz(seconds: 2, sharpness: sharpness) / full
        #expect(twice >= 1.8 && twice <= 2.2, "2 s vs 1 s: \(twice)x")
        for far in [0.0, 1.0] {
            #expect(buzz(sharpness: far) >= 1.3 * full, "sharpness \(far) far from resonance")
        }
    }

    // MARK: Real files

    @Test(.needsSharedCorpus("ahap"))
    func noRealPatternPeaksAboveItsDriversLimit() throws {
        let profiles = try [F.profile("phone"), F.profile("gamepad"), F.profile("headphones")]
        let files = SharedCorpus.files("ahap", suffixes: [".ahap"]).map { SharedCorpus.path("ahap", $0) }
        #expect(!files.isEmpty)
        for file in files {
            guard let document = try? AHAPReader.load(contentsOf: file) else { continue }
            for profile in profiles {
                let estimate = EnergyEstimator(profile: profile).estimate(document.pattern, waveforms: document.waveforms)
                let hasAudio = document.pattern.events.contains { $0.type == .audioContinuous || $0.type == .audioCustom }
                let limit = hasAudio ? profile.supplyLimitMilliwatts : profile.haptics.supplyLimitMilliwatts
                // Braking under a click is not bounded by the driver's headroom beside the click (``LevelTails``): the
                // series may overstate the peak there by up to the braking, t_fall / (t_rise + t_fall) of the limit.
                let haptics = profile.haptics
                let braking = haptics.fallSeconds / (haptics.riseSeconds + haptics.fallSeconds) * haptics.supplyLimitMilliwatts
                #expect(estimate.peakMilliwatts <= limit + braking, "\(file) on \(profile.name)")
                #expect(estimate.averageMilliwatts <= estimate.peakMilliwatts * (1 + 1e-12), "\(file) on \(profile.name)")
                #expect(estimate.playedFraction > 0 && estimate.playedFraction <= 1)
            }
        }
    }
}
