public import TemperAHAP

/// What a player may play under one condition: its values, the reasons, and what each part lowers to for
/// pricing.
struct PlayerClamp: Sendable {
    var values: PlayerValues
    var rules: [FiredRule]
    /// A looping player's loop body as it plays (the rules' rewrite of the pattern at the intensity control);
    /// `nil` when the haptics are silent or the player is continuous.
    var loopBody: SensoryRequest.Kind?
    /// The player's sound as it plays (rendering after the rules); `nil` when it is silent or there is none.
    var audio: AudioCue?
}

extension Rewriter {
    /// Clamps a player's asked parameters to the rules of `condition`: pure, the one home of a player's rules.
    ///
    /// A continuous player follows the haptics mode (`off`, `transientsOnly` and `simpleImpact` silence its
    /// haptics: they allow no continuous event; an exempt usage keeps them), a rumble cap (``HapticsMode/capRumble(maxSeconds:fadeSeconds:)``
    /// or ``FeedbackRules/rumbleCapSeconds``, counted from `capFrom`: the start, or when the cap came into force)
    /// and the intensity scale. A looping player's body is decided as a one-shot pattern by the rewriter. The
    /// sound follows the audio rules. Under `exemptOnly` a non-exempt player is silent.
    func clamp(_ request: PlayerRequest, asked: PlayerParameters, condition: Condition, exemptAllowed: Bool, capFrom: Double) -> PlayerClamp
    {
        let rules = rules(for: condition)
        let exempt = exemptAllowed && isExempt(request.usage)
        guard !rules.exemptOnly || exempt else {
            let rule = FiredRule(
                "exemptOnly",
                code: "player.exemptOnly",
                "only exempt usages play under \(condition); \(request.usage.rawValue) is not exempt, so the player is silent"
            )
            return PlayerClamp(values: .silent, rules: [rule], loopBody: nil, audio: nil)
        }
        var clamp = PlayerClamp(
            values: PlayerValues(intensity: asked.intensity, sharpness: asked.sharpness, volume: request.audio == nil ? 0 : asked.volume),
            rules: [],
            loopBody: nil,
            audio: nil
        )
        switch request.content {
        case .continuous:
            clampContinuous(&clamp, rules: rules, condition: condition, exempt: exempt, capFrom: capFrom)
        case .looping(let pattern, _):
            let body = SensoryRequest(id: request.id, usage: request.usage, kind: .haptic(pattern))
            let decision = decide(body, condition: condition, exemptAllowed: exemptAllowed)
            clamp.rules += decision.rules
            clamp.loopBody = decision.request.flatMap { Self.scaled($0.kind, by: asked.intensity) }
            if clamp.loopBody == nil { clamp.values.intensity = 0 }
        }
        if let cue = request.audio, clamp.values.volume > 0 {
            clampAudio(&clamp, cue: cue, rules: rules, condition: condition, exempt: exempt)
        }
        return clamp
    }

    private func clampContinuous(_ clamp: inout PlayerClamp, rules: FeedbackRules, condition: Condition, exempt: Bool, capFrom: Double) {
        guard clamp.values.intensity > 0 else { return }
        var capSeconds = rules.rumbleCapSeconds
        switch rules.haptics {
        case .full: break
        case .capRumble(let maxSeconds, _): capSeconds = min(capSeconds ?? maxSeconds, maxSeconds)
        case .off, .transientsOnly, .simpleImpact:
            guard !exempt else { break }
            clamp.values.intensity = 0
            clamp.rules.append(
                FiredRule(
                    "haptics",
                    code: "player.hapticsOff",
                    "custom haptics allow no continuous event under \(condition): the player's haptics are silent"
                )
            )
            return
        }
        if let capSeconds, capSeconds.isFinite {
            let end = capFrom + max(0, capSeconds)
            clamp.values.hapticsEndSeconds = end
            clamp.rules.append(
                FiredRule(
                    "haptics.capRumble",
                    code: "player.rumbleCap",
                    "rumble capped at \(ReasonFormat.seconds(capSeconds)) under \(condition): the haptics stop at \(end.formatted2) s"
                )
            )
        }
        if rules.intensityScale < 1 {
            let before = clamp.values.intensity
            clamp.values.intensity = before * max(0, rules.intensityScale)
            clamp.rules.append(
                FiredRule(
                    "haptics.intensityScale",
                    code: "player.intensityScale",
                    "intensity × \(rules.intensityScale.formatted2) under \(condition): \(before.formatted2) → \(clamp.values.intensity.formatted2)"
                )
            )
        }
    }

    private func clampAudio(_ clamp: inout PlayerClamp, cue: AudioCue, rules: FeedbackRules, condition: Condition, exempt: Bool) {
        guard rules.nonEssentialAudio || exempt else {
            clamp.values.volume = 0
            clamp.rules.append(
                FiredRule(
                    "audio.nonEssential",
                    code: "player.audioOff",
                    "non-essential audio is off under \(condition): the sound is silent"
                )
            )
            return
        }
        if rules.audioVolumeScale < 1 {
            let before = clamp.values.volume
            clamp.values.volume = before * max(0, rules.audioVolumeScale)
            clamp.rules.append(
                FiredRule(
                    "audio.volumeScale",
                    code: "player.volumeScale",
                    "volume × \(rules.audioVolumeScale.formatted2) under \(condition): \(before.formatted2) → \(clamp.values.volume.formatted2)"
                )
            )
        }
        var played = cue
        if !rules.spatialAudioAllowed, cue.rendering == .spatial {
            played.rendering = .twoD
            clamp.rules.append(
                FiredRule("audio.spatial", code: "player.audio2D", "spatial audio is off under \(condition): the sound plays in 2D")
            )
        }
        played.volume = clamp.values.volume
        clamp.audio = clamp.values.volume > 0 ? played : nil
    }

    /// A loop body at the intensity control `scale` (Core Haptics' `hapticIntensityControl` multiplies intensity);
    /// `nil` when nothing of it plays.
    static func scaled(_ kind: SensoryRequest.Kind, by scale: Double) -> SensoryRequest.Kind? {
        guard scale > 0 else { return nil }
        switch kind {
        case .haptic(var haptic):
            if scale < 1 { haptic.content.scaleHapticIntensity(by: scale) }
            return .haptic(haptic)
        case .system(let feedback):
            return .system(feedback.scalingIntensity(by: scale))
        default:
            return kind
        }
    }

    /// One continuous haptic event of `seconds` at `intensity` and `sharpness`: what a continuous player plays
    /// over a stretch of constant values.
    static func continuousPattern(seconds: Double, intensity: Double, sharpness: Double) -> HapticPattern {
        .ahap(
            AHAPPattern(items: [
                .event(
                    AHAPEvent(
                        type: .hapticContinuous,
                        time: 0,
                        duration: seconds,
                        parameters: [
                            AHAPEventParameter(id: .hapticIntensity, value: intensity),
                            AHAPEventParameter(id: .hapticSharpness, value: sharpness),
                        ]
                    )
                )
            ])
        )
    }
}
