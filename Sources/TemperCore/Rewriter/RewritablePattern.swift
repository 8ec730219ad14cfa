import TemperAHAP
import TemperPatterns

/// The edits the rewriter makes to a custom pattern, in whichever model the request carries it: AHAP through
/// ``PatternEditing``, every other format's timeline through ``TimelineEditing``. One ladder, one set of
/// reasons, whatever the format.
protocol RewritablePattern {
    var hasHaptics: Bool { get }
    var hasAudio: Bool { get }
    /// Nothing is left to play.
    var isEmpty: Bool { get }
    /// When the last event ends, in seconds.
    var end: Double { get }
    /// The strongest haptic intensity (AHAP's perceptual scale, 0…1); `nil` without haptics.
    var peakHapticIntensity: Double? { get }
    mutating func capRumble(maxSeconds: Double, fadeSeconds: Double) -> [PatternEditing.CappedEvent]
    mutating func transientsOnly(keepOnsets: Bool, onsetWindow: Double) -> (removed: Int, onsets: Int)
    mutating func scaleHapticIntensity(by scale: Double)
    mutating func removeAudio() -> Int
    mutating func scaleAudioVolume(by scale: Double)
    /// Clips what outlives `end` (AHAP's parameter curves); returns how many items changed.
    mutating func clipCurves(to end: Double) -> Int
    /// When the first haptic event starts; `nil` without haptics.
    var firstHapticOnset: Double? { get }
    /// Removes the haptic events and what controls them, leaving the audio; returns how many events went.
    mutating func removeHaptics() -> Int
    /// Replaces the haptic events with `standIn` (a system feedback written as AHAP) moved to `onset`; `false`
    /// when the model cannot carry it at the system feedback's price, and then nothing changed.
    mutating func replaceHaptics(with standIn: AHAPPattern, at onset: Double) -> Bool
    /// Ends the sounds paired with `capped` rumbles (onsets within `window`) with them; returns the sounds shortened.
    mutating func capPairedAudio(
        with capped: [PatternEditing.CappedEvent],
        window: Double,
        waveformSeconds: [Int: Double]
    ) -> [PatternEditing.CappedEvent]
}

extension AHAPPattern: RewritablePattern {
    var hasHaptics: Bool { PatternEditing.hasHaptics(self) }
    var hasAudio: Bool { PatternEditing.hasAudio(self) }
    var isEmpty: Bool { events.isEmpty }
    var end: Double { PatternEditing.end(of: self) }
    var peakHapticIntensity: Double? { PatternEditing.peakHapticIntensity(self) }

    mutating func capRumble(maxSeconds: Double, fadeSeconds: Double) -> [PatternEditing.CappedEvent] {
        PatternEditing.capRumble(&self, maxSeconds: maxSeconds, fadeSeconds: fadeSeconds)
    }

    mutating func transientsOnly(keepOnsets: Bool, onsetWindow: Double) -> (removed: Int, onsets: Int) {
        PatternEditing.transientsOnly(&self, keepOnsets: keepOnsets, onsetWindow: onsetWindow)
    }

    mutating func scaleHapticIntensity(by scale: Double) { PatternEditing.scaleHapticIntensity(&self, by: scale) }
    mutating func removeAudio() -> Int { PatternEditing.removeAudio(&self) }
    mutating func scaleAudioVolume(by scale: Double) { PatternEditing.scaleAudioVolume(&self, by: scale) }
    mutating func clipCurves(to end: Double) -> Int { PatternEditing.clipCurves(&self, to: end) }
    var firstHapticOnset: Double? { PatternEditing.firstHapticOnset(self) }
    mutating func removeHaptics() -> Int { PatternEditing.removeHaptics(&self) }

    mutating func replaceHaptics(with standIn: AHAPPattern, at onset: Double) -> Bool {
        PatternEditing.replaceHaptics(&self, with: standIn, at: onset)
        return true
    }

    mutating func capPairedAudio(
        with capped: [PatternEditing.CappedEvent],
        window: Double,
        waveformSeconds: [Int: Double]
    ) -> [PatternEditing.CappedEvent] {
        PatternEditing.capPairedAudio(&self, with: capped, window: window, waveformSeconds: waveformSeconds)
    }
}

extension PatternTimeline: RewritablePattern {
    var hasHaptics: Bool { !isEmpty }
    /// A timeline carries haptics only.
    var hasAudio: Bool { false }
    var isEmpty: Bool { tracks.allSatisfy(\.amplitude.isEmpty) && transients.isEmpty }
    var end: Double { duration }
    var peakHapticIntensity: Double? { TimelineEditing.peakAmplitude(self).map { $0.squareRoot() } }

    mutating func capRumble(maxSeconds: Double, fadeSeconds: Double) -> [PatternEditing.CappedEvent] {
        TimelineEditing.capRumble(&self, maxSeconds: maxSeconds, fadeSeconds: fadeSeconds)
    }

    mutating func transientsOnly(keepOnsets: Bool, onsetWindow: Double) -> (removed: Int, onsets: Int) {
        TimelineEditing.transientsOnly(&self, keepOnsets: keepOnsets, onsetWindow: onsetWindow)
    }

    mutating func scaleHapticIntensity(by scale: Double) { TimelineEditing.scaleAmplitude(&self, byIntensity: scale) }
    mutating func removeAudio() -> Int { 0 }
    mutating func scaleAudioVolume(by scale: Double) {}
    /// A timeline has no curves past its tracks: ``TimelineEditing`` cuts frequency with amplitude.
    mutating func clipCurves(to end: Double) -> Int { 0 }

    var firstHapticOnset: Double? {
        let runOnsets = tracks.flatMap { track in TimelineEditing.runs(of: track).map { track.amplitude[$0.first].time } }
        return (runOnsets + transients.map(\.time)).min()
    }

    /// A timeline is all haptics.
    mutating func removeHaptics() -> Int {
        let removed = tracks.reduce(0) { $0 + TimelineEditing.runs(of: $1).count } + transients.count
        tracks = []
        transients = []
        return removed
    }

    /// The stand-in's transients become the timeline's, moved to `onset`, each at amplitude intensity² and
    /// frequency = its sharpness: the one costing path prices them as the system feedback (a timeline transient is
    /// a click at intensity √amplitude and sharpness = its frequency), and the pattern keeps its format and its
    /// first onset. `false`, and nothing changed, for a stand-in that is not transients alone.
    mutating func replaceHaptics(with standIn: AHAPPattern, at onset: Double) -> Bool {
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

    /// A timeline carries no sounds.
    mutating func capPairedAudio(
        with capped: [PatternEditing.CappedEvent],
        window: Double,
        waveformSeconds: [Int: Double]
    ) -> [PatternEditing.CappedEvent] { [] }
}
