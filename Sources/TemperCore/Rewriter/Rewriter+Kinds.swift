import TemperAHAP

extension Rewriter {
    /// A custom pattern under a haptics mode, then intensity scale, then the audio rules for its audio events,
    /// in the model the request carries it in. Haptic rules act on the haptic events and audio rules on the audio
    /// events: a fallback or `off` leaves the sounds, and a capped rumble's paired sound follows ``FeedbackRules/pairedAudio``.
    func rewrite(
        _ haptic: HapticPatternRequest,
        of request: SensoryRequest,
        mode: HapticsMode,
        rules: FeedbackRules,
        exempt: Bool,
        keepOnsets: Bool
    ) -> Variant {
        let step = PatternStep(haptic: haptic, request: request, rules: rules, exempt: exempt)
        var pattern = haptic.content
        var fired: [FiredRule] = []
        var capped: [PatternEditing.CappedEvent] = []
        let oldEnd = pattern.end
        if pattern.hasHaptics {
            switch mode {
            case .full:
                break
            case .capRumble(let maxSeconds, let fadeSeconds):
                let events = pattern.capRumble(maxSeconds: maxSeconds, fadeSeconds: fadeSeconds)
                for event in events {
                    fired.append(
                        FiredRule(
                            mode.ruleName,
                            code: "haptics.rumbleCapped",
                            "rumble at \(event.time.formatted2) s shortened from \(event.oldDuration.formatted2) s to \(event.newDuration.formatted2) s, ending with a \(event.releaseSeconds.formatted2) s release"
                        )
                    )
                }
                capped += events
            case .transientsOnly:
                let (removed, onsets) = pattern.transientsOnly(keepOnsets: keepOnsets, onsetWindow: ladder.onsetWindowSeconds)
                if removed > 0 {
                    let kept = onsets > 0 ? "; \(onsets) onset(s) kept as transients" : ""
                    fired.append(
                        FiredRule(
                            mode.ruleName,
                            code: "haptics.continuousRemoved",
                            "\(removed) continuous event(s) removed, transients kept\(kept)"
                        )
                    )
                }
            case .simpleImpact(let style):
                return impact(
                    in: step,
                    style: style,
                    rule: mode.ruleName,
                    code: "haptics.simpleImpact",
                    "custom pattern replaced by a simple \(style.rawValue) impact"
                )
            case .off:
                if step.exempt {
                    return impact(
                        in: step,
                        style: ladder.simpleImpactStyle,
                        rule: mode.ruleName,
                        code: "exempt.simplest",
                        "custom haptics are off, but exempt usage \(request.usage.rawValue) keeps a simple \(ladder.simpleImpactStyle.rawValue) impact"
                    )
                }
                guard pattern.hasAudio else {
                    return dropped(
                        mode.ruleName,
                        code: "haptics.off",
                        "custom haptics are off; \(request.usage.rawValue) pattern not played"
                    )
                }
                let removed = pattern.removeHaptics()
                fired.append(
                    FiredRule(
                        mode.ruleName,
                        code: "haptics.off",
                        "custom haptics are off; \(removed) haptic event(s) removed, the pattern's sounds left to the audio rules"
                    )
                )
            }
        }
        if pattern.hasHaptics {
            if let cap = rules.rumbleCapSeconds {
                let events = pattern.capRumble(maxSeconds: cap, fadeSeconds: min(ladder.capFadeSeconds, cap))
                for event in events {
                    fired.append(
                        FiredRule(
                            "haptics.rumbleCap",
                            code: "haptics.rumbleCapped",
                            "rumble at \(event.time.formatted2) s shortened from \(event.oldDuration.formatted2) s to the \(cap.formatted2) s cap, ending with a \(event.releaseSeconds.formatted2) s release"
                        )
                    )
                }
                capped += events
            }
            if rules.intensityScale != 1 {
                pattern.scaleHapticIntensity(by: rules.intensityScale)
                fired.append(
                    FiredRule(
                        "haptics.intensityScale",
                        code: "haptics.intensityScaled",
                        "haptic intensity scaled by \(rules.intensityScale.formatted2)"
                    )
                )
            }
        }
        fired += rewriteSounds(in: &pattern, step, pairedWith: capped)
        guard !fired.isEmpty else { return Variant(request: request, rules: fired, changed: false) }
        if pattern.isEmpty {
            fired.append(FiredRule("haptics.empty", code: "haptics.nothingLeft", "no event is left to play"))
            return Variant(request: nil, rules: fired, changed: true)
        }
        let newEnd = pattern.end
        if newEnd < oldEnd - 1e-9, pattern.clipCurves(to: newEnd) > 0 {
            fired.append(
                FiredRule(
                    "haptics.clipCurves",
                    code: "haptics.curvesClipped",
                    "parameter curves clipped to the new end at \(newEnd.formatted2) s"
                )
            )
        }
        var result = step.haptic
        result.content = pattern
        return Variant(request: request.with(kind: .haptic(result)), rules: fired, changed: true)
    }

