import Testing

@testable import TemperAHAP

@Suite("Sampler")
struct AHAPSamplerTests {
    private func continuous(
        at time: Double = 0,
        duration: Double = 1,
        intensity: Double = 1,
        sharpness: Double = 0.5,
        extra: [AHAPEventParameter] = []
    ) -> AHAPItem {
        .event(
            AHAPEvent(
                type: .hapticContinuous,
                time: time,
                duration: duration,
                parameters: [.init(id: .hapticIntensity, value: intensity), .init(id: .hapticSharpness, value: sharpness)] + extra
            )
        )
    }

    @Test func curveInterpolatesLinearlyAndHoldsItsLastValue() {
        let curve = AHAPParameterCurve(
            id: .hapticIntensityControl,
            time: 0.2,
            controlPoints: [
                .init(time: 0, value: 1), .init(time: 0.2, value: 0.5), .init(time: 0.4, value: 0),
            ]
        )
        let sampler = AHAPSampler(pattern: AHAPPattern(items: [continuous(duration: 2), .curve(curve)]))
        #expect(sampler.hapticValues(eventIndex: 0, at: 0.1).intensity == 1)  // before the curve: neutral 1
        #expect(abs(sampler.hapticValues(eventIndex: 0, at: 0.3).intensity - 0.75) < 1e-9)
        #expect(abs(sampler.hapticValues(eventIndex: 0, at: 0.5).intensity - 0.25) < 1e-9)
        #expect(sampler.hapticValues(eventIndex: 0, at: 1.5).intensity == 0)  // held after the last point
    }

    @Test func laterParameterOverridesARunningCurve() {
        let curve = AHAPParameterCurve(
            id: .hapticIntensityControl,
            time: 0,
            controlPoints: [
                .init(time: 0, value: 0), .init(time: 1, value: 1),
            ]
        )
        let parameter = AHAPDynamicParameter(id: .hapticIntensityControl, value: 0.2, time: 0.5)
        let sampler = AHAPSampler(pattern: AHAPPattern(items: [continuous(duration: 2), .curve(curve), .parameter(parameter)]))
        #expect(abs(sampler.hapticValues(eventIndex: 0, at: 0.25).intensity - 0.25) < 1e-9)
        #expect(abs(sampler.hapticValues(eventIndex: 0, at: 0.75).intensity - 0.2) < 1e-9)
        #expect(abs(sampler.hapticValues(eventIndex: 0, at: 1.9).intensity - 0.2) < 1e-9)
    }

    @Test func onePointCurveIsAConstant() {
        let curve = AHAPParameterCurve(id: .hapticIntensityControl, time: 0.1, controlPoints: [.init(time: 0, value: 0.3)])
        let sampler = AHAPSampler(pattern: AHAPPattern(items: [continuous(), .curve(curve)]))
        #expect(abs(sampler.hapticValues(eventIndex: 0, at: 0.5).intensity - 0.3) < 1e-9)
        #expect(abs(sampler.hapticValues(eventIndex: 0, at: 0.9).intensity - 0.3) < 1e-9)
    }

    @Test func dynamicParameterHoldsUntilTheNextOfItsID() {
        let items: [AHAPItem] = [
            continuous(duration: 3, intensity: 0.8, sharpness: 0.5),
            .parameter(.init(id: .hapticIntensityControl, value: 0.5, time: 1)),
            .parameter(.init(id: .hapticSharpnessControl, value: 0.3, time: 1)),
            .parameter(.init(id: .hapticIntensityControl, value: 0.25, time: 2)),
        ]
        let sampler = AHAPSampler(pattern: AHAPPattern(items: items))
        #expect(abs(sampler.hapticValues(eventIndex: 0, at: 0.5).intensity - 0.8) < 1e-9)
        #expect(abs(sampler.hapticValues(eventIndex: 0, at: 1.5).intensity - 0.4) < 1e-9)
        #expect(abs(sampler.hapticValues(eventIndex: 0, at: 1.5).sharpness - 0.8) < 1e-9)
        #expect(abs(sampler.hapticValues(eventIndex: 0, at: 2.5).intensity - 0.2) < 1e-9)
    }

    @Test func additiveControlsClampToTheRange() {
        let items: [AHAPItem] = [
            continuous(sharpness: 0.9),
            .parameter(.init(id: .hapticSharpnessControl, value: 0.5, time: 0)),
        ]
        let sampler = AHAPSampler(pattern: AHAPPattern(items: items))
        #expect(sampler.hapticValues(eventIndex: 0, at: 0.5).sharpness == 1)
    }

    @Test func volumeControlMultipliesAudio() {
        let items: [AHAPItem] = [
            .event(AHAPEvent(type: .audioContinuous, time: 0, duration: 1, parameters: [.init(id: .audioVolume, value: 0.8)])),
            .parameter(.init(id: .audioVolumeControl, value: 0.5, time: 0)),
        ]
        let sampler = AHAPSampler(pattern: AHAPPattern(items: items))
        #expect(abs(sampler.audioVolume(eventIndex: 0, at: 0.5) - 0.4) < 1e-9)
        #expect(sampler.audioVolume(eventIndex: 0, at: 1.5) == 0)
        #expect(sampler.hapticValues(eventIndex: 0, at: 0.5).intensity == 0)
    }

