extension AHAPSampler {
    /// One event's fixed facts for sampling: its span, base values and envelope in seconds.
    struct EventShape: Sendable, Hashable {
        var type: AHAPEventType
        var start: Double
        var end: Double
        var baseIntensity: Double
        var baseSharpness: Double
        var baseVolume: Double
        var attackSeconds: Double
        var decaySeconds: Double
        var releaseSeconds: Double
        var sustained: Bool
        var usesEnvelope: Bool

        init(event: AHAPEvent, waveformSeconds: Double?, tracks: [AHAPControlTrack?]) {
            type = event.type
            start = event.time
            end = event.time + Self.length(of: event, waveformSeconds: waveformSeconds)
            baseIntensity = clampUnit(event.value(of: .hapticIntensity))
            baseSharpness = clampUnit(event.value(of: .hapticSharpness))
            baseVolume = clampUnit(event.value(of: .audioVolume))
            sustained = event.value(of: .sustained) >= 0.5
            switch event.type {
            case .hapticTransient:
                usesEnvelope = false
            case .hapticContinuous, .audioContinuous:
                usesEnvelope = true
            case .audioCustom:
                usesEnvelope = event.waveformUseVolumeEnvelope ?? true
            }
            let controls: (attack: AHAPDynamicParameterID, decay: AHAPDynamicParameterID, release: AHAPDynamicParameterID) =
                event.type.isHaptic
                ? (.hapticAttackTimeControl, .hapticDecayTimeControl, .hapticReleaseTimeControl)
                : (.audioAttackTimeControl, .audioDecayTimeControl, .audioReleaseTimeControl)
            let time = event.time
            func seconds(_ parameter: AHAPEventParameterID, _ control: AHAPDynamicParameterID) -> Double {
                let offset = tracks[control.trackIndex]?.value(at: time) ?? 0
                return clampUnit(event.value(of: parameter) + offset) * AHAPSampler.envelopeSecondsPerUnit
            }
            attackSeconds = seconds(.attackTime, controls.attack)
            decaySeconds = seconds(.decayTime, controls.decay)
            releaseSeconds = seconds(.releaseTime, controls.release)
        }

        /// How long the event plays, per the assumptions on ``AHAPSampler``.
        static func length(of event: AHAPEvent, waveformSeconds: Double?) -> Double {
            let written = event.duration.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            switch event.type {
            case .hapticTransient:
                return AHAPSampler.transientSeconds
            case .hapticContinuous, .audioContinuous:
                return written ?? 0
            case .audioCustom:
                let waveform = waveformSeconds.flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
                switch (waveform, written) {
                case let (waveform?, written?):
                    return event.waveformLoopEnabled == true ? written : min(waveform, written)
                case let (waveform?, nil): return waveform
                case let (nil, written?): return written
                case (nil, nil): return AHAPSampler.fallbackCustomAudioSeconds
                }
            }
        }

        /// The envelope level at `time`, which the caller has checked lies inside the span.
        func envelope(at time: Double) -> Double {
            guard usesEnvelope else { return 1 }
            let elapsed = time - start
            var level = 1.0
            if attackSeconds > 0 { level = min(level, elapsed / attackSeconds) }
            if !sustained {
                let afterAttack = elapsed - attackSeconds
                if afterAttack > 0 {
                    level = min(level, decaySeconds > 0 ? 1 - afterAttack / decaySeconds : 0)
                }
            }
            // The release ends at the event's end, so the written duration is honoured.
            if releaseSeconds > 0 { level = min(level, (end - time) / releaseSeconds) }
            return clampUnit(level)
        }
    }
}
