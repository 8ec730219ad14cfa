import TemperAHAP

/// The AHAP front end of the energy model (see ``EnergyEstimator``): samples each event with `AHAPSampler` into
/// pieces of drive and hands them to the ``ActuatorMix`` every format shares.
struct PatternCosting {
    let events: [AHAPEvent]
    let sampler: AHAPSampler
    /// The earliest time any dynamic parameter or curve can change haptic (or audio) values; events that end
    /// before it, and have no envelope, play at one constant value and need only one sample.
    let earliestHapticControl: Double
    let earliestAudioControl: Double
    /// When a haptic (or audio) control changes or bends, in order: curve control points and `Parameter` items.
    /// An event is sampled piece by piece between them, as a timeline is between its breakpoints, so a short
    /// step or a sharp corner is priced where it is, not smeared over one sample of the event's grid.
    let hapticControlTimes: [Double]
    let audioControlTimes: [Double]
    var mix: ActuatorMix
    var activityEnd = 0.0

    init(estimator: EnergyEstimator, pattern: AHAPPattern, waveforms: [Int: AHAPWaveform]) {
        self.events = pattern.events
        var waveformSeconds: [Int: Double] = [:]
        for (index, waveform) in waveforms { if let seconds = waveform.durationSeconds { waveformSeconds[index] = seconds } }
        self.sampler = AHAPSampler(pattern: pattern, waveformDurations: waveformSeconds)
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
                times = curve.controlPoints.map { curve.time + $0.time }
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
        mix = ActuatorMix(estimator: estimator, itemCount: events.count)
    }

    static let hapticControls: Set<AHAPDynamicParameterID> = [
        .hapticIntensityControl, .hapticSharpnessControl, .hapticAttackTimeControl, .hapticDecayTimeControl, .hapticReleaseTimeControl,
    ]
    static let envelopeParameters: Set<AHAPEventParameterID> = [.attackTime, .decayTime, .releaseTime, .sustained]

    var haptics: HapticActuatorFigures { mix.haptics }

    mutating func run() -> EnergyEstimate {
        lower().estimate()
    }

    /// The pattern's voices, not yet mixed: what the playback ledger mixes with other requests.
    mutating func lower() -> PlaybackSignal {
        for (index, event) in events.enumerated() where event.time.isFinite && event.time >= 0 {
            switch event.type {
            case .hapticTransient: costTransient(index, event)
            case .hapticContinuous: costContinuous(index, event)
            case .audioContinuous, .audioCustom: costAudio(index, event)
            }
        }
        let duration = events.isEmpty ? 0 : max(sampler.duration, activityEnd)
        return PlaybackSignal(mix: mix, items: events.map { ($0.type.rawValue, $0.time) }, durationSeconds: duration)
    }

    private mutating func costTransient(_ index: Int, _ event: AHAPEvent) {
        let values = sampler.hapticValues(eventIndex: index, at: event.time)
        let click = haptics.clickSeconds
        let drive = haptics.drive(
            intensity: values.intensity,
            sharpness: values.sharpness,
            fullScaleMilliwatts: haptics.clickEnergyMillijoules / click
        )
        mix.addHapticVoice(index, from: event.time, to: event.time + click, drive, isContinuous: false)
        activityEnd = max(activityEnd, event.time + click)
    }

    private mutating func costContinuous(_ index: Int, _ event: AHAPEvent) {
        let duration = max(0, event.duration ?? 0)
        guard duration > 0, duration.isFinite else { return }
        let end = event.time + duration
        let varying = hasEnvelope(event) || earliestHapticControl < end
        for step in steps(from: event.time, to: end, varying: varying, controls: hapticControlTimes) {
            let values = sampler.hapticValues(eventIndex: index, at: step.time)
            let drive = haptics.drive(
                intensity: values.intensity,
                sharpness: values.sharpness,
                fullScaleMilliwatts: haptics.continuousMilliwatts
            )
            mix.addHapticVoice(index, from: step.start, to: step.end, drive, isContinuous: true)
        }
        activityEnd = max(activityEnd, end)
    }

    private mutating func costAudio(_ index: Int, _ event: AHAPEvent) {
        // The sampler knows how long a custom waveform plays (its WAV length, cut or looped to its duration).
        let (start, end) = sampler.span(eventIndex: index)
        let length = end - start
        guard length > 0, length.isFinite else { return }
        let varying = hasEnvelope(event) || earliestAudioControl < end
        for step in steps(from: start, to: end, varying: varying, controls: audioControlTimes) {
            let volume = sampler.audioVolume(eventIndex: index, at: step.time)
            let power = mix.audio.soundMilliwatts(volume: volume, spatial: mix.options.spatialAudio)
            mix.addAudioVoice(index, from: step.start, to: step.end, milliwatts: power)
        }
        activityEnd = max(activityEnd, end)
    }

    /// The sample steps from `start` to `end`, cut at every control time inside, each piece on the mix's grid.
    private func steps(
        from start: Double,
        to end: Double,
        varying: Bool,
        controls: [Double]
    ) -> [(start: Double, end: Double, time: Double)] {
        guard varying else { return mix.sampleSteps(from: start, length: end - start, varying: false) }
        var low = 0
        var high = controls.count
        while low < high {
            let middle = (low + high) / 2
            if controls[middle] <= start { low = middle + 1 } else { high = middle }
        }
        var cuts = [start]
        while low < controls.count, controls[low] < end {
            cuts.append(controls[low])
            low += 1
        }
        cuts.append(end)
        return zip(cuts, cuts.dropFirst()).flatMap { TimelineCosting.steps(mix, from: $0, length: $1 - $0, varying: true) }
    }

    private func hasEnvelope(_ event: AHAPEvent) -> Bool {
        event.parameters.contains { Self.envelopeParameters.contains($0.id) }
    }
}