    @Test func sustainedEnvelopeRisesHoldsAndReleasesBeforeTheEnd() {
        let sampler = AHAPSampler(
            pattern: AHAPPattern(items: [
                continuous(
                    duration: 1,
                    extra: [
                        .init(id: .attackTime, value: 0.2), .init(id: .releaseTime, value: 0.4),
                    ]
                )
            ])
        )
        #expect(abs(sampler.hapticValues(eventIndex: 0, at: 0.1).intensity - 0.5) < 1e-9)
        #expect(sampler.hapticValues(eventIndex: 0, at: 0.5).intensity == 1)
        #expect(abs(sampler.hapticValues(eventIndex: 0, at: 0.8).intensity - 0.5) < 1e-9)
        #expect(sampler.hapticValues(eventIndex: 0, at: 1.0).intensity == 0)  // the end is honoured
        #expect(sampler.span(eventIndex: 0).end == 1)
    }

    @Test func unsustainedEnvelopeDecaysToZero() {
        let sampler = AHAPSampler(
            pattern: AHAPPattern(items: [
                continuous(
                    duration: 1,
                    extra: [
                        .init(id: .attackTime, value: 0.1), .init(id: .decayTime, value: 0.2), .init(id: .sustained, value: 0),
                    ]
                )
            ])
        )
        #expect(sampler.hapticValues(eventIndex: 0, at: 0.1).intensity == 1)
        #expect(abs(sampler.hapticValues(eventIndex: 0, at: 0.2).intensity - 0.5) < 1e-9)
        #expect(sampler.hapticValues(eventIndex: 0, at: 0.5).intensity == 0)
    }

    @Test func attackTimeControlAddsToTheEnvelope() {
        let sampler = AHAPSampler(
            pattern: AHAPPattern(items: [
                continuous(duration: 2),
                .parameter(.init(id: .hapticAttackTimeControl, value: 0.5, time: 0)),
            ])
        )
        #expect(abs(sampler.hapticValues(eventIndex: 0, at: 0.25).intensity - 0.5) < 1e-9)
    }

    @Test func transientHasAFixedShortSpan() {
        let event = AHAPEvent(type: .hapticTransient, time: 0.5, parameters: [.init(id: .hapticIntensity, value: 0.7)])
        let sampler = AHAPSampler(pattern: AHAPPattern(items: [.event(event)]))
        #expect(abs(sampler.span(eventIndex: 0).end - 0.5 - AHAPSampler.transientSeconds) < 1e-12)
        #expect(abs(sampler.hapticValues(eventIndex: 0, at: 0.51).intensity - 0.7) < 1e-9)
        #expect(sampler.hapticValues(eventIndex: 0, at: 0.49).intensity == 0)
        #expect(sampler.hapticValues(eventIndex: 0, at: 0.53).intensity == 0)
        #expect(sampler.duration == 0.5)
        #expect(abs(sampler.playbackEnd - 0.52) < 1e-12)
    }

    @Test func timelineKeepsATransientShorterThanTheStep() {
        let event = AHAPEvent(type: .hapticTransient, time: 0.26, parameters: [.init(id: .hapticIntensity, value: 0.7)])
        let samples = AHAPSampler(pattern: AHAPPattern(items: [.event(event)])).timeline(step: 0.1)
        #expect(samples.count == 4)
        #expect(samples.map(\.intensity) == [0, 0, 0, 0.7])
    }

    @Test func timelineTakesTheStrongestEvent() {
        let items: [AHAPItem] = [
            continuous(duration: 1, intensity: 0.3, sharpness: 0.1),
            continuous(at: 0.5, duration: 0.5, intensity: 0.9, sharpness: 0.8),
        ]
        let samples = AHAPSampler(pattern: AHAPPattern(items: items)).timeline(step: 0.25)
        #expect(samples.map(\.intensity) == [0.3, 0.3, 0.9, 0.9, 0])
        #expect(samples.map(\.sharpness) == [0.1, 0.1, 0.8, 0.8, 0])
    }

    @Test func durationFollowsEventsParametersAndCurves() {
        let items: [AHAPItem] = [
            continuous(at: 0.5, duration: 1),
            .parameter(.init(id: .hapticIntensityControl, value: 1, time: 1.7)),
            .curve(.init(id: .hapticSharpnessControl, time: 1, controlPoints: [.init(time: 0, value: 0), .init(time: 0.9, value: 0)])),
        ]
        #expect(abs(AHAPSampler(pattern: AHAPPattern(items: items)).duration - 1.9) < 1e-12)
        #expect(AHAPSampler(pattern: AHAPPattern()).duration == 0)
        #expect(AHAPSampler(pattern: AHAPPattern()).timeline(step: 0.01).count == 1)
    }

    @Test func customAudioLastsItsWaveformOrTheFallback() {
        let event = AHAPEvent(type: .audioCustom, time: 0, waveformPath: "a.wav")
        let pattern = AHAPPattern(items: [.event(event)])
        #expect(AHAPSampler(pattern: pattern).span(eventIndex: 0).end == AHAPSampler.fallbackCustomAudioSeconds)
        #expect(AHAPSampler(pattern: pattern, waveformDurations: [0: 0.25]).span(eventIndex: 0).end == 0.25)
        var cut = event
        cut.duration = 0.1
        #expect(AHAPSampler(pattern: AHAPPattern(items: [.event(cut)]), waveformDurations: [0: 0.25]).span(eventIndex: 0).end == 0.1)
    }

    @Test func timelineStaysBoundedForHostilePatterns() {
        let far = AHAPSampler(pattern: AHAPPattern(items: [continuous(at: 1e9, duration: 1)]))
        #expect(far.timeline(step: 0.001).count <= AHAPSampler.maximumTimelineSamples)
        let crowd = AHAPSampler(pattern: AHAPPattern(items: Array(repeating: continuous(duration: 30), count: 2000)))
        let samples = crowd.timeline(step: 0.0001, maximumVisits: 100_000)
        // 2000 events of 30 s would need 600 million visits at this step; the budget coarsens it to 50 visits each.
        #expect(samples.count < 100)
        #expect(samples.first?.intensity == 1)
    }
}
