import TemperAHAP

/// One run of the energy model over one pattern (see ``EnergyEstimator``).
struct PatternCosting {
    let estimator: EnergyEstimator
    let events: [AHAPEvent]
    let waveforms: [Int: AHAPWaveform]
    let sampler: AHAPSampler
    /// The earliest time any dynamic parameter or curve can change haptic (or audio) values; events that end
    /// before it, and have no envelope, play at one constant value and need only one sample.
    let earliestHapticControl: Double
    let earliestAudioControl: Double

    var timeline = PowerTimeline()
    var breakdown = EnergyBreakdown()
    /// Each event's own energy, then its share of the burst overhead and tails.
    var ownMillijoules: [Double]
    var sharedMillijoules: [Double]
    var hapticSpans: [BurstGrouping.Span] = []
    var audioSpans: [BurstGrouping.Span] = []
    var activityEnd = 0.0

    init(estimator: EnergyEstimator, pattern: AHAPPattern, waveforms: [Int: AHAPWaveform]) {
        self.estimator = estimator
        self.events = pattern.events
        self.waveforms = waveforms
        var waveformSeconds: [Int: Double] = [:]
        for (index, waveform) in waveforms { if let seconds = waveform.durationSeconds { waveformSeconds[index] = seconds } }
        self.sampler = AHAPSampler(pattern: pattern, waveformDurations: waveformSeconds)
        var haptic = Double.infinity
        var audio = Double.infinity
        for item in pattern.items {
            let (id, time): (AHAPDynamicParameterID, Double)
            switch item {
            case .event: continue
            case .parameter(let parameter): (id, time) = (parameter.id, parameter.time)
            case .curve(let curve): (id, time) = (curve.id, curve.time)
            }
            if Self.hapticControls.contains(id) { haptic = min(haptic, time) } else { audio = min(audio, time) }
        }
        earliestHapticControl = haptic
        earliestAudioControl = audio
        timeline.isRecording = estimator.options.tracksPower
        ownMillijoules = Array(repeating: 0, count: events.count)
        sharedMillijoules = Array(repeating: 0, count: events.count)
    }

    static let hapticControls: Set<AHAPDynamicParameterID> = [
        .hapticIntensityControl, .hapticSharpnessControl, .hapticAttackTimeControl, .hapticDecayTimeControl, .hapticReleaseTimeControl,
    ]
    static let envelopeParameters: Set<AHAPEventParameterID> = [.attackTime, .decayTime, .releaseTime, .sustained]

    var haptics: HapticActuatorFigures { estimator.profile.haptics }
    var audio: AudioFigures { estimator.profile.audio }
    var options: EnergyEstimator.Options { estimator.options }

    mutating func run() -> EnergyEstimate {
        for (index, event) in events.enumerated() where event.time.isFinite && event.time >= 0 {
            switch event.type {
            case .hapticTransient: costTransient(index, event)
            case .hapticContinuous: costContinuous(index, event)
            case .audioContinuous, .audioCustom: costAudio(index, event)
            }
        }
        costHapticBursts()
        costAudioBursts()
        let eventEnergies = events.enumerated().map { index, event in
            EventEnergy(
                index: index, type: event.type.rawValue, timeSeconds: event.time,
                energyMillijoules: ownMillijoules[index] + sharedMillijoules[index], overheadMillijoules: sharedMillijoules[index]
            )
        }
        let duration = events.isEmpty ? 0 : max(sampler.duration, activityEnd)
        return estimator.finish(timeline: timeline, breakdown: breakdown, events: eventEnergies, durationSeconds: duration)
    }

    // MARK: Events

    private mutating func costTransient(_ index: Int, _ event: AHAPEvent) {
        let values = sampler.hapticValues(eventIndex: index, at: event.time)
        let energy = haptics.transientMillijoules(intensity: values.intensity, sharpness: values.sharpness)
        timeline.add(millijoules: energy, at: event.time, over: haptics.clickSeconds)
        record(index, energy, into: \.transientsMillijoules)
        let end = event.time + haptics.clickSeconds
        hapticSpans.append(.init(start: event.time, end: end, eventIndex: index))
        activityEnd = max(activityEnd, end)
    }

