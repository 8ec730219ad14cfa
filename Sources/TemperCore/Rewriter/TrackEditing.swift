import TemperPatterns

/// The edits on a pattern's tracks and transients (every format but AHAP), which the one edit entry points in
/// `PatternTimeline+Editing.swift` apply beside ``PatternEditing``'s edits on AHAP's events.
///
/// A track has no events, so a *run* stands in for AHAP's continuous event: a stretch of one track where
/// the amplitude is above 0, from where it leaves 0 to where it is back at 0 (or the track ends). Levels are
/// amplitudes (AHAP intensity squared), so scaling intensity by `s` scales amplitude by `s²`. Every edit keeps
/// onsets where they are and leaves a timeline the format's writer can write.
enum TrackEditing {
    /// A run of one track: indices of its first and last amplitude point.
    struct Run {
        var first: Int
        var last: Int
    }

    /// The runs of a track, in time order.
    static func runs(of track: PatternTrack) -> [Run] {
        let points = track.amplitude
        var runs: [Run] = []
        var start: Int?
        for index in points.indices.dropLast() {
            let (a, b) = (points[index], points[index + 1])
            let active = b.time > a.time && (a.value > 0 || b.value > 0)
            let silent = b.time > a.time && a.value <= 0 && b.value <= 0
            if active, start == nil { start = index }
            if silent, let first = start {
                runs.append(Run(first: first, last: index))
                start = nil
            }
        }
        if let first = start { runs.append(Run(first: first, last: points.count - 1)) }
        return runs
    }

    /// Shortens every run longer than `maxSeconds` to `maxSeconds`, the last `fadeSeconds` of it a linear ramp
    /// to 0, so it fades instead of stopping dead; what lay beyond the cut in that run is gone.
    static func capRumble(_ timeline: inout PatternTimeline, maxSeconds: Double, fadeSeconds: Double) -> [PatternEditing.CappedEvent] {
        let cap = max(0.001, maxSeconds)
        var capped: [PatternEditing.CappedEvent] = []
        for trackIndex in timeline.tracks.indices {
            var track = timeline.tracks[trackIndex]
            // Latest first, so earlier indices stay valid while later runs are cut.
            for run in runs(of: track).reversed() {
                let start = track.amplitude[run.first].time
                let end = track.amplitude[run.last].time
                guard end - start > cap + 1e-9 else { continue }
                let cut = start + cap
                let fade = min(max(0, fadeSeconds), cap)
                let fadeStart = cut - fade
                let level = track.amplitude(at: fadeStart)
                var points = Array(track.amplitude[..<run.first])
                points += track.amplitude[run.first...run.last].filter { $0.time <= fadeStart + 1e-12 }
                if points.last.map({ $0.time < fadeStart - 1e-12 }) ?? true { points.append(PatternPoint(time: fadeStart, value: level)) }
                points.append(PatternPoint(time: cut, value: 0))
                points += track.amplitude[(run.last + 1)...]
                track.amplitude = points
                capped.append(PatternEditing.CappedEvent(time: start, oldDuration: end - start, newDuration: cap, releaseSeconds: fade))
            }
            clipFrequency(&track)
            timeline.tracks[trackIndex] = track
        }
        for index in timeline.transients.indices {
            guard let duration = timeline.transients[index].duration, duration > cap + 1e-9 else { continue }
            timeline.transients[index].duration = cap
            capped.append(
                PatternEditing.CappedEvent(
                    time: timeline.transients[index].time,
                    oldDuration: duration,
                    newDuration: cap,
                    releaseSeconds: 0
                )
            )
        }
        capped.sort { $0.time < $1.time }
        return capped
    }

    /// Removes every track. Where a run's onset has no transient (or emphasis) within `onsetWindow` before it, and
    /// `keepOnsets` is set, a transient at the run's peak amplitude takes its place at the same time; emphases
    /// become transients, as they are hits of their own. Returns how many runs went and how many onsets were kept.
    static func transientsOnly(_ timeline: inout PatternTimeline, keepOnsets: Bool, onsetWindow: Double) -> (removed: Int, onsets: Int) {
        var transients = timeline.transients
        for track in timeline.tracks {
            for point in track.amplitude {
                guard let emphasis = point.emphasis else { continue }
                transients.append(
                    PatternTransient(time: point.time, amplitude: emphasis.amplitude, frequency: emphasis.frequency, motor: track.motor)
                )
            }
        }
        let hitTimes = transients.map(\.time)
        var removed = 0
        var onsets = 0
        for track in timeline.tracks {
            for run in runs(of: track) {
                removed += 1
                let onset = track.amplitude[run.first].time
                let covered = hitTimes.contains { $0 <= onset + 1e-9 && onset - $0 <= onsetWindow }
                guard keepOnsets, !covered else { continue }
                let peak = track.amplitude[run.first...run.last].map(\.value).max() ?? 0
                let frequency =
                    track.frequencyUnit == .normalized ? track.frequency(at: onset).map { min(max($0, 0), 1).squareRoot() } : nil
                transients.append(PatternTransient(time: onset, amplitude: min(max(peak, 0), 1), frequency: frequency, motor: track.motor))
                onsets += 1
            }
        }
        timeline.tracks = []
        timeline.transients = transients.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        return (removed, onsets)
    }

