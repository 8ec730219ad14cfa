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
}
