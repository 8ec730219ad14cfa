public import TemperAHAP

/// Whose `.haptic` → AHAP convention to follow: one AHAP that plays what the source plays (Temper's), or one of
/// the two upstream converters, whose tests lock in two differences between them.
public enum AHAPFlavor: String, Sendable, Hashable, CaseIterable {
    /// One AHAP that Core Haptics plays as the source plays, so it costs what the source costs:
    /// - a transient or emphasis plays at the source's level: Core Haptics multiplies a transient's intensity by
    ///   the intensity curve at its onset, so the curve is raised to the transient's level for 0.1 ms there (the
    ///   upstream players avoid this by playing transients as a second pattern, which one file cannot);
    /// - a track without frequency says the sharpness of the actuator's resonance, which is what it plays (the
    ///   upstream converters write sharpness 0, the far low end of the range);
    /// - ramps are cut into pieces, so Core Haptics' linear ramp of the intensity control (√amplitude) plays the
    ///   source's linear ramp of amplitude within 0.5 %, and nothing is ducked;
    /// - curves of at most 16 points with times relative to each curve's start, so none plays late;
    /// - Hz are written as the sharpness that drives them on the target's range (``SharpnessScale``).
    case coreHaptics = "core-haptics"
    /// Nice Vibrations (`core/datamodel/src/ios/v1.rs`): curves split into pieces of at most 16 control points,
    /// an emphasis on the first amplitude breakpoint dropped, and `Metadata` with `Project`, `Created` (from
    /// `author`) and `Description`.
    case niceVibrations = "nice-vibrations"
    /// Meta Haptics SDK (`core/haptic_data/src/ahap.rs`): one curve per envelope, every emphasis kept, no
    /// `Metadata`.
    case meta
}

/// Timeline → AHAP. ``AHAPFlavor/coreHaptics`` writes what plays as the source plays; the upstream flavors write
/// what the upstream `.haptic` converters do:
/// - amplitude `a` → `HapticIntensityControl` point `sqrt(a)`, ducked by 20 % where the breakpoint has emphasis;
/// - frequency `f` → `HapticSharpnessControl` point `sqrt(f)`;
/// - `HapticContinuous` events (intensity 1, sharpness 0) of at most 30 s covering the amplitude envelope;
/// - each emphasis → a `HapticTransient` with intensity `sqrt(ea)` and sharpness `ef` (linear, as upstream).
/// Control point times are absolute, as both upstream converters write them, although a curve's own `Time` is
/// its first point's: Core Haptics adds the two, so a piece that does not start at 0 (Nice Vibrations' pieces
/// after the first 16 points, or any curve whose first breakpoint is later than 0) plays late. Reproducing the
/// upstream output is the point of these flavors, so this is kept, and named in the losses, as are the
/// transients the intensity curve scales, sharpness 0 for a track without frequency, and ramps that Core Haptics
/// bends (it ramps √amplitude).
///
/// Other transients (AHAP's own, Android primitives) become `HapticTransient`s the same way.
public enum AHAPConversion: Sendable {
    static let ducking = 0.2
    static let maxContinuousSeconds: Float = 30
    static let chunk = 15

    public static func convert(
        _ timeline: PatternTimeline,
        flavor: AHAPFlavor,
        sharpness: SharpnessScale = .centred
    ) -> Converted<AHAPPattern> {
        if flavor == .coreHaptics { return playback(timeline, scale: sharpness) }
        var losses: [ConversionLoss] = []
        var pattern = AHAPPattern(version: 1.0)
        var transients: [AHAPItem] = []
        let track = timeline.normalizedPrimaryTrack(scale: sharpness, losses: &losses)
        let amplitude = track?.amplitude ?? []

        if let first = amplitude.first {
            switch flavor {
            case .meta, .coreHaptics:
                pattern.items.append(curve(.hapticIntensityControl, amplitude.map { ($0.time, intensity($0)) }))
                transients += amplitude.compactMap(transient)
            case .niceVibrations:
                var start = (first.time, intensity(first))
                for piece in chunks(amplitude.dropFirst()) {
                    pattern.items.append(curve(.hapticIntensityControl, [start] + piece.map { ($0.time, intensity($0)) }))
                    transients += piece.compactMap(transient)
                    start = (piece.last!.time, intensity(piece.last!))
                }
                if first.emphasis != nil {
                    losses.append(
                        ConversionLoss(
                            .emphasisMerged,
                            "the emphasis on the first amplitude breakpoint dropped (Nice Vibrations' converter does)"
                        )
                    )
                }
                if amplitude.count > chunk + 1 {
                    losses.append(
                        ConversionLoss(
                            .pointsThinned,
                            "amplitude curve split into pieces of at most 16 points; pieces after the first play late in Core Haptics (Nice Vibrations writes absolute point times in curves that start later)"
                        )
                    )
                }
            }
        }
        if let frequency = track?.frequency, !frequency.isEmpty {
            let points = frequency.map { ($0.time, $0.value.squareRoot()) }
            switch flavor {
            case .meta, .coreHaptics:
                pattern.items.append(curve(.hapticSharpnessControl, points))
            case .niceVibrations:
                var start = points[0]
                for piece in chunks(points.dropFirst()) {
                    pattern.items.append(curve(.hapticSharpnessControl, [start] + piece))
                    start = piece.last!
                }
                if points.count > chunk + 1 {
                    losses.append(ConversionLoss(.pointsThinned, "sharpness curve split into pieces of at most 16 points"))
                }
            }
        }
        if let first = amplitude.first, first.time > 0 {
            losses.append(
                ConversionLoss(
                    .pointsThinned,
                    "the curves start at \(first.time) s with absolute point times, as upstream writes them; Core Haptics plays them that much late"
                )
            )
        }
        pattern.items += continuousEvents(from: 0, until: amplitude.last?.time ?? 0, sharpness: 0)
        pattern.items += transients
        for extra in timeline.transients {
            pattern.items.append(
                .event(
                    AHAPEvent(
                        type: .hapticTransient,
                        time: extra.time,
                        parameters: [
                            AHAPEventParameter(id: .hapticIntensity, value: min(max(extra.amplitude, 0), 1).squareRoot()),
                            AHAPEventParameter(id: .hapticSharpness, value: min(max(extra.frequency ?? 0.5, 0), 1)),
                        ]
                    )
                )
            )
        }
        if timeline.transients.contains(where: { $0.effect != nil }) {
            losses.append(
                ConversionLoss(.effectApproximated, "Android primitives and predefined effects written as plain HapticTransients")
            )
        }
        if timeline.repeatStart != nil {
            losses.append(ConversionLoss(.repeatDropped, "AHAP cannot loop; the pattern plays once"))
        }
        if let track { losses += upstreamPlayback(track, timeline.transients) }
        if flavor == .niceVibrations {
            let value = { (key: String) in timeline.metadataValue(key) ?? "" }
            pattern.metadata = [
                AHAPMetadataEntry(key: "Project", value: value("project")),
                AHAPMetadataEntry(key: "Created", value: value("author")),
                AHAPMetadataEntry(key: "Description", value: value("description")),
            ]
        }
        return Converted(output: pattern, losses: losses)
    }

