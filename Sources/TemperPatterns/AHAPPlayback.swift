public import TemperAHAP

extension AHAPConversion {
    /// Pieces per unit of √amplitude (or sharpness) change on a ramp: Core Haptics interpolates the intensity
    /// control linearly, i.e. √amplitude, where the source ramps amplitude; a ramp cut into n pieces plays
    /// 1/(3n²) of its energy differently at worst (0 → 1 in 48 pieces: 0.01 %). Sharpness needs the finer cut: off
    /// resonance a one-actuator profile's price climbs steeply with it (about 30× at sharpness 0 on the phone), and
    /// at 12 pieces eight corpus `.haptic` files with frequency ramps priced 2.3–6.4 % above their AHAP.
    static let rampPiecesPerUnit = 48.0
    /// How long the intensity curve is raised under a transient so Core Haptics, which multiplies a transient's
    /// intensity by the curve at its onset, plays it at the source's level. The continuous event plays the
    /// raised level that long, which the source does not: off resonance it draws more than the click at the same
    /// level, so the raise is as short as a time written to the file keeps (0.1 ms; at 1 ms, a clip with two
    /// emphases on a quiet track priced 2.5 % above its source).
    static let raiseSeconds = 0.0001
    /// Core Haptics takes at most 16 control points a curve.
    static let maxCurvePoints = 16

    /// One moment of the intensity and sharpness curves.
    private struct CurvePoint {
        var time: Double
        var intensity: Double
        var sharpness: Double
    }

    /// A transient to play at `time` at `intensity` (what the source plays, before the curve multiplies it).
    private struct Hit {
        var time: Double
        var intensity: Double
        var sharpness: Double
    }

    /// ``AHAPFlavor/coreHaptics``: one AHAP that Core Haptics plays as the source plays (see the flavor).
    static func playback(_ timeline: PatternTimeline, scale: SharpnessScale) -> Converted<AHAPPattern> {
        var losses: [ConversionLoss] = []
        var pattern = AHAPPattern(version: 1.0)
        let track = timeline.primaryTrack(losses: &losses)
        if track?.frequencyUnit == .hertz, track?.frequency.isEmpty == false {
            losses.append(
                ConversionLoss(
                    .frequencyMapped,
                    "frequencies in Hz written as sharpness over \(Int(scale.lowHz))–\(Int(scale.highHz)) Hz, clamped to it"
                )
            )
        }
        var hits: [Hit] = []
        for point in track?.amplitude ?? [] {
            guard let emphasis = point.emphasis else { continue }
            hits.append(Hit(time: point.time, intensity: unit(emphasis.amplitude).squareRoot(), sharpness: unit(emphasis.frequency)))
        }
        for transient in timeline.transients {
            hits.append(
                Hit(
                    time: transient.time,
                    intensity: unit(transient.amplitude).squareRoot(),
                    sharpness: transient.frequency.map(unit) ?? scale.resonanceSharpness
                )
            )
        }
        hits = hits.filter { $0.time.isFinite && $0.time >= 0 }
        var curve: [CurvePoint] = []
        if let track, !track.amplitude.isEmpty {
            curve = curvePoints(track, hits: hits, scale: scale)
            pattern.items += curves(.hapticIntensityControl, curve.map { ($0.time, $0.intensity) })
            if !track.frequency.isEmpty { pattern.items += curves(.hapticSharpnessControl, curve.map { ($0.time, $0.sharpness) }) }
            let sharpness = track.frequency.isEmpty ? scale.resonanceSharpness : 0
            for span in activeSpans(track, hits: hits) {
                pattern.items += continuousEvents(from: span.start, until: span.end, sharpness: sharpness)
            }
        }
        for hit in hits.sorted(by: { $0.time < $1.time }) {
            let control = curve.isEmpty ? 1 : curveValue(curve, at: hit.time)
            let intensity = control > 0 ? min(hit.intensity / control, 1) : 0
            pattern.items.append(
                .event(
                    AHAPEvent(
                        type: .hapticTransient,
                        time: hit.time,
                        parameters: [
                            AHAPEventParameter(id: .hapticIntensity, value: intensity),
                            AHAPEventParameter(id: .hapticSharpness, value: hit.sharpness),
                        ]
                    )
                )
            )
        }
        if timeline.transients.contains(where: { $0.effect != nil }) {
            losses.append(
                ConversionLoss(
                    .effectApproximated,
                    "Android primitives and predefined effects written as plain HapticTransients"
                )
            )
        }
        if timeline.repeatStart != nil { losses.append(ConversionLoss(.repeatDropped, "AHAP cannot loop; the pattern plays once")) }
        return Converted(output: pattern, losses: losses)
    }

