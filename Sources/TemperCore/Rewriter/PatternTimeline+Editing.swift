import TemperAHAP
import TemperPatterns

/// The edits the rewriter makes to a custom pattern, one entry point each on the one pattern model: each edit
/// acts on the AHAP events the pattern holds as written (``PatternEditing``) and on its tracks and transients
/// (``TrackEditing``), so one ladder and one set of reasons serve every format.
extension PatternTimeline {
    var hasHaptics: Bool { PatternEditing.hasHaptics(itemsAsAHAP) || !tracksAndTransientsAreEmpty }
    var hasAudio: Bool { PatternEditing.hasAudio(itemsAsAHAP) }
    /// Nothing is left to play.
    var isEmpty: Bool { ahapEvents.isEmpty && tracksAndTransientsAreEmpty }
    /// When the last event ends, in seconds.
    var end: Double { max(PatternEditing.end(of: itemsAsAHAP), duration) }

    /// The strongest haptic intensity (AHAP's perceptual scale, 0…1; an amplitude `a` is intensity √a); `nil`
    /// without haptics.
    var peakHapticIntensity: Double? {
        let peaks = [PatternEditing.peakHapticIntensity(itemsAsAHAP), TrackEditing.peakAmplitude(self).map { $0.squareRoot() }]
        return peaks.compactMap(\.self).max()
    }

    /// When the first haptic event starts; `nil` without haptics.
    var firstHapticOnset: Double? {
        let runOnsets = tracks.flatMap { track in TrackEditing.runs(of: track).map { track.amplitude[$0.first].time } }
        let onsets = runOnsets + transients.map(\.time) + [PatternEditing.firstHapticOnset(itemsAsAHAP)].compactMap(\.self)
        return onsets.min()
    }

    /// Shortens every continuous haptic event and track run longer than `maxSeconds`, ending it with a fade of
    /// `fadeSeconds`; returns what was shortened.
    mutating func capRumble(maxSeconds: Double, fadeSeconds: Double) -> [PatternEditing.CappedEvent] {
        let events = editingItems { PatternEditing.capRumble(&$0, maxSeconds: maxSeconds, fadeSeconds: fadeSeconds) }
        return events + TrackEditing.capRumble(&self, maxSeconds: maxSeconds, fadeSeconds: fadeSeconds)
    }

    /// Removes continuous haptics (events and track runs), keeping transients and, with `keepOnsets`, a transient
    /// at each onset no transient covers within `onsetWindow`.
    mutating func transientsOnly(keepOnsets: Bool, onsetWindow: Double) -> (removed: Int, onsets: Int) {
        let events = editingItems { PatternEditing.transientsOnly(&$0, keepOnsets: keepOnsets, onsetWindow: onsetWindow) }
        let runs = TrackEditing.transientsOnly(&self, keepOnsets: keepOnsets, onsetWindow: onsetWindow)
        return (events.removed + runs.removed, events.onsets + runs.onsets)
    }

    /// Scales every haptic intensity by `scale` (an amplitude by `scale²`).
    mutating func scaleHapticIntensity(by scale: Double) {
        editingItems { PatternEditing.scaleHapticIntensity(&$0, by: scale) }
        TrackEditing.scaleAmplitude(&self, byIntensity: scale)
    }

    /// Moves every haptic frequency toward the actuator's resonance by `shift` (``ResonanceShift``): AHAP events'
    /// sharpness, the tracks' frequency points and emphases, the transients.
    mutating func moveHapticFrequencies(_ shift: ResonanceShift) {
        editingItems { PatternEditing.mapHapticSharpness(&$0, shift.sharpness) }
        TrackEditing.mapFrequencies(&self, sharpness: shift.sharpness, hertz: shift.hertz)
    }

    /// Removes the audio events; returns how many.
    mutating func removeAudio() -> Int { editingItems { PatternEditing.removeAudio(&$0) } }

    mutating func scaleAudioVolume(by scale: Double) { editingItems { PatternEditing.scaleAudioVolume(&$0, by: scale) } }

    /// Clips what outlives `end` (AHAP's parameter curves; a track's frequency is cut with its amplitude by
    /// ``TrackEditing``); returns how many items changed.
    mutating func clipCurves(to end: Double) -> Int { editingItems { PatternEditing.clipCurves(&$0, to: end) } }

    /// Removes the haptic events, tracks and transients and what controls them, leaving the audio; returns how
    /// many went.
    mutating func removeHaptics() -> Int {
        let removed = tracks.reduce(0) { $0 + TrackEditing.runs(of: $1).count } + transients.count
        tracks = []
        transients = []
        return removed + editingItems { PatternEditing.removeHaptics(&$0) }
    }

    /// Replaces the haptics with `standIn` (a system feedback written as AHAP) moved to `onset`; `false` when the
    /// pattern cannot carry it at the system feedback's price, and then nothing changed.
    ///
    /// A pattern with AHAP events takes the stand-in's events; any other keeps its format and takes them as
    /// transients, each at amplitude intensity² and frequency = its sharpness, which the one costing path prices
    /// as the system feedback (a transient is a click at intensity √amplitude and sharpness = its frequency), so
    /// a stand-in that is not transients alone cannot replace them there.
    mutating func replaceHaptics(with standIn: AHAPPattern, at onset: Double) -> Bool {
        if !items.isEmpty {
            tracks = []
            transients = []
            editingItems { PatternEditing.replaceHaptics(&$0, with: standIn, at: onset) }
            return true
        }
        let events = standIn.events
        guard events.allSatisfy({ $0.type == .hapticTransient }) else { return false }
        tracks = []
        // One impact, played once, as the system feedback it stands for.
        repeatStart = nil
        transients = events.map { event in
            let intensity = min(max(event.value(of: .hapticIntensity), 0), 1)
            let sharpness = min(max(event.value(of: .hapticSharpness), 0), 1)
            return PatternTransient(time: event.time + onset, amplitude: intensity * intensity, frequency: sharpness)
        }
        return true
    }

    /// Ends the sounds paired with `capped` rumbles (onsets within `window`) with them; returns the sounds shortened.
    mutating func capPairedAudio(with capped: [PatternEditing.CappedEvent], window: Double) -> [PatternEditing.CappedEvent] {
        let seconds = waveformDurations
        return editingItems { PatternEditing.capPairedAudio(&$0, with: capped, window: window, waveformSeconds: seconds) }
    }

    /// AHAP's items as the event edits take them (their metadata is not theirs to edit).
    private var itemsAsAHAP: AHAPPattern { AHAPPattern(version: version, items: items) }

    /// No track plays and no transient is left (the AHAP events aside).
    var tracksAndTransientsAreEmpty: Bool { tracks.allSatisfy(\.amplitude.isEmpty) && transients.isEmpty }

    /// Runs an AHAP edit on ``items``; waveforms are keyed by path, so they follow their events.
    @discardableResult
    private mutating func editingItems<Result>(_ edit: (inout AHAPPattern) -> Result) -> Result {
        guard !items.isEmpty else {
            var empty = AHAPPattern()
            return edit(&empty)
        }
        var pattern = itemsAsAHAP
        let result = edit(&pattern)
        items = pattern.items
        return result
    }
}
