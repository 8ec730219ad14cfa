/// What the words in a decision mean: the outcomes a request can have and the rules that can change it. One
/// home, for the reports' glossary and for anyone else who prints them.
public enum Glossary: Sendable {
    /// Each outcome and what it means, in the order a request degrades.
    public static let outcomes: [(term: String, meaning: String)] = [
        ("pass", "played exactly as asked."),
        (
            "rewritten",
            "played in a cheaper form of the same kind: rumble capped, continuous events removed, intensity or volume scaled, audio rendered in 2D."
        ),
        (
            "fallback",
            "a custom haptic pattern's haptics replaced by a simple system impact at its first haptic onset; its sounds still play."
        ),
        ("dropped", "not played at all."),
    ]

    /// Each rule a decision can name and what it does. Rules fire per request; one request can fire several.
    public static let rules: [(term: String, meaning: String)] = [
        ("haptics.capRumble", "the tier's haptics mode caps each continuous (rumble) event at a length, ending it with a short release."),
        ("haptics.rumbleCap", "the policy's own rumble cap for this tier, on top of its haptics mode."),
        ("haptics.transientsOnly", "the tier's haptics mode removes continuous events and keeps the taps (transients)."),
        ("haptics.simpleImpact", "the tier's haptics mode replaces a custom pattern with one simple system impact (a fallback)."),
        (
            "haptics.off",
            "the tier's haptics mode plays no custom haptics; a pattern's sounds still play and exempt usages keep a simple impact."
        ),
        ("haptics.intensityScale", "haptic intensity multiplied by the tier's scale."),
        ("haptics.clipCurves", "parameter curves cut to the pattern's new, shorter end."),
        ("haptics.empty", "nothing was left to play after the other rules, so the request is dropped."),
        ("audio.volumeScale", "audio volume multiplied by the tier's scale."),
        ("audio.spatial", "spatial (HRTF) audio rendered in plain 2D, which costs less."),
        ("audio.nonEssential", "audio marked non-essential is not played in this tier."),
        (
            "audio.paired",
            "a sound paired with a capped rumble (onsets within 50 ms) ends with it, with the same release, as the policy's pairedAudio says."
        ),
        ("audio.budget", "the energy budget had room for a pattern's simple impact but not for its sounds, so the sounds were left out."),
        ("visual.particleScale", "particle counts of visual effects multiplied by the tier's scale."),
        (
            "exemptOnly",
            "in this tier only the policy's exempt usages (by default alarm, communication and accessibility) play, each in its simplest form; others are dropped."
        ),
        ("exempt", "an exempt usage keeps its simplest form where the other rules left nothing."),
        (
            "budget",
            "the energy budget for the window was short, so the request was stepped down (or dropped) to fit; exempt usages may overdraw it."
        ),
        (
            "peripheral",
            "the request names a device: a peripheral with a low or critical battery made the rules poorer (the policy's peripherals keys); a device not found left the host's rules."
        ),
        ("energy.guard", "a rewrite would have cost more than the original, so the original played as asked."),
        ("request.cancelled", "the request was cancelled before its target time."),
        ("governor.shutdown", "the governor shut down before the request's target time."),
    ]

    /// Each status `temper score` gives a pattern.
    public static let scoreStatuses: [(term: String, meaning: String)] = [
        ("ok", "read and costed, within the budget if there is one."),
        ("over-budget", "read and costed, but it costs more than the budget each pattern is held to."),
        ("error", "could not be read; the energy column says why."),
    ]

    /// The definitions of `outcomes` and `rules` that a report names, outcomes first, unknown names left out.
    static func entries(
        outcomes named: some Collection<String>,
        rules ruleNames: some Collection<String>
    ) -> [(term: String, meaning: String)] {
        outcomes.filter { named.contains($0.term) } + rules.filter { ruleNames.contains($0.term) }
    }
}
