import TemperAHAP

/// The formats `temper convert` writes.
public enum PatternTarget: String, Sendable, Hashable, CaseIterable {
    case ahap, haptic
    case androidWaveform = "android-waveform"
    case androidXML = "android-xml"
    case rumble

    /// The target a pattern read in `format` is written back in: its own format where Temper writes it, Android
    /// XML for a composition (its primitives kept), AHAP for the formats Temper reads but does not write
    /// (Android envelopes, feedbackd themes).
    public static func writingBack(_ format: PatternFormat) -> PatternTarget {
        switch format {
        case .ahap, .androidEnvelope, .feedbackd: .ahap
        case .haptic, .vij: .haptic
        case .androidWaveform: .androidWaveform
        case .androidXML, .androidComposition: .androidXML
        case .rumble: .rumble
        }
    }
}

/// Writes a timeline in a target format, with what the conversion loses.
public enum PatternWriter: Sendable {
    /// - Parameters:
    ///   - flavor: How AHAP and rumble are written; by default so that they play what the timeline plays.
    ///   - sharpness: The target actuator's sharpness range and resonance, for AHAP and for Hz in `.haptic`.
    /// - Throws: ``PatternReadError/Code/outputTooLarge`` when a step-wise output would be past
    ///   ``PatternLimits/maxWrittenEntries``, checked before it is built, and when the file written would be
    ///   past ``PatternLimits/maxFileBytes``, which no reader of Temper's would read back.
    public static func write(
        _ timeline: PatternTimeline,
        to target: PatternTarget,
        flavor: AHAPFlavor = .coreHaptics,
        sharpness: SharpnessScale = .centred
    ) throws(PatternReadError) -> Converted<[UInt8]> {
        let written = try unchecked(timeline, to: target, flavor: flavor, sharpness: sharpness)
        let limit = PatternLimits.default.maxFileBytes
        guard written.output.count <= limit else {
            throw PatternReadError(
                code: .outputTooLarge,
                message:
                    "the \(target.rawValue) file of this pattern would be \(written.output.count) bytes, past the \(limit) a pattern file may be, so it could not be read back"
            )
        }
        return written
    }

    private static func unchecked(
        _ timeline: PatternTimeline,
        to target: PatternTarget,
        flavor: AHAPFlavor,
        sharpness: SharpnessScale
    ) throws(PatternReadError) -> Converted<[UInt8]> {
        if target == .ahap, !timeline.items.isEmpty {
            // AHAP's own items are written as read; tracks and transients beside them are converted and go first.
            guard !timeline.tracks.isEmpty || !timeline.transients.isEmpty else {
                return Converted(output: AHAPWriter.write(timeline.ahapPattern), losses: [])
            }
            var rest = timeline
            rest.items = []
            var converted = AHAPConversion.convert(rest, flavor: flavor, sharpness: sharpness)
            converted.output.items += timeline.items
            return Converted(output: AHAPWriter.write(converted.output), losses: converted.losses)
        }
        let flat = timeline.withoutItems()
        let written = try write(flat: flat.output, to: target, flavor: flavor, sharpness: sharpness)
        return Converted(output: written.output, losses: flat.losses + written.losses)
    }

    private static func write(
        flat timeline: PatternTimeline,
        to target: PatternTarget,
        flavor: AHAPFlavor,
        sharpness: SharpnessScale
    ) throws(PatternReadError) -> Converted<[UInt8]> {
        switch target {
        case .ahap:
            let converted = AHAPConversion.convert(timeline, flavor: flavor, sharpness: sharpness)
            return Converted(output: AHAPWriter.write(converted.output), losses: converted.losses)
        case .haptic:
            return HapticFileWriter.write(timeline, sharpness: sharpness)
        case .androidWaveform:
            let converted = try StepConversion.androidWaveform(timeline)
            try StepConversion.checkWrittenSpan(milliseconds: converted.output.timings.reduce(0, +), "an Android waveform")
            return Converted(output: Array(converted.output.json.utf8), losses: converted.losses)
        case .androidXML:
            let converted = try AndroidXMLWriter.write(timeline)
            return Converted(output: Array(converted.output.utf8), losses: converted.losses)
        case .rumble:
            let converted = try StepConversion.rumble(timeline, flavor: flavor)
            try StepConversion.checkWrittenSpan(milliseconds: converted.output.steps.reduce(0) { $0 + $1.durationMs }, "a rumble")
            return Converted(output: Array(converted.output.json.utf8), losses: converted.losses)
        }
    }
}