    /// Scales every amplitude (tracks, emphases, transients) by `scale²`: AHAP intensity `i` plays as amplitude
    /// `i²`, so this is the timeline's "intensity scaled by `scale`".
    static func scaleAmplitude(_ timeline: inout PatternTimeline, byIntensity scale: Double) {
        let factor = min(max(scale, 0), 1) * min(max(scale, 0), 1)
        func scaled(_ value: Double) -> Double { min(max(value, 0), 1) * factor }
        for trackIndex in timeline.tracks.indices {
            for pointIndex in timeline.tracks[trackIndex].amplitude.indices {
                timeline.tracks[trackIndex].amplitude[pointIndex].value = scaled(timeline.tracks[trackIndex].amplitude[pointIndex].value)
                if let emphasis = timeline.tracks[trackIndex].amplitude[pointIndex].emphasis {
                    timeline.tracks[trackIndex].amplitude[pointIndex].emphasis?.amplitude = scaled(emphasis.amplitude)
                }
            }
        }
        for index in timeline.transients.indices { timeline.transients[index].amplitude = scaled(timeline.transients[index].amplitude) }
    }

    /// Moves every frequency the tracks and transients give: a normalized track point is sharpness² (as the costing
    /// reads it), an emphasis or a transient is sharpness, and a track in hertz moves in hertz. Where a format
    /// gives no frequency the device's default plays, at resonance, and nothing moves.
    static func mapFrequencies(_ timeline: inout PatternTimeline, sharpness move: (Double) -> Double, hertz moveHertz: (Double) -> Double) {
        for trackIndex in timeline.tracks.indices {
            let unit = timeline.tracks[trackIndex].frequencyUnit
            for pointIndex in timeline.tracks[trackIndex].frequency.indices {
                let value = timeline.tracks[trackIndex].frequency[pointIndex].value
                guard value.isFinite else { continue }
                timeline.tracks[trackIndex].frequency[pointIndex].value =
                    switch unit {
                    case .normalized:
                        {
                            let moved = move(min(max(value, 0), 1).squareRoot())
                            return moved * moved
                        }()
                    case .hertz: moveHertz(value)
                    }
            }
            for pointIndex in timeline.tracks[trackIndex].amplitude.indices {
                if let emphasis = timeline.tracks[trackIndex].amplitude[pointIndex].emphasis, emphasis.frequency.isFinite {
                    timeline.tracks[trackIndex].amplitude[pointIndex].emphasis?.frequency = move(min(max(emphasis.frequency, 0), 1))
                }
            }
        }
        for index in timeline.transients.indices {
            if let frequency = timeline.transients[index].frequency, frequency.isFinite {
                timeline.transients[index].frequency = move(min(max(frequency, 0), 1))
            }
        }
    }

    /// The strongest amplitude of any track point, emphasis or transient; `nil` when there is nothing to play.
    static func peakAmplitude(_ timeline: PatternTimeline) -> Double? {
        guard !timeline.tracksAndTransientsAreEmpty else { return nil }
        var peak = timeline.transients.map(\.amplitude).max() ?? 0
        for track in timeline.tracks {
            for point in track.amplitude { peak = max(peak, point.value, point.emphasis?.amplitude ?? 0) }
        }
        return min(max(peak, 0), 1)
    }

    /// Cuts a track's frequency points past its last amplitude point, ending on the value there, so a shortened
    /// track does not outlive itself.
    private static func clipFrequency(_ track: inout PatternTrack) {
        guard let end = track.amplitude.last?.time, let last = track.frequency.last, last.time > end + 1e-12 else { return }
        let value = track.frequency(at: end)
        track.frequency = track.frequency.filter { $0.time <= end + 1e-12 }
        if let value, track.frequency.last.map({ $0.time < end - 1e-12 }) ?? true {
            track.frequency.append(PatternFrequencyPoint(time: end, value: value))
        }
    }
}