    private static func intensity(_ point: PatternPoint) -> Double {
        let root = point.value.squareRoot()
        return point.emphasis == nil ? root : root * (1 - ducking)
    }

    private static func transient(_ point: PatternPoint) -> AHAPItem? {
        guard let emphasis = point.emphasis else { return nil }
        return .event(
            AHAPEvent(
                type: .hapticTransient,
                time: point.time,
                parameters: [
                    AHAPEventParameter(id: .hapticIntensity, value: emphasis.amplitude.squareRoot()),
                    AHAPEventParameter(id: .hapticSharpness, value: emphasis.frequency),
                ]
            )
        )
    }

    private static func chunks<C: Collection>(_ elements: C) -> [[C.Element]] {
        var result: [[C.Element]] = []
        var current: [C.Element] = []
        for element in elements {
            current.append(element)
            if current.count == chunk {
                result.append(current)
                current = []
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    private static func curve(_ id: AHAPDynamicParameterID, _ points: [(Double, Double)]) -> AHAPItem {
        .curve(
            AHAPParameterCurve(id: id, time: points.first?.0 ?? 0, controlPoints: points.map { AHAPControlPoint(time: $0.0, value: $0.1) })
        )
    }

    /// What Core Haptics plays differently from the source in an upstream flavor's AHAP: transients under the
    /// intensity curve (ducked at an emphasis), sharpness 0 without frequency, and ramps of √amplitude.
    private static func upstreamPlayback(_ track: PatternTrack, _ others: [PatternTransient]) -> [ConversionLoss] {
        var losses: [ConversionLoss] = []
        let amplitude = track.amplitude
        guard !amplitude.isEmpty else { return losses }
        var scaled: [Double] = []
        var muted = 0
        for point in amplitude where point.emphasis.map({ $0.amplitude > 0 }) == true {
            scaled.append(point.time)
            if intensity(point) == 0 { muted += 1 }
        }
        for other in others where other.amplitude > 0 {
            scaled.append(other.time)
            if track.amplitude(at: other.time) == 0 { muted += 1 }
        }
        if !scaled.isEmpty {
            let message =
                muted == scaled.count
                ? "emphasis under a zero intensity curve: \(muted) transient(s) would not play"
                : "emphasis under the intensity curve, which Core Haptics multiplies into transients: \(scaled.count) transient(s) "
                    + "play at the curve's level" + (muted > 0 ? ", \(muted) of them not at all" : "")
            losses.append(ConversionLoss(.emphasisScaled, message, times: scaled))
        }
        if track.frequency.isEmpty {
            losses.append(
                ConversionLoss(
                    .sharpnessDefaulted,
                    "no frequency: sharpness 0 written (the low end of the range) where the source plays at the actuator's resonance"
                )
            )
        }
        if zip(amplitude, amplitude.dropFirst()).contains(where: { $0.time < $1.time && $0.value != $1.value }) {
            losses.append(
                ConversionLoss(.rampsReshaped, "ramps play in √amplitude (Core Haptics ramps the intensity control), linear in the source")
            )
        }
        return losses
    }

    /// `HapticContinuous` events of at most 30 s from `start` to `end`, in single precision as upstream computes
    /// them.
    static func continuousEvents(from start: Double, until end: Double, sharpness: Double) -> [AHAPItem] {
        var remaining = Float(end) - Float(start)
        let count = Int((remaining / maxContinuousSeconds).rounded(.up))
        var events: [AHAPItem] = []
        for index in 0..<max(count, 0) {
            let duration = remaining > maxContinuousSeconds ? maxContinuousSeconds : remaining
            remaining -= duration
            events.append(
                .event(
                    AHAPEvent(
                        type: .hapticContinuous,
                        time: Double(Float(start) + Float(index) * maxContinuousSeconds),
                        duration: Double(duration),
                        parameters: [
                            AHAPEventParameter(id: .hapticIntensity, value: 1),
                            AHAPEventParameter(id: .hapticSharpness, value: sharpness),
                        ]
                    )
                )
            )
        }
        return events
    }
}
