import TemperAHAP

/// The edits on AHAP's events, dynamic parameters and curves as a pattern holds them (``PatternTimeline/items``),
/// which the one edit entry points in `PatternTimeline+Editing.swift` apply beside ``TrackEditing``'s. Every edit
/// keeps event times as they are (an onset never moves later), keeps item order, and leaves a pattern the AHAP
/// writer can write and the reader can read back.
enum PatternEditing {
    /// A continuous event the cap shortened.
    struct CappedEvent: Equatable {
        var time: Double
        var oldDuration: Double
        var newDuration: Double
        var releaseSeconds: Double
    }

    /// Shortens every continuous haptic event longer than `maxSeconds` to `maxSeconds` and gives it a release ramp
    /// of `fadeSeconds` (through `ReleaseTime`, local to the event), so it fades instead of stopping dead.
    static func capRumble(_ pattern: inout AHAPPattern, maxSeconds: Double, fadeSeconds: Double) -> [CappedEvent] {
        let cap = max(0.001, maxSeconds)
        var capped: [CappedEvent] = []
        for index in pattern.items.indices {
            guard case .event(var event) = pattern.items[index], event.type == .hapticContinuous,
                let duration = event.duration, duration > cap + 1e-9
            else { continue }
            // ReleaseTime is normalised 0…1; the sampler and estimator read 1.0 as one second and end the release at
            // the event's end, so the ramp fits inside the new duration.
            let unit = AHAPSampler.envelopeSecondsPerUnit
            let release = min(max(fadeSeconds, event.value(of: .releaseTime) * unit), cap, unit)
            event.duration = cap
            setParameter(&event, .releaseTime, release / unit)
            pattern.items[index] = .event(event)
            capped.append(CappedEvent(time: event.time, oldDuration: duration, newDuration: cap, releaseSeconds: release))
        }
        return capped
    }

    /// Removes continuous haptic events. Where a removed event's onset has no transient within `onsetWindow` before
    /// it, and `keepOnsets` is set, a transient takes its place at the same time, so the causal moment survives
    /// when the body goes. Returns how many events went and how many onsets were kept.
    static func transientsOnly(_ pattern: inout AHAPPattern, keepOnsets: Bool, onsetWindow: Double = 0.05) -> (removed: Int, onsets: Int) {
        let transientTimes = pattern.events.filter { $0.type == .hapticTransient }.map(\.time)
        var removed = 0
        var onsets = 0
        var items: [AHAPItem] = []
        items.reserveCapacity(pattern.items.count)
        for item in pattern.items {
            guard case .event(let event) = item, event.type == .hapticContinuous else {
                items.append(item)
                continue
            }
            removed += 1
            let covered = transientTimes.contains { $0 <= event.time + 1e-9 && event.time - $0 <= onsetWindow }
            guard keepOnsets, !covered else { continue }
            onsets += 1
            items.append(
                .event(
                    AHAPEvent(
                        type: .hapticTransient,
                        time: event.time,
                        parameters: [
                            AHAPEventParameter(id: .hapticIntensity, value: event.value(of: .hapticIntensity)),
                            AHAPEventParameter(id: .hapticSharpness, value: event.value(of: .hapticSharpness)),
                        ]
                    )
                )
            )
        }
        pattern.items = items
        return (removed, onsets)
    }

    /// Multiplies every haptic event's intensity (its written value, or the default when absent).
    static func scaleHapticIntensity(_ pattern: inout AHAPPattern, by scale: Double) {
        scaleEvents(&pattern, parameter: .hapticIntensity, by: scale) { $0.type.isHaptic }
    }

    /// Sets every haptic event's sharpness to `move` of it (the default sharpness where the event writes none).
    /// Sharpness control curves, offsets on top, stay as written.
    static func mapHapticSharpness(_ pattern: inout AHAPPattern, _ move: (Double) -> Double) {
        for index in pattern.items.indices {
            guard case .event(var event) = pattern.items[index], event.type.isHaptic else { continue }
            let range = AHAPEventParameterID.hapticSharpness.range
            let value = min(range.upperBound, max(range.lowerBound, event.value(of: .hapticSharpness)))
            let moved = move(value)
            guard moved != value else { continue }
            setParameter(&event, .hapticSharpness, moved)
            pattern.items[index] = .event(event)
        }
    }