    private mutating func costContinuous(_ index: Int, _ event: AHAPEvent) {
        let duration = max(0, event.duration ?? 0)
        guard duration > 0, duration.isFinite else { return }
        let span = duration
        let end = event.time + span
        let varying = hasEnvelope(event) || earliestHapticControl < end
        let samples = sampleTimes(from: event.time, length: span, varying: varying)
        var energy = 0.0
        var first = 0.0
        var last = 0.0
        for (position, time) in samples.times.enumerated() {
            let values = sampler.hapticValues(eventIndex: index, at: time)
            let power = haptics.continuousMilliwatts(intensity: values.intensity, sharpness: values.sharpness)
            if position == 0 { first = power }
            last = power
            energy += power * samples.step
            timeline.add(from: time - samples.step / 2, to: time + samples.step / 2, milliwatts: power)
        }
        // The driver overdrives the mass up to amplitude and brakes it back down: about half the power over
        // the rise and fall times.
        let rise = 0.5 * first * haptics.riseSeconds
        let fall = 0.5 * last * haptics.fallSeconds
        timeline.add(millijoules: rise, at: event.time, over: haptics.riseSeconds)
        timeline.add(millijoules: fall, at: end, over: haptics.fallSeconds)
        record(index, energy + rise + fall, into: \.continuousMillijoules)
        hapticSpans.append(.init(start: event.time, end: end + haptics.fallSeconds, eventIndex: index))
        activityEnd = max(activityEnd, event.time + duration)
    }

    private mutating func costAudio(_ index: Int, _ event: AHAPEvent) {
        // The sampler knows how long a custom waveform plays (its WAV length, cut or looped to its duration).
        let (start, end) = sampler.span(eventIndex: index)
        let length = end - start
        guard length > 0, length.isFinite else { return }
        let varying = hasEnvelope(event) || earliestAudioControl < end
        let samples = sampleTimes(from: start, length: length, varying: varying)
        var energy = 0.0
        for time in samples.times {
            let volume = sampler.audioVolume(eventIndex: index, at: time)
            let power = audio.playingMilliwatts(volume: volume, spatial: options.spatialAudio)
            energy += power * samples.step
            timeline.add(from: time - samples.step / 2, to: time + samples.step / 2, milliwatts: power)
        }
        record(index, energy, into: \.audioMillijoules)
        audioSpans.append(.init(start: start, end: end, eventIndex: index))
        activityEnd = max(activityEnd, end)
    }

    // MARK: Bursts

    /// The driver's own draw: active while a burst plays, idle through its gaps and the keep-alive after it.
    private mutating func costHapticBursts() {
        for burst in BurstGrouping.bursts(of: hapticSpans, gap: haptics.keepAliveSeconds) {
            let playing = haptics.driverActiveMilliwatts * burst.activeSeconds + haptics.driverIdleMilliwatts * burst.gapSeconds
            let keepAlive = haptics.driverIdleMilliwatts * haptics.keepAliveSeconds
            timeline.add(millijoules: playing, at: burst.start, over: burst.end - burst.start)
            timeline.add(millijoules: keepAlive, at: burst.end, over: haptics.keepAliveSeconds)
            share(playing + keepAlive, among: burst.eventIndices, into: \.overheadMillijoules)
        }
    }

    /// The amplifier idling through the gaps of an audio burst and the standby tail after it.
    private mutating func costAudioBursts() {
        for burst in BurstGrouping.bursts(of: audioSpans, gap: audio.standbyTailSeconds) {
            let gaps = audio.amplifierIdleMilliwatts * burst.gapSeconds
            let tail = audio.amplifierIdleMilliwatts * audio.standbyTailSeconds
            timeline.add(millijoules: gaps, at: burst.start, over: burst.end - burst.start)
            timeline.add(millijoules: tail, at: burst.end, over: audio.standbyTailSeconds)
            share(gaps + tail, among: burst.eventIndices, into: \.audioMillijoules)
        }
    }

    // MARK: Helpers

    private mutating func record(_ index: Int, _ millijoules: Double, into kind: WritableKeyPath<EnergyBreakdown, Double>) {
        breakdown[keyPath: kind] += millijoules
        ownMillijoules[index] += millijoules
    }

    private mutating func share(_ millijoules: Double, among indices: [Int], into kind: WritableKeyPath<EnergyBreakdown, Double>) {
        guard !indices.isEmpty, millijoules > 0 else { return }
        breakdown[keyPath: kind] += millijoules
        let each = millijoules / Double(indices.count)
        for index in indices { sharedMillijoules[index] += each }
    }

    private func hasEnvelope(_ event: AHAPEvent) -> Bool {
        event.parameters.contains { Self.envelopeParameters.contains($0.id) }
    }

    /// Midpoints of equal steps across `length`: one when nothing changes, else one every `sampleStep`
    /// up to `maxSamplesPerEvent`.
    private func sampleTimes(from start: Double, length: Double, varying: Bool) -> (times: [Double], step: Double) {
        let count: Int
        if varying {
            let wanted = (length / max(options.sampleStep, 1e-6)).rounded(.up)
            count = Int(min(max(wanted, 2), Double(max(options.maxSamplesPerEvent, 2))))
        } else {
            count = 1
        }
        let step = length / Double(count)
        return ((0..<count).map { start + (Double($0) + 0.5) * step }, step)
    }
}
