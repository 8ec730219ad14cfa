import TemperAHAP
import TemperPatterns

/// What lowering AHAP's events needs besides the events: their sampler, and when the pattern's controls change.
struct AHAPControls {
    let events: [AHAPEvent]
    let sampler: AHAPSampler
    /// The earliest time any dynamic parameter or curve can change haptic (or audio) values; events that end
    /// before it, and have no envelope, play at one constant value and need only one sample.
    let earliestHapticControl: Double
    let earliestAudioControl: Double
    /// When a haptic (or audio) control does something the sampling grid would smear: a `Parameter` item, a
    /// step in a curve (two points at one time) or a curve point within one grid step of the next. An event is
    /// sampled piece by piece between them, as a timeline is between its breakpoints, so a short step, raise or
    /// ramp is priced where it is; slower curves are resolved by the grid alone.
    let hapticControlTimes: [Double]
    let audioControlTimes: [Double]

    static let hapticControls: Set<AHAPDynamicParameterID> = [
        .hapticIntensityControl, .hapticSharpnessControl, .hapticAttackTimeControl, .hapticDecayTimeControl, .hapticReleaseTimeControl,
    ]
    static let envelopeParameters: Set<AHAPEventParameterID> = [.attackTime, .decayTime, .releaseTime, .sustained]

    init(pattern timeline: PatternTimeline, sampleStep: Double) {
        // The sampler reads the items alone; the metadata would only be copied.
        let pattern = AHAPPattern(items: timeline.items)
        events = pattern.events
        sampler = AHAPSampler(pattern: pattern, waveformDurations: timeline.waveformDurations)
        var haptic = Double.infinity
        var audio = Double.infinity
        var hapticTimes: Set<Double> = []
        var audioTimes: Set<Double> = []
        for item in pattern.items {
            let (id, time): (AHAPDynamicParameterID, Double)
            var times: [Double]
            switch item {
            case .event: continue
            case .parameter(let parameter):
                (id, time) = (parameter.id, parameter.time)
                times = [parameter.time]
            case .curve(let curve):
                (id, time) = (curve.id, curve.time)
                let points = curve.controlPoints.map { curve.time + $0.time }
                times = points.indices.filter { index in
                    (index > 0 && points[index] - points[index - 1] < sampleStep)
                        || (index + 1 < points.count && points[index + 1] - points[index] < sampleStep)
                }.map { points[$0] }
            }
            times = times.filter(\.isFinite)
            if Self.hapticControls.contains(id) {
                haptic = min(haptic, time)
                hapticTimes.formUnion(times)
            } else {
                audio = min(audio, time)
                audioTimes.formUnion(times)
            }
        }
        earliestHapticControl = haptic
        earliestAudioControl = audio
        hapticControlTimes = hapticTimes.sorted()
        audioControlTimes = audioTimes.sorted()
    }

    func hasEnvelope(_ event: AHAPEvent) -> Bool {
        event.parameters.contains { Self.envelopeParameters.contains($0.id) }
    }
}

extension PatternCosting {
    /// AHAP's events: each sampled with `AHAPSampler` (event values, dynamic parameters, curves, envelopes); a
    /// transient is a click, a continuous event drive at its sharpness's frequency, an audio event a sound for as
    /// long as the sampler says it plays. Returns the items, numbered from 0.
    mutating func lowerEvents(_ controls: AHAPControls) -> [(type: String, timeSeconds: Double)] {
        let events = controls.events
        for (index, event) in events.enumerated() where event.time.isFinite && event.time >= 0 {
            switch event.type {
            case .hapticTransient:
                let values = controls.sampler.hapticValues(eventIndex: index, at: event.time)
                addClick(index, at: event.time, intensity: values.intensity, hertz: haptics.driveHertz(sharpness: values.sharpness))
            case .hapticContinuous:
                let duration = max(0, event.duration ?? 0)
                guard duration > 0, duration.isFinite else { continue }
                let end = event.time + duration
                let varying = controls.hasEnvelope(event) || controls.earliestHapticControl < end
                let steps = steps(from: event.time, to: end, varying: varying, cuts: controls.hapticControlTimes)
                let haptics = haptics
                addDrive(index, steps) { time in
                    let values = controls.sampler.hapticValues(eventIndex: index, at: time)
                    return (values.intensity, haptics.driveHertz(sharpness: values.sharpness))
                }
                activityEnd = max(activityEnd, end)
            case .audioContinuous, .audioCustom:
                // The sampler knows how long a custom waveform plays (its WAV length, cut or looped to its duration).
                let (start, end) = controls.sampler.span(eventIndex: index)
                guard end - start > 0, (end - start).isFinite else { continue }
                let varying = controls.hasEnvelope(event) || controls.earliestAudioControl < end
                let steps = steps(from: start, to: end, varying: varying, cuts: controls.audioControlTimes)
                addSound(index, steps) { controls.sampler.audioVolume(eventIndex: index, at: $0) }
                activityEnd = max(activityEnd, end)
            }
        }
        return events.map { ($0.type.rawValue, $0.time) }
    }
}