    /// Multiplies every audio event's volume.
    static func scaleAudioVolume(_ pattern: inout AHAPPattern, by scale: Double) {
        scaleEvents(&pattern, parameter: .audioVolume, by: scale) { $0.type.isAudio }
    }

    /// Removes audio events; returns how many.
    static func removeAudio(_ pattern: inout AHAPPattern) -> Int {
        let before = pattern.items.count
        pattern.items.removeAll { if case .event(let event) = $0 { event.type.isAudio } else { false } }
        return before - pattern.items.count
    }

    /// The end of the last event: a transient counts as its onset, a continuous event as its onset plus duration.
    static func end(of pattern: AHAPPattern) -> Double {
        pattern.events.reduce(0) { max($0, $1.time + ($1.duration ?? 0)) }
    }

    /// Clips parameter curves and drops dynamic parameters past `end`, so nothing outlives the shortened events.
    /// A curve cut between two control points ends with the interpolated value at `end`. Returns how many items changed.
    @discardableResult
    static func clipCurves(_ pattern: inout AHAPPattern, to end: Double) -> Int {
        var changed = 0
        var items: [AHAPItem] = []
        items.reserveCapacity(pattern.items.count)
        for item in pattern.items {
            switch item {
            case .curve(var curve):
                let localEnd = end - curve.time
                guard localEnd >= 0, let first = curve.controlPoints.first, first.time <= localEnd + 1e-9 else {
                    changed += 1
                    continue
                }
                guard let last = curve.controlPoints.last, last.time > localEnd + 1e-9 else {
                    items.append(item)
                    continue
                }
                var points = curve.controlPoints.filter { $0.time <= localEnd + 1e-9 }
                if let before = points.last, before.time < localEnd - 1e-9,
                    let after = curve.controlPoints.first(where: { $0.time > localEnd + 1e-9 })
                {
                    let fraction = (localEnd - before.time) / (after.time - before.time)
                    points.append(AHAPControlPoint(time: localEnd, value: before.value + (after.value - before.value) * fraction))
                }
                curve.controlPoints = points
                items.append(.curve(curve))
                changed += 1
            case .parameter(let parameter) where parameter.time > end + 1e-9:
                changed += 1
            default:
                items.append(item)
            }
        }
        pattern.items = items
        return changed
    }

    /// The strongest written haptic intensity, clamped to 0…1; `nil` when the pattern has no haptic events.
    static func peakHapticIntensity(_ pattern: AHAPPattern) -> Double? {
        let haptic = pattern.events.filter { $0.type.isHaptic }
        guard !haptic.isEmpty else { return nil }
        return min(1, max(0, haptic.map { $0.value(of: .hapticIntensity) }.max() ?? 0))
    }

    static func hasHaptics(_ pattern: AHAPPattern) -> Bool {
        pattern.items.contains { if case .event(let event) = $0 { event.type.isHaptic } else { false } }
    }

    static func hasAudio(_ pattern: AHAPPattern) -> Bool {
        pattern.items.contains { if case .event(let event) = $0 { event.type.isAudio } else { false } }
    }

    private static func scaleEvents(
        _ pattern: inout AHAPPattern,
        parameter: AHAPEventParameterID,
        by scale: Double,
        where include: (AHAPEvent) -> Bool
    ) {
        for index in pattern.items.indices {
            guard case .event(var event) = pattern.items[index], include(event) else { continue }
            let value = min(parameter.range.upperBound, max(parameter.range.lowerBound, event.value(of: parameter)))
            setParameter(&event, parameter, value * scale)
            pattern.items[index] = .event(event)
        }
    }

    /// Sets a parameter, replacing every written copy of it (the reader keeps the last).
    static func setParameter(_ event: inout AHAPEvent, _ id: AHAPEventParameterID, _ value: Double) {
        guard let first = event.parameters.firstIndex(where: { $0.id == id }) else {
            event.parameters.append(AHAPEventParameter(id: id, value: value))
            return
        }
        var parameters = event.parameters
        parameters[first].value = value
        var seen = false
        parameters.removeAll { parameter in
            guard parameter.id == id else { return false }
            defer { seen = true }
            return seen
        }
        event.parameters = parameters
    }
}
