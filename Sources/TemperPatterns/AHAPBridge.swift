public import TemperAHAP

/// AHAP ↔ timeline. Timeline → AHAP is ``AHAPConversion``; this is the way back.
///
/// The continuous haptic events are rendered with ``AHAPSampler`` (event values, parameter curves and
/// envelopes) at every moment something changes: event starts and ends, curve control points, `Parameter`
/// items, and a 10 ms grid inside events with an attack, decay or release. That gives a piecewise-linear track
/// that matches the sampler at each of those moments, exact for patterns whose controls are linear curves.
/// Levels map back as the upstream converters map forward: amplitude = intensity², frequency = sharpness²
/// (where events overlap, the louder one counts); a `HapticTransient` becomes a transient with amplitude
/// intensity² and frequency = sharpness, the inverse of the emphasis mapping. Audio events are not haptics and
/// are left out, with a loss each.
public enum AHAPBridge: Sendable {
    static let envelopeStep = 0.010
    /// The most breakpoints one pattern may turn into, so a pattern of huge events cannot balloon memory.
    static let maxBreakpoints = 200_000

    public static func timeline(from pattern: AHAPPattern, waveformDurations: [Int: Double] = [:]) -> Converted<PatternTimeline> {
        var losses: [ConversionLoss] = []
        let sampler = AHAPSampler(pattern: pattern, waveformDurations: waveformDurations)
        let events = sampler.events
        let continuous = events.indices.filter { events[$0].type == .hapticContinuous }
        var times: Set<Double> = []
        for index in continuous {
            let (start, end) = sampler.span(eventIndex: index)
            times.insert(start)
            times.insert(end)
            let event = events[index]
            let shaped =
                [AHAPEventParameterID.attackTime, .decayTime, .releaseTime].contains { event.value(of: $0) > 0 }
                || event.value(of: .sustained) == 0
            if shaped, end > start {
                var time = start
                while time < end, times.count < maxBreakpoints {
                    times.insert(time)
                    time += envelopeStep
                }
            }
        }
        for item in pattern.items {
            switch item {
            case .curve(let curve): for point in curve.controlPoints { times.insert(curve.time + point.time) }
            case .parameter(let parameter): times.insert(parameter.time)
            case .event: break
            }
        }
        var amplitude: [PatternPoint] = []
        var frequency: [PatternFrequencyPoint] = []
        if !continuous.isEmpty {
            let end = continuous.map { sampler.span(eventIndex: $0).end }.max() ?? 0
            let sorted = times.filter { $0 <= end && $0 >= 0 }.sorted().prefix(maxBreakpoints)
            var previous: (time: Double, level: (amplitude: Double, frequency: Double))?
            for time in sorted {
                let before = level(sampler, continuous, at: time.nextDown)
                if let previous {
                    for inside in rampPoints(from: previous, to: (time, before), budget: maxBreakpoints - amplitude.count) {
                        let ramped = level(sampler, continuous, at: inside)
                        amplitude.append(PatternPoint(time: inside, value: ramped.amplitude))
                        frequency.append(PatternFrequencyPoint(time: inside, value: ramped.frequency))
                    }
                }
                let at = level(sampler, continuous, at: time)
                // A real step, not the last bits of a product sampled twice.
                if abs(before.amplitude - at.amplitude) > 1e-9, time > 0 {
                    amplitude.append(PatternPoint(time: time, value: before.amplitude))
                }
                amplitude.append(PatternPoint(time: time, value: at.amplitude))
                // Frequency steps too (an event ending, another starting at another sharpness); without the
                // earlier value it would ramp across the whole span before.
                if abs(before.frequency - at.frequency) > 1e-9, time > 0 {
                    frequency.append(PatternFrequencyPoint(time: time, value: before.frequency))
                }
                frequency.append(PatternFrequencyPoint(time: time, value: at.frequency))
                previous = (time, at)
            }
        }
        var timeline = PatternTimeline(source: .ahap)
        timeline.metadata = pattern.metadata.map { PatternMetadataEntry(key: $0.key, value: $0.value) }
        if !amplitude.isEmpty { timeline.tracks = [PatternTrack(amplitude: amplitude, frequency: frequency)] }
        for index in events.indices where events[index].type == .hapticTransient {
            let values = sampler.hapticValues(eventIndex: index, at: events[index].time)
            timeline.transients.append(
                PatternTransient(time: events[index].time, amplitude: values.intensity * values.intensity, frequency: values.sharpness)
            )
        }
        let audio = events.filter { $0.type.isAudio }.count
        if audio > 0 { losses.append(ConversionLoss(.tracksMerged, "\(audio) audio event(s) left out: the target carries haptics only")) }
        return Converted(output: timeline, losses: losses)
    }

    /// The finest step of intensity or sharpness between two breakpoints. A curve ramps intensity and sharpness
    /// linearly, but the track holds their squares, which a straight line between two breakpoints would follow only
    /// at its ends: off resonance the price climbs steeply with the sharpness, so a ramp across the range read as
    /// its chord was priced up to 10 % off the AHAP itself. Steps of 1/16 keep the square within 0.001 of the curve.
    static let rampStep = 1.0 / 16

    /// The times inside a span, from `start` (its level there) to `end` (the level just before it), that cut its
    /// ramp into steps of at most ``rampStep`` of intensity or sharpness; none for a flat span, at most 63 and
    /// never more than `budget`.
    private static func rampPoints(
        from start: (time: Double, level: (amplitude: Double, frequency: Double)),
        to end: (time: Double, level: (amplitude: Double, frequency: Double)),
        budget: Int
    ) -> [Double] {
        let ramp = max(
            abs(end.level.amplitude.squareRoot() - start.level.amplitude.squareRoot()),
            abs(end.level.frequency.squareRoot() - start.level.frequency.squareRoot())
        )
        let pieces = min(Int((ramp / rampStep).rounded(.up)), 64)
        guard pieces > 1, pieces < budget else { return [] }
        return (1..<pieces).map { start.time + (end.time - start.time) * Double($0) / Double(pieces) }
    }

    private static func level(_ sampler: AHAPSampler, _ events: [Int], at time: Double) -> (amplitude: Double, frequency: Double) {
        var best = (intensity: 0.0, sharpness: 0.5)
        var found = false
        for index in events {
            let values = sampler.hapticValues(eventIndex: index, at: time)
            let (start, end) = sampler.span(eventIndex: index)
            guard time >= start, time < end else { continue }
            if !found || values.intensity > best.intensity {
                best = (values.intensity, values.sharpness)
                found = true
            }
        }
        return (clean(best.intensity * best.intensity), clean(best.sharpness * best.sharpness))
    }

    /// Rounds away the last bits of floating-point products (`1.2e-32` for a curve that reaches 0), so written
    /// files show the values the pattern meant.
    private static func clean(_ value: Double) -> Double {
        (value * 1e12).rounded() / 1e12
    }
}
