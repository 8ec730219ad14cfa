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
    /// Each event's driver clipping: how long, and the lowest fraction of its requested strength that plays.
    var clippedSeconds: [Double]
    var playedFraction: [Double]
    /// The pattern's clipping, over what the actuator actually plays.
    var patternClippedSeconds = 0.0
    var patternPlayedFraction = 1.0
    /// When the actuator plays clipped, as spans merged where they touch.
    var clippedSpans: [ClippedSpan] = []
    var hapticVoices: [VoiceMixer.Voice] = []
    var audioVoices: [VoiceMixer.Voice] = []
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
        clippedSeconds = Array(repeating: 0, count: events.count)
        playedFraction = Array(repeating: 1, count: events.count)
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
        mixHaptics()
        mixAudio()
        let eventEnergies = events.enumerated().map { index, event in
            EventEnergy(
                index: index, type: event.type.rawValue, timeSeconds: event.time,
                energyMillijoules: ownMillijoules[index] + sharedMillijoules[index], overheadMillijoules: sharedMillijoules[index],
                clippedSeconds: clippedSeconds[index], playedFraction: playedFraction[index]
            )
        }
        let duration = events.isEmpty ? 0 : max(sampler.duration, activityEnd)
        return estimator.finish(
            timeline: timeline, breakdown: breakdown, events: eventEnergies, durationSeconds: duration,
            clipping: (patternClippedSeconds, patternPlayedFraction, clippedSpans)
        )
    }

    // MARK: Events

    private mutating func costTransient(_ index: Int, _ event: AHAPEvent) {
        let values = sampler.hapticValues(eventIndex: index, at: event.time)
        let click = haptics.clickSeconds
        let drive = haptics.drive(intensity: values.intensity, sharpness: values.sharpness, fullScaleMilliwatts: haptics.clickEnergyMillijoules / click)
        addHapticVoice(index, from: event.time, to: event.time + click, drive, isContinuous: false)
        activityEnd = max(activityEnd, event.time + click)
    }

    private mutating func costContinuous(_ index: Int, _ event: AHAPEvent) {
        let duration = max(0, event.duration ?? 0)
        guard duration > 0, duration.isFinite else { return }
        let end = event.time + duration
        let varying = hasEnvelope(event) || earliestHapticControl < end
        for step in sampleSteps(from: event.time, length: duration, varying: varying) {
            let values = sampler.hapticValues(eventIndex: index, at: step.time)
            let drive = haptics.drive(intensity: values.intensity, sharpness: values.sharpness, fullScaleMilliwatts: haptics.continuousMilliwatts)
            addHapticVoice(index, from: step.start, to: step.end, drive, isContinuous: true)
        }
        activityEnd = max(activityEnd, end)
    }

    private mutating func addHapticVoice(_ index: Int, from start: Double, to end: Double, _ drive: HapticDrive, isContinuous: Bool) {
        if drive.playedFraction < 1, drive.milliwatts > 0 {
            clippedSeconds[index] += end - start
            playedFraction[index] = min(playedFraction[index], drive.playedFraction)
        }
        hapticVoices.append(.init(
            start: start, end: end, milliwatts: drive.milliwatts, eventIndex: index, playedFraction: drive.playedFraction,
            limitMilliwatts: drive.limitMilliwatts, isContinuous: isContinuous
        ))
    }

    private mutating func costAudio(_ index: Int, _ event: AHAPEvent) {
        // The sampler knows how long a custom waveform plays (its WAV length, cut or looped to its duration).
        let (start, end) = sampler.span(eventIndex: index)
        let length = end - start
        guard length > 0, length.isFinite else { return }
        let varying = hasEnvelope(event) || earliestAudioControl < end
        for step in sampleSteps(from: start, length: length, varying: varying) {
            let volume = sampler.audioVolume(eventIndex: index, at: step.time)
            let power = audio.playingMilliwatts(volume: volume, spatial: options.spatialAudio)
            audioVoices.append(.init(start: step.start, end: step.end, milliwatts: power, eventIndex: index))
        }
        activityEnd = max(activityEnd, end)
    }

    // MARK: Mixing

    /// The actuator plays the mix of its voices; continuous drive that starts from rest is overdriven for half the
    /// rise time and braked for half the fall time when it stops; the driver's states fill the rest.
    private mutating func mixHaptics() {
        let segments = VoiceMixer.mix(hapticVoices)
        var busy: [HapticDriverSchedule.Busy] = []
        let runs = VoiceMixer.runs(segments)
        for (number, run) in runs.enumerated() {
            var played: [Int] = []
            for segment in segments[run] {
                let voice = hapticVoices[segment.voice]
                let length = segment.end - segment.start
                timeline.add(from: segment.start, to: segment.end, milliwatts: voice.milliwatts)
                record(voice.eventIndex, voice.milliwatts * length, into: voice.isContinuous ? \.continuousMillijoules : \.transientsMillijoules)
                if voice.playedFraction < 1 {
                    patternClippedSeconds += length
                    patternPlayedFraction = min(patternPlayedFraction, voice.playedFraction)
                    if let last = clippedSpans.last, segment.start <= last.endSeconds {
                        clippedSpans[clippedSpans.count - 1].endSeconds = max(last.endSeconds, segment.end)
                    } else {
                        clippedSpans.append(ClippedSpan(startSeconds: segment.start, endSeconds: segment.end))
                    }
                }
                if played.last != voice.eventIndex { played.append(voice.eventIndex) }
            }
            let first = segments[run.lowerBound]
            let last = segments[run.upperBound - 1]
            let opening = hapticVoices[first.voice]
            if opening.isContinuous {
                // Overdrive: about half the starting power over the rise, within what the driver has left at
                // each moment of it.
                let riseEnd = first.start + haptics.riseSeconds
                for segment in segments[run] where segment.start < riseEnd {
                    let voice = hapticVoices[segment.voice]
                    let extra = max(0, min(0.5 * opening.milliwatts, voice.limitMilliwatts - voice.milliwatts))
                    let end = min(segment.end, riseEnd)
                    timeline.add(from: segment.start, to: end, milliwatts: extra)
                    record(opening.eventIndex, extra * (end - segment.start), into: \.continuousMillijoules)
                }
            }
            var end = last.end
            let closing = hapticVoices[last.voice]
            if closing.isContinuous {
                // Braking: about half the power over the fall, cut short by the next effect.
                let next = number + 1 < runs.count ? segments[runs[number + 1].lowerBound].start : Double.infinity
                let window = min(haptics.fallSeconds, next - last.end)
                let brake = 0.5 * closing.milliwatts
                timeline.add(from: last.end, to: last.end + window, milliwatts: brake)
                record(closing.eventIndex, brake * window, into: \.continuousMillijoules)
                end += window
            }
            busy.append(.init(start: first.start, end: end, eventIndices: played))
        }
        let schedule = HapticDriverSchedule(busy: busy, driver: haptics.driver)
        for piece in schedule.pieces { timeline.add(from: piece.start, to: piece.end, milliwatts: piece.milliwatts) }
        for burst in schedule.bursts { share(burst.millijoules, among: burst.eventIndices, into: \.overheadMillijoules) }
    }

    /// One audio path: it plays the mix of its sounds, then idles the amplifier through short gaps and the
    /// standby tail after the last one.
    private mutating func mixAudio() {
        let segments = VoiceMixer.mix(audioVoices)
        var spans: [BurstGrouping.Span] = []
        for segment in segments {
            let voice = audioVoices[segment.voice]
            timeline.add(from: segment.start, to: segment.end, milliwatts: voice.milliwatts)
            record(voice.eventIndex, voice.milliwatts * (segment.end - segment.start), into: \.audioMillijoules)
            spans.append(.init(start: segment.start, end: segment.end, eventIndex: voice.eventIndex))
        }
        for burst in BurstGrouping.bursts(of: spans, gap: audio.standbyTailSeconds) {
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

    private mutating func share(_ millijoules: Double, among all: [Int], into kind: WritableKeyPath<EnergyBreakdown, Double>) {
        var seen = Set<Int>()
        let indices = all.filter { seen.insert($0).inserted }
        guard !indices.isEmpty, millijoules > 0 else { return }
        breakdown[keyPath: kind] += millijoules
        let each = millijoules / Double(indices.count)
        for index in indices { sharedMillijoules[index] += each }
    }

    private func hasEnvelope(_ event: AHAPEvent) -> Bool {
        event.parameters.contains { Self.envelopeParameters.contains($0.id) }
    }

    /// Equal steps across `length`, each with its midpoint to sample at: one when nothing changes, else one
    /// every `sampleStep` up to `maxSamplesPerEvent`. Neighbouring steps share their boundary exactly, so the
    /// mixer sees one unbroken drive rather than slivers of silence between samples.
    private func sampleSteps(from start: Double, length: Double, varying: Bool) -> [(start: Double, end: Double, time: Double)] {
        let count: Int
        if varying {
            let wanted = (length / max(options.sampleStep, 1e-6)).rounded(.up)
            count = Int(min(max(wanted, 2), Double(max(options.maxSamplesPerEvent, 2))))
        } else {
            count = 1
        }
        let step = length / Double(count)
        let bounds = (0...count).map { $0 == count ? start + length : start + Double($0) * step }
        return (0..<count).map { (bounds[$0], bounds[$0 + 1], start + (Double($0) + 0.5) * step) }
    }
}
