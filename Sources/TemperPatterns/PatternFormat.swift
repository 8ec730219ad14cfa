/// The pattern formats Temper reads and writes.
public enum PatternFormat: String, Sendable, Hashable, CaseIterable {
    /// Apple Core Haptics `.ahap`.
    case ahap
    /// Meta / Lofelt `.haptic` v1.
    case haptic
    /// Lofelt `.vij` v0, upgraded to `.haptic` v1 when read.
    case vij
    /// `VibrationEffect.createWaveform` as JSON (our shape, see docs/scoring.md).
    case androidWaveform = "android-waveform"
    /// `VibrationEffect.startComposition` primitives as JSON (our shape).
    case androidComposition = "android-composition"
    /// API 36 `BasicEnvelopeBuilder` / `WaveformEnvelopeBuilder` as JSON (our shape).
    case androidEnvelope = "android-envelope"
    /// Android vibration XML (`vibration.xsd`).
    case androidXML = "android-xml"
    /// Dual-motor rumble as JSON: Nice Vibrations' `GamepadRumble` or our `rumble` list.
    case rumble
    /// A feedbackd theme (`VibraRumble`, `VibraPeriodic`, `VibraPattern`) or a Haptic `Vibrate` step list.
    case feedbackd

    /// The format a file name's extension names, when it names one unambiguously.
    public static func byExtension(_ path: String) -> PatternFormat? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "ahap": return .ahap
        case "haptic": return .haptic
        case "vij": return .vij
        case "xml": return .androidXML
        default: return nil
        }
    }
}