    func rewrite(_ cue: AudioCue, of request: SensoryRequest, rules: FeedbackRules, exempt: Bool, condition: Condition) -> Variant {
        if !rules.nonEssentialAudio, !exempt {
            return dropped(
                "audio.nonEssential",
                code: "audio.nonEssentialOff",
                "non-essential audio is off under \(condition); \(request.usage.rawValue) cue not played"
            )
        }
        var cue = cue
        var fired: [FiredRule] = []
        if cue.rendering == .spatial, !rules.spatialAudioAllowed {
            fired += downmix(&cue, because: "spatial audio is off")
        }
        if rules.audioVolumeScale != 1 {
            cue.volume = min(1, max(0, cue.volume * rules.audioVolumeScale))
            fired.append(
                FiredRule(
                    "audio.volumeScale",
                    code: "audio.volumeScaled",
                    "audio volume scaled by \(rules.audioVolumeScale.formatted2) to \(cue.volume.formatted2)"
                )
            )
        }
        guard !fired.isEmpty else { return Variant(request: request, rules: [], changed: false) }
        return Variant(request: request.with(kind: .audio(cue)), rules: fired, changed: true)
    }

    /// Renders `cue` in 2D, with the reasons: the placement, and the elevation it lost.
    func downmix(_ cue: inout AudioCue, because cause: String) -> [FiredRule] {
        let mix = StereoDownmix(cue: cue)
        cue.rendering = .twoD
        cue.stereo = mix.placement
        var fired = [
            FiredRule(
                "audio.spatial",
                code: "audio.rendered2D",
                "\(cause): rendered in 2D, pan \(mix.placement.pan.formatted2) (azimuth \(mix.azimuthDegrees.formatted2)°), distance \(mix.distanceMetres.formatted2) m, gain \(mix.placement.distanceGain.formatted2)"
            )
        ]
        if abs(mix.elevationDegrees) > 0.5 {
            fired.append(
                FiredRule(
                    "audio.spatial",
                    code: "audio.elevationDropped",
                    "elevation \(mix.elevationDegrees.formatted2)° dropped by 2D rendering"
                )
            )
        }
        return fired
    }

    func rewrite(_ feedback: SystemFeedback, of request: SensoryRequest, rules: FeedbackRules, exempt: Bool) -> Variant {
        var fired: [FiredRule] = []
        if case .off = rules.haptics {
            guard exempt else {
                return dropped(
                    "haptics.off",
                    code: "haptics.off",
                    "haptics are off; \(request.usage.rawValue) \(feedback.summary) not played"
                )
            }
            fired.append(
                FiredRule(
                    "haptics.off",
                    code: "exempt.kept",
                    "haptics are off, but exempt usage \(request.usage.rawValue) keeps its \(feedback.summary)"
                )
            )
        }
        let scaledFeedback = feedback.scalingIntensity(by: rules.intensityScale)
        guard rules.intensityScale != 1, case .impact(_, let scaled) = scaledFeedback else {
            return Variant(request: request, rules: fired, changed: false)
        }
        fired.append(
            FiredRule(
                "haptics.intensityScale",
                code: "haptics.intensityScaled",
                "impact intensity scaled by \(rules.intensityScale.formatted2) to \(scaled.formatted2)"
            )
        )
        return Variant(request: request.with(kind: .system(scaledFeedback)), rules: fired, changed: true)
    }

    func rewrite(_ effect: VisualEffect, of request: SensoryRequest, rules: FeedbackRules) -> Variant {
        guard rules.particleScale != 1 else { return Variant(request: request, rules: [], changed: false) }
        var effect = effect
        let count = Int((Double(effect.particleCount) * min(1, max(0, rules.particleScale))).rounded(.down))
        let fired = FiredRule(
            "visual.particleScale",
            code: "visual.particlesScaled",
            "particles scaled by \(rules.particleScale.formatted2): \(effect.particleCount) → \(count)"
        )
        effect.particleCount = count
        return Variant(request: request.with(kind: .visual(effect)), rules: [fired], changed: true)
    }
}
