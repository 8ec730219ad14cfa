import TemperAHAP

/// The edits that treat an AHAP pattern's haptic and audio events as two channels of one event (the brief's
/// harmony principle): haptic rules replace or remove the haptic events and leave the sounds where they are, and
/// a capped rumble's paired sound can end with it.
extension PatternEditing {
    /// The onset of the first haptic event; `nil` without haptics.
    static func firstHapticOnset(_ pattern: AHAPPattern) -> Double? {
        pattern.events.lazy.filter { $0.type.isHaptic }.map(\.time).min()
    }

    /// Removes the haptic events and the haptic controls (dynamic parameters and curves), which act on nothing
    /// else; audio events and audio controls stay as they are. Returns how many events went.
    static func removeHaptics(_ pattern: inout AHAPPattern) -> Int {
        let before = pattern.events.count
        pattern.items.removeAll { item in
            switch item {
            case .event(let event): event.type.isHaptic
            case .parameter(let parameter): AHAPControls.hapticControls.contains(parameter.id)
            case .curve(let curve): AHAPControls.hapticControls.contains(curve.id)
            }
        }
        return before - pattern.events.count
    }

    /// Replaces the haptic events (and their controls) with `stand-in`'s events moved to `onset`, where the first
    /// haptic event was: a system feedback written as AHAP (``SystemFeedbackPatterns``), so it costs what the
    /// system feedback costs.
    static func replaceHaptics(_ pattern: inout AHAPPattern, with standIn: AHAPPattern, at onset: Double) {
        let first = pattern.items.firstIndex { if case .event(let event) = $0 { event.type.isHaptic } else { false } }
        var prefix = 0
        if let first {
            // Count what stays before the first haptic event, so the stand-in takes its place in the item order.
            prefix =
                pattern.items[..<first].filter { item in
                    switch item {
                    case .event: true
                    case .parameter(let parameter): !AHAPControls.hapticControls.contains(parameter.id)
                    case .curve(let curve): !AHAPControls.hapticControls.contains(curve.id)
                    }
                }.count
        }
        _ = removeHaptics(&pattern)
        let moved: [AHAPItem] = standIn.events.map { event in
            var event = event
            event.time += onset
            return .event(event)
        }
        pattern.items.insert(contentsOf: moved, at: min(prefix, pattern.items.count))
    }

    /// Ends each audio event paired with a capped rumble (its onset within `window` of the rumble's) when the
    /// rumble now ends, with the rumble's release, unless it already ends by then. `waveformSeconds` gives an
    /// `AudioCustom` event's real length by event index. Returns the sounds shortened.
    static func capPairedAudio(
        _ pattern: inout AHAPPattern,
        with capped: [CappedEvent],
        window: Double,
        waveformSeconds: [Int: Double]
    ) -> [CappedEvent] {
        guard !capped.isEmpty else { return [] }
        // The sampler is the one reader of how long a sound plays (custom audio: its waveform, looped or not).
        let sampler = AHAPSampler(pattern: pattern, waveformDurations: waveformSeconds)
        var shortened: [CappedEvent] = []
        var eventIndex = -1
        for index in pattern.items.indices {
            guard case .event(var event) = pattern.items[index] else { continue }
            eventIndex += 1
            guard event.type.isAudio else { continue }
            let pairs = capped.filter { abs($0.time - event.time) <= window + 1e-9 }
            guard let pair = pairs.max(by: { $0.time + $0.newDuration < $1.time + $1.newDuration }) else { continue }
            let end = pair.time + pair.newDuration
            let length = sampler.span(eventIndex: eventIndex).end - event.time
            let newLength = end - event.time
            guard event.time + length > end + 1e-9, newLength > 0.001 else { continue }
            let unit = AHAPSampler.envelopeSecondsPerUnit
            let release = min(max(pair.releaseSeconds, event.value(of: .releaseTime) * unit), newLength, unit)
            event.duration = newLength
            setParameter(&event, .releaseTime, release / unit)
            pattern.items[index] = .event(event)
            shortened.append(CappedEvent(time: event.time, oldDuration: length, newDuration: newLength, releaseSeconds: release))
        }
        return shortened
    }
}
