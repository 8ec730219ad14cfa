import TemperAHAP
import TemperPatterns

/// One custom pattern being decided: the request, its rules, and whether its usage is exempt.
struct PatternStep {
    var haptic: HapticPatternRequest
    var request: SensoryRequest
    var rules: FeedbackRules
    var exempt: Bool
}

extension Rewriter {
    /// How far an onset may move: the brief's channels fire together, so a rewrite keeps each onset within 1 ms.
    static let onsetToleranceSeconds = 0.001

    /// A pattern's haptics replaced by one system impact at the pattern's peak intensity (scaled), lowered if need
    /// be so it never costs more than the haptics did; its sounds stay, under the audio rules.
    func impact(
        for haptic: HapticPatternRequest,
        of request: SensoryRequest,
        style: ImpactStyle,
        rules: FeedbackRules,
        rule: String,
        code: Reason.Code,
        _ message: String,
        exempt: Bool = true
    ) -> Variant {
        impact(
            in: PatternStep(haptic: haptic, request: request, rules: rules, exempt: exempt),
            style: style,
            rule: rule,
            code: code,
            message
        )
    }

    /// The impact stands where the first haptic event did. Alone and at the pattern's start it is a system
    /// feedback; with sounds, or later than the start, it is the system impact's own AHAP stand-in in the
    /// pattern (on a timeline, its transients), which costs the same and keeps every onset and the format.
    func impact(in step: PatternStep, style: ImpactStyle, rule: String, code: Reason.Code, _ message: String) -> Variant {
        let (original, rules) = (step.haptic.content, step.rules)
        guard original.hasHaptics else {
            // Nothing to replace: the sounds are the pattern's simplest form.
            var pattern = original
            let sounds = rewriteSounds(in: &pattern, step, pairedWith: [])
            var result = step.haptic
            result.content = pattern
            return Variant(
                request: sounds.isEmpty ? step.request : step.request.with(kind: .haptic(result)),
                rules: [FiredRule(rule, code: code, "the pattern holds no haptics, so its sounds play without an impact")] + sounds,
                changed: !sounds.isEmpty
            )
        }
        var hapticsOnly = original
        _ = hapticsOnly.removeAudio()
        let ceiling = energy(of: hapticsOnly)
        var intensity = min(1, max(0, (original.peakHapticIntensity ?? 1) * rules.intensityScale))
        if energy(of: .impact(style, intensity: intensity)) > ceiling {
            intensity = highestIntensity(style: style, upTo: intensity, within: ceiling)
        }
        let scaleNote = rules.intensityScale != 1 ? " (intensity scaled by \(rules.intensityScale.formatted2))" : ""
        var pattern = original
        let sounds = rewriteSounds(in: &pattern, step, pairedWith: [])
        let onset = original.firstHapticOnset ?? 0
        if pattern.hasAudio || onset > Self.onsetToleranceSeconds,
            pattern.replaceHaptics(with: SystemFeedbackPatterns.impact(style, intensity: intensity), at: onset)
        {
            let left = pattern.hasAudio ? "; the pattern's sounds play with it" : ""
            var result = step.haptic
            result.content = pattern
            let fired = FiredRule(
                rule,
                code: code,
                "\(message) at \(onset.formatted2) s, the first haptic onset, at intensity \(intensity.formatted2)\(scaleNote)\(left)"
            )
            return Variant(request: step.request.with(kind: .haptic(result)), rules: [fired] + sounds, changed: true, fallback: true)
        }
        let fired = FiredRule(rule, code: code, "\(message) at intensity \(intensity.formatted2)\(scaleNote)")
        return Variant(
            request: step.request.with(kind: .system(.impact(style, intensity: intensity))),
            rules: [fired] + sounds,
            changed: true
        )
    }

    /// A pattern's cheaper forms for the budget, richest first: the ladder's haptic rungs, each with the pattern's
    /// sounds, then, for a pattern with sounds, the simple impact alone: a budget too small for the sounds still
    /// lets the causal moment through.
    func rungs(for haptic: HapticPatternRequest, of request: SensoryRequest, rules: FeedbackRules, exempt: Bool) -> [(Variant, String)] {
        var rungs = ladder.rungs(below: rules.haptics).map { mode in
            (rewrite(haptic, of: request, mode: mode, rules: rules, exempt: exempt, keepOnsets: true), mode.phrase)
        }
        var pattern = haptic.content
        guard pattern.hasAudio, rules.haptics != .off else { return rungs }
        let style = if case .simpleImpact(let style) = rules.haptics { style } else { ladder.simpleImpactStyle }
        _ = pattern.removeAudio()
        let soundless = HapticPatternRequest(content: pattern, sourceFile: haptic.sourceFile)
        var variant = impact(
            for: soundless,
            of: request,
            style: style,
            rules: rules,
            rule: HapticsMode.simpleImpact(style).ruleName,
            code: "haptics.simpleImpact",
            "custom pattern replaced by a simple \(style.rawValue) impact",
            exempt: exempt
        )
        variant.rules.append(
            FiredRule("audio.budget", code: "budget.soundsDropped", "the pattern's sounds do not fit the budget")
        )
        rungs.append((variant, "a simple \(style.rawValue) impact without its sounds"))
        return rungs
    }

    /// The highest impact intensity whose energy stays within `ceiling` (bisection; the model is monotone).
    private func highestIntensity(style: ImpactStyle, upTo limit: Double, within ceiling: Double) -> Double {
        var low = 0.0
        var high = limit
        for _ in 0..<16 {
            let middle = (low + high) / 2
            if energyModel.energyMillijoules(of: .impact(style, intensity: middle)) <= ceiling { low = middle } else { high = middle }
        }
        return low
    }

    /// The audio rules on a pattern's sounds. AHAP plays them in 2D already, so what applies is: non-essential
    /// audio off removes them (an exempt usage keeps them), else a sound paired with a `capped` rumble ends with it
    /// when ``FeedbackRules/pairedAudio`` says `cap`, and the volume scale applies.
    func rewriteSounds(in pattern: inout HapticPattern, _ step: PatternStep, pairedWith capped: [PatternEditing.CappedEvent]) -> [FiredRule]
    {
        guard pattern.hasAudio else { return [] }
        let rules = step.rules
        if !rules.nonEssentialAudio, !step.exempt {
            let removed = pattern.removeAudio()
            return [
                FiredRule(
                    "audio.nonEssential",
                    code: "audio.nonEssentialOff",
                    "non-essential audio is off; \(removed) audio event(s) removed from the pattern"
                )
            ]
        }
        var fired: [FiredRule] = []
        if rules.pairedAudio == .cap {
            let shortened = pattern.capPairedAudio(with: capped, window: ladder.pairingWindowSeconds)
            for sound in shortened {
                fired.append(
                    FiredRule(
                        "audio.paired",
                        code: "audio.cappedWithRumble",
                        "sound at \(sound.time.formatted2) s ends with its capped rumble: shortened from \(sound.oldDuration.formatted2) s to \(sound.newDuration.formatted2) s, ending with the same \(sound.releaseSeconds.formatted2) s release"
                    )
                )
            }
        }
        if rules.audioVolumeScale != 1 {
            pattern.scaleAudioVolume(by: rules.audioVolumeScale)
            fired.append(
                FiredRule(
                    "audio.volumeScale",
                    code: "audio.volumeScaled",
                    "audio volume scaled by \(rules.audioVolumeScale.formatted2)"
                )
            )
        }
        return fired
    }
}