    /// The curves' points: every breakpoint of the track (a step as two points at one time), ramps cut into
    /// pieces, and the curve raised to each transient's level for ``raiseSeconds`` from its onset.
    private static func curvePoints(_ track: PatternTrack, hits: [Hit], scale: SharpnessScale) -> [CurvePoint] {
        let end = track.amplitude.last?.time ?? 0
        var raises: [Double: Double] = [:]
        for hit in hits { raises[hit.time] = max(raises[hit.time] ?? 0, hit.intensity) }
        var knots = Set(track.amplitude.map(\.time))
        knots.formUnion(track.frequency.map(\.time).filter { $0 <= end })
        for time in raises.keys {
            knots.insert(time)
            knots.insert(time + raiseSeconds)
        }
        let sorted = knots.sorted()
        let value = { (time: Double) in
            CurvePoint(
                time: time,
                intensity: unit(track.amplitude(at: time)).squareRoot(),
                sharpness: sharpness(track, at: time, scale: scale)
            )
        }
        var points: [CurvePoint] = []
        var raised: (until: Double, level: Double)?
        for (index, time) in sorted.enumerated() {
            // Inside a raise only another transient's onset counts: it ends the raise early and starts its own.
            if let raise = raised, time < raise.until, raises[time] == nil { continue }
            var before = value(time.nextDown)
            before.time = time
            let at = value(time)
            if let raise = raised {
                points.append(CurvePoint(time: time, intensity: raise.level, sharpness: before.sharpness))
                raised = nil
            } else if !points.isEmpty, abs(before.intensity - at.intensity) > 1e-12 || abs(before.sharpness - at.sharpness) > 1e-12 {
                // A real step, not the last bits of a ramp evaluated on both sides of its breakpoint.
                points.append(before)
            }
            points.append(at)
            if let level = raises[time], level > at.intensity {
                points.append(CurvePoint(time: time, intensity: level, sharpness: at.sharpness))
                raised = (time + raiseSeconds, level)
                continue
            }
            guard index + 1 < sorted.count else { continue }
            let next = sorted[index + 1]
            let target = value(next.nextDown)
            let change = max(abs(target.intensity - at.intensity), abs(target.sharpness - at.sharpness))
            // A ramp too short to follow plays as a step (``PatternTimeline/shortestRampSeconds``): no pieces.
            let pieces = next - time < PatternTimeline.shortestRampSeconds ? 1 : Int((change * rampPiecesPerUnit).rounded(.up))
            for piece in stride(from: 1, to: max(pieces, 1), by: 1) {
                points.append(value(time + (next - time) * Double(piece) / Double(pieces)))
            }
        }
        return points
    }

    /// Where the continuous events play: each stretch where the track is above 0. Core Haptics multiplies a
    /// transient by the curve, not by an event, so a transient in a silent stretch plays at its raised curve
    /// with nothing continuous under it; a stretch a transient opens starts ``raiseSeconds`` later, after the
    /// raise, so the continuous event does not play the transient's level from rest (the click covers that
    /// moment in the source as well).
    private static func activeSpans(_ track: PatternTrack, hits: [Hit]) -> [(start: Double, end: Double)] {
        var spans: [(start: Double, end: Double)] = []
        for (a, b) in zip(track.amplitude, track.amplitude.dropFirst()) where b.time > a.time && (a.value > 0 || b.value > 0) {
            if let last = spans.last, last.end >= a.time {
                spans[spans.count - 1].end = b.time
            } else {
                spans.append((a.time, b.time))
            }
        }
        return spans.compactMap { span in
            let opening = hits.contains {
                abs($0.time - span.start) <= 1e-9 && $0.intensity > unit(track.amplitude(at: span.start)).squareRoot()
            }
            let start = opening ? span.start + raiseSeconds : span.start
            return span.end > start ? (start, span.end) : nil
        }
    }

    /// The sharpness the track asks for at `time`: √f for a normalized frequency (as the upstream converters map
    /// it), the device's sharpness for Hz, and the resonance's without frequency.
    private static func sharpness(_ track: PatternTrack, at time: Double, scale: SharpnessScale) -> Double {
        guard let frequency = track.frequency(at: time) else { return scale.resonanceSharpness }
        return track.frequencyUnit == .hertz ? scale.sharpness(hertz: frequency) : unit(frequency).squareRoot()
    }

    /// The curve's value at `time` as Core Haptics reads it: linear between points, the later of two points at
    /// one time from that time on.
    private static func curveValue(_ points: [CurvePoint], at time: Double) -> Double {
        PatternInterpolation.value(at: time, count: points.count, time: { points[$0].time }, value: { points[$0].intensity })
    }

    /// Curves of at most ``maxCurvePoints`` points, each starting at its first point with times relative to it,
    /// the next one starting where the previous ends; a step (two points at one time) is never a curve's start.
    private static func curves(_ id: AHAPDynamicParameterID, _ points: [(time: Double, value: Double)]) -> [AHAPItem] {
        var items: [AHAPItem] = []
        var start = 0
        while start < points.count {
            // A curve reads its first point at its start, so it starts at the last of points sharing a time.
            while start + 1 < points.count, points[start + 1].time == points[start].time { start += 1 }
            let end = min(start + maxCurvePoints, points.count)
            let origin = points[start].time
            let controlPoints = points[start..<end].map { AHAPControlPoint(time: $0.time - origin, value: $0.value) }
            items.append(.curve(AHAPParameterCurve(id: id, time: origin, controlPoints: controlPoints)))
            if end == points.count { break }
            start = end - 1
        }
        return items
    }

    private static func unit(_ value: Double) -> Double { value.isFinite ? min(max(value, 0), 1) : 0 }
}
