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
    public static func write(
        _ timeline: PatternTimeline,
        to target: PatternTarget,
        flavor: AHAPFlavor = .coreHaptics,
        sharpness: SharpnessScale = .centred
    ) -> Converted<[UInt8]> {
        switch target {
        case .ahap:
            let converted = AHAPConversion.convert(timeline, flavor: flavor, sharpness: sharpness)
            return Converted(output: AHAPWriter.write(converted.output), losses: converted.losses)
        case .haptic:
            return HapticFileWriter.write(timeline, sharpness: sharpness)
        case .androidWaveform:
            let converted = StepConversion.androidWaveform(timeline)
            return Converted(output: Array(converted.output.json.utf8), losses: converted.losses)
        case .androidXML:
            let converted = AndroidXMLWriter.write(timeline)
            return Converted(output: Array(converted.output.utf8), losses: converted.losses)
        case .rumble:
            let converted = StepConversion.rumble(timeline, flavor: flavor)
            return Converted(output: Array(converted.output.json.utf8), losses: converted.losses)
        }
    }
}
