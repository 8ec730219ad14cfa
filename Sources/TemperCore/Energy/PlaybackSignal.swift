public import TemperAHAP
public import TemperPatterns

/// What one payload asks a device to play, lowered to pieces of constant drive and not yet mixed: the form every
/// format's front end produces, and what the ``PlaybackLedger`` mixes with what already plays.
///
/// Mixing is where overlapping feedback stops adding up: one actuator plays one signal and one audio path plays
/// one mix, so a request that plays under a stronger one, or inside another's driver or audio tail, costs less
/// than it does alone. Keeping the voices unmixed lets several requests, each at its own start time, be priced as
/// the one signal they make together.
public struct PlaybackSignal: Sendable {
    enum Content: Sendable {
        /// Voices from the device profile's front ends.
        case voices(ActuatorMix, items: [(type: String, timeSeconds: Double)], durationSeconds: Double)
        /// A model that cannot mix (a test's, say): a fixed price that adds to whatever else plays.
        case fixed(EnergyBreakdown)

        /// The haptic voices mixed per output (``PlaybackSignal/hapticMix(of:)``); none for a fixed price.
        var hapticMix: [(output: Int, voices: [VoiceMixer.Voice])] {
            guard case .voices(let mix, _, _) = self else { return [] }
            return PlaybackSignal.hapticMix(of: mix)
        }
    }

    /// The voices and their premixed form, in a box: a memo hands this signal out on every decision, and copying
    /// a box is one retain where copying the mix (its estimator, its profile, its arrays) is dozens.
    private final class Storage: Sendable {
        let content: Content
        let hapticMix: [(output: Int, voices: [VoiceMixer.Voice])]?

        init(content: Content, hapticMix: [(output: Int, voices: [VoiceMixer.Voice])]? = nil) {
            self.content = content
            self.hapticMix = hapticMix
        }
    }

    private var storage: Storage
    var content: Content { storage.content }
    /// How long after its start this payload can still change what another one costs: until its last vibration or
    /// sound stops, then the tail of the outputs it plays (the braking and the driver's steps down to off for
    /// haptics, the audio path's standby tail for sounds).
    public let influenceSeconds: Double
    /// When its first vibration starts and its last vibration and its last sound stop, from its start; `nil` for
    /// an output it does not play.
    let hapticsStartSeconds: Double?
    let hapticsEndSeconds: Double?
    let audioEndSeconds: Double?
    /// Its haptic voices mixed, per output in output order: what a ledger merges with what already plays. Made by
    /// ``premixed()`` for a signal priced again and again (the rewriter's memo keeps one); `nil` until then.
    var hapticMix: [(output: Int, voices: [VoiceMixer.Voice])]? { storage.hapticMix }
    /// How many pieces of constant drive it plays: what pricing it with others costs. Kept, as reading
    /// ``content`` copies the whole mix.
    let voiceCount: Int
    /// The actuator's figures and the audio path's standby tail it is priced with (`nil` for a fixed price):
    /// what a marginal price reads of its device, kept for the same reason.
    let hapticFigures: HapticActuatorFigures?
    let audioStandbyTailSeconds: Double

    init(mix: ActuatorMix, items: [(type: String, timeSeconds: Double)], durationSeconds: Double) {
        storage = Storage(content: .voices(mix, items: items, durationSeconds: durationSeconds))
        let tailSeconds = max(
            mix.hapticVoices.isEmpty ? 0 : mix.haptics.tailSeconds,
            mix.audioVoices.isEmpty ? 0 : mix.audio.standbyTailSeconds
        )
        hapticsStartSeconds = mix.hapticVoices.lazy.map(\.start).min()
        hapticsEndSeconds = mix.hapticVoices.lazy.map(\.end).max()
        audioEndSeconds = mix.audioVoices.lazy.map(\.end).max()
        influenceSeconds = durationSeconds + tailSeconds
        voiceCount = mix.hapticVoices.count + mix.audioVoices.count
        hapticFigures = mix.haptics
        audioStandbyTailSeconds = mix.audio.standbyTailSeconds
    }

    /// This signal with ``hapticMix`` made, once, for the ledger's prices to merge rather than mix again.
    func premixed() -> PlaybackSignal {
        guard hapticMix == nil, case .voices(let mix, _, _) = content else { return self }
        var copy = self
        copy.storage = Storage(content: content, hapticMix: Self.hapticMix(of: mix))
        return copy
    }

    /// `mix`'s haptic voices mixed, per output in output order.
    static func hapticMix(of mix: ActuatorMix) -> [(output: Int, voices: [VoiceMixer.Voice])] {
        let voices = mix.hapticVoices
        let outputs = Set(voices.map(\.output)).sorted()
        return outputs.map { output in
            let own = outputs.count == 1 ? voices : voices.filter { $0.output == output }
            return (output, VoiceMixer.mixedVoices(own))
        }
    }

    /// A payload priced by a model that cannot mix: it costs `breakdown` whatever else plays.
    public init(fixed breakdown: EnergyBreakdown) {
        storage = Storage(content: .fixed(breakdown))
        influenceSeconds = 0
        hapticsStartSeconds = nil
        hapticsEndSeconds = nil
        audioEndSeconds = nil
        voiceCount = 1
        hapticFigures = nil
        audioStandbyTailSeconds = 0
    }

    /// What this payload costs on its own, with its power over time: the estimate `temper score` shows.
    func estimate() -> EnergyEstimate {
        switch content {
        case .voices(var mix, let items, let duration):
            return mix.finish(items: items, durationSeconds: duration)
        case .fixed(let breakdown):
            return EnergyEstimate(energyMillijoules: breakdown.totalMillijoules, breakdown: breakdown)
        }
    }

}

