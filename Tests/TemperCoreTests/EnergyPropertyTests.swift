import Foundation
import TemperAHAP
import TemperCore
import Testing

/// The properties the issue requires of the energy model.
@Suite struct EnergyPropertyTests {
    typealias F = EnergyFixtures
    let estimator = F.phone

    @Test(arguments: [0.1, 0.3, 0.5, 0.8])
    func energyRisesWithIntensity(lower: Double) {
        for make in [{ F.transient(intensity: $0) }, { F.continuous(duration: 0.3, intensity: $0) }] as [(Double) -> AHAPItem] {
            let weak = estimator.estimate(F.pattern(make(lower)))
            let strong = estimator.estimate(F.pattern(make(lower + 0.2)))
            #expect(strong.energyMillijoules > weak.energyMillijoules)
        }
    }

    @Test(arguments: [0.05, 0.2, 1.0, 5.0])
    func energyRisesWithDuration(seconds: Double) {
        let short = estimator.estimate(F.pattern(F.continuous(duration: seconds, intensity: 0.7)))
        let long = estimator.estimate(F.pattern(F.continuous(duration: seconds * 1.5, intensity: 0.7)))
        #expect(long.energyMillijoules > short.energyMillijoules)
        let quiet = estimator.estimate(F.pattern(F.audio(duration: seconds, volume: 0.5)))
        let longer = estimator.estimate(F.pattern(F.audio(duration: seconds * 1.5, volume: 0.5)))
        #expect(longer.energyMillijoules > quiet.energyMillijoules)
    }

    @Test(arguments: 1...6)
    func energyRisesWithEventCount(count: Int) {
        let items = (0..<count).map { F.transient(at: Double($0) * 0.1, intensity: 0.6) }
        let more = items + [F.transient(at: Double(count) * 0.1, intensity: 0.6)]
        let fewer = estimator.estimate(AHAPPattern(items: items))
        let extra = estimator.estimate(AHAPPattern(items: more))
        #expect(extra.energyMillijoules > fewer.energyMillijoules)
        #expect(extra.events.count == count + 1)
    }

    /// While the driver has headroom; a clipped pattern scales by less (EnergyPhysicsTests).
    @Test(arguments: [0.25, 0.5, 0.8])
    func scalingIntensityScalesTheActuatorPartByKToTheGamma(k: Double) throws {
        let gamma = estimator.profile.haptics.intensityExponent
        let base = AHAPPattern(items: [
            F.transient(intensity: 0.9, sharpness: 0.6),
            F.continuous(at: 0.05, duration: 0.4, intensity: 1.0, sharpness: 0.45),
            F.transient(at: 0.5, intensity: 0.6, sharpness: 0.5),
        ])
        #expect(estimator.estimate(base).clippedSeconds == 0)
        let scaled = AHAPPattern(
            items: base.items.map { item in
                guard case .event(var event) = item else { return item }
                event.parameters = event.parameters.map { $0.id == .hapticIntensity ? .init(id: $0.id, value: $0.value * k) : $0 }
                return .event(event)
            }
        )
        let full = F.actuator(estimator.estimate(base))
        let reduced = F.actuator(estimator.estimate(scaled))
        #expect(full > 0)
        #expect(abs(reduced / full - Foundation.pow(k, gamma)) < 1e-9)
        // Overhead depends on time, not intensity.
        #expect(estimator.estimate(base).breakdown.overheadMillijoules == estimator.estimate(scaled).breakdown.overheadMillijoules)
    }

    @Test(arguments: [0.0, 0.1, 0.9, 1.0])
    func sharpnessFarFromResonanceCostsMore(farSharpness: Double) {
        let haptics = estimator.profile.haptics
        let atResonance = (haptics.resonanceHertz - haptics.sharpnessLowHertz) / (haptics.sharpnessHighHertz - haptics.sharpnessLowHertz)
        #expect(abs(haptics.driveHertz(sharpness: atResonance) - haptics.resonanceHertz) < 1e-9)
        #expect(abs(haptics.offResonanceFactor(hertz: haptics.resonanceHertz) - 1) < 1e-12)
        let near = estimator.estimate(F.pattern(F.transient(intensity: 0.8, sharpness: atResonance)))
        let far = estimator.estimate(F.pattern(F.transient(intensity: 0.8, sharpness: farSharpness)))
        #expect(far.breakdown.transientsMillijoules > 2 * near.breakdown.transientsMillijoules)
        let nearRumble = estimator.estimate(F.pattern(F.continuous(duration: 0.5, intensity: 0.8, sharpness: atResonance)))
        let farRumble = estimator.estimate(F.pattern(F.continuous(duration: 0.5, intensity: 0.8, sharpness: farSharpness)))
        #expect(farRumble.breakdown.continuousMillijoules > 2 * nearRumble.breakdown.continuousMillijoules)
    }

    @Test func aSingleTransientCostsFarLessThanAOneSecondFullScaleRumble() {
        let click = estimator.estimate(F.pattern(F.transient(intensity: 1, sharpness: 0.5)))
        let rumble = estimator.estimate(F.pattern(F.continuous(duration: 1, intensity: 1, sharpness: 0.5)))
        #expect(click.energyMillijoules > 0)
        #expect(rumble.energyMillijoules > 10 * click.energyMillijoules)
    }

    @Test func anEmptyPatternCostsNothing() {
        for pattern in [
            AHAPPattern(items: []),
            AHAPPattern(items: [
                .curve(.init(id: .hapticIntensityControl, time: 0, controlPoints: [.init(time: 0, value: 1), .init(time: 1, value: 0)]))
            ]),
        ] {
            let estimate = estimator.estimate(pattern)
            #expect(estimate.energyMillijoules == 0)
            #expect(estimate.microampHours == 0)
            #expect(estimate.peakMilliwatts == 0)
            #expect(estimate.breakdown == EnergyBreakdown())
            #expect(estimate.events.isEmpty)
        }
    }
}