extension EnergyBreakdown {
    /// Each kind's difference, `self` minus `other`.
    func subtracting(_ other: EnergyBreakdown) -> EnergyBreakdown {
        EnergyBreakdown(
            transientsMillijoules: transientsMillijoules - other.transientsMillijoules,
            continuousMillijoules: continuousMillijoules - other.continuousMillijoules,
            audioMillijoules: audioMillijoules - other.audioMillijoules,
            overheadMillijoules: overheadMillijoules - other.overheadMillijoules
        )
    }
}

/// The part of a joint mix a marginal price needs: on each output the new request plays, the stretch from a tail
/// before it starts to a tail after it stops (`nil` for an output it does not play). Two prices taken through the
/// same view differ exactly as the whole prices do when what differs between them lies inside it: nothing outside
/// can change a state inside.
struct MixView: Sendable {
    var haptics: Range<Double>?
    var audio: Range<Double>?
    /// Where the haptic view cuts a run of what already plays that goes on past the cut on both sides of a price.
    var hapticsContinued: Continuation?

    /// A run of one output's kept pieces that a view cuts at `from` (it played for at least the settling time
    /// before) or at `to` (it plays on after): the run has rung up fully, the driver is awake, and what it does
    /// beyond the cut is the same with the new request and without it. Priced, such a run is neither overdriven
    /// nor woken at `from`, nor braked nor stepped down at `to`, and its ring-up is whole.
    struct Continuation: Sendable {
        var output: Int
        var from: Double?
        var to: Double?
    }

    /// All of time.
    static let always = -Double.infinity..<Double.infinity
    static let everything = MixView(haptics: always, audio: always)

    /// `voice` moved by `offset` and cut to `span`; `nil` when none of it is inside.
    static func placed(_ voice: VoiceMixer.Voice, at offset: Double, in span: Range<Double>, numberedFrom base: Int) -> VoiceMixer.Voice? {
        var voice = voice
        (voice.start, voice.end) = (
            VoiceMixer.Placed.start(of: voice, at: offset, in: span), VoiceMixer.Placed.end(of: voice, at: offset, in: span)
        )
        guard voice.end > voice.start else { return nil }
        voice.eventIndex += base
        return voice
    }
}

extension ActuatorMix {
    /// Adds another payload's voices, not yet mixed, `offset` seconds later and numbered after this mix's items;
    /// only what `view` shows.
    mutating func append(_ other: ActuatorMix, at offset: Double, view: MixView = .everything) {
        let base = itemCount
        if let span = view.haptics {
            for voice in other.hapticVoices {
                if let placed = MixView.placed(voice, at: offset, in: span, numberedFrom: base) { hapticVoices.append(placed) }
            }
        }
        if let span = view.audio {
            for voice in other.audioVoices {
                if let placed = MixView.placed(voice, at: offset, in: span, numberedFrom: base) { audioVoices.append(placed) }
            }
        }
        appendItems(of: other)
    }
}

extension EnergyEstimator {
    /// What `kind` plays, lowered and not yet mixed: the one front end for every request kind. ``estimate(_:)-(SensoryRequest.Kind)``
    /// is this signal priced alone.
    public func signal(of kind: SensoryRequest.Kind) -> PlaybackSignal {
        switch kind {
        case .haptic(let haptic):
            signal(of: haptic.content)
        case .system(.impact(let style, let intensity)):
            signal(of: .ahap(SystemFeedbackPatterns.impact(style, intensity: intensity), waveforms: [:]))
        case .system(.selection):
            signal(of: .ahap(SystemFeedbackPatterns.selection(), waveforms: [:]))
        case .system(.notification(let style)):
            signal(of: .ahap(SystemFeedbackPatterns.notification(style), waveforms: [:]))
        case .audio(let cue):
            audioCueSignal(
                durationSeconds: cue.effectiveDurationSeconds,
                volume: cue.volume * Self.distanceGain(of: cue),
                spatial: cue.rendering == .spatial
            )
        case .visual:
            // Temper does not model rendering cost.
            signal(of: .ahap(AHAPPattern(), waveforms: [:]))
        }
    }

    /// A custom pattern in any format, lowered through the one front end.
    public func signal(of pattern: HapticPattern) -> PlaybackSignal {
        var costing = PatternCosting(estimator: self, pattern: pattern)
        return costing.lower()
    }

    /// A sound of `durationSeconds` at `volume` (0...1), spatial or 2D, as one `AudioContinuous` event.
    func audioCueSignal(durationSeconds: Double, volume: Double, spatial: Bool) -> PlaybackSignal {
        var options = self.options
        options.spatialAudio = spatial
        let volume = volume.isFinite ? min(max(volume, 0), 1) : 1
        let cue = AHAPPattern(items: [
            .event(
                AHAPEvent(
                    type: .audioContinuous,
                    time: 0,
                    duration: max(0, durationSeconds.isFinite ? durationSeconds : 0),
                    parameters: [AHAPEventParameter(id: .audioVolume, value: volume)]
                )
            )
        ])
        return EnergyEstimator(profile: profile, options: options).signal(of: .ahap(cue, waveforms: [:]))
    }

    /// This estimator without the power series and peak: what a price that needs only the total uses.
    var withoutPowerTracking: EnergyEstimator {
        guard options.tracksPower else { return self }
        var copy = self
        copy.options.tracksPower = false
        return copy
    }
}
