public import TemperAHAP
public import TemperPatterns

/// A custom haptic pattern in the one model every format is read into, priced and rewritten in: a
/// ``PatternTimeline``. An AHAP file's events, controls and waveforms are held as written (its
/// ``PatternTimeline/items``), every other format's as its reader returned them; ``PatternTimeline/source`` says
/// which format it came from, so a rewritten pattern is written back in its own format.
public typealias HapticPattern = PatternTimeline

extension HapticPattern {
    /// An AHAP pattern, with the waveforms its audio events name (keyed by event index).
    public static func ahap(_ pattern: AHAPPattern, waveforms: [Int: AHAPWaveform] = [:]) -> HapticPattern {
        PatternTimeline(ahap: pattern, waveforms: waveforms)
    }

    /// The format the pattern was read from.
    public var format: PatternFormat { source }
}

/// A custom haptic pattern, read at load time (never on the hot path).
public struct HapticPatternRequest: Sendable, Hashable {
    public var content: HapticPattern
    /// The file the pattern came from, when it came from one; for messages only.
    public var sourceFile: String?

    public init(content: HapticPattern, sourceFile: String? = nil) {
        self.content = content
        self.sourceFile = sourceFile
    }

    /// An AHAP pattern.
    public init(pattern: AHAPPattern, sourceFile: String? = nil, waveforms: [Int: AHAPWaveform] = [:]) {
        self.init(content: .ahap(pattern, waveforms: waveforms), sourceFile: sourceFile)
    }

    /// A request built from a document the AHAP reader returned.
    public init(document: AHAPDocument, sourceFile: String? = nil) {
        self.init(pattern: document.pattern, sourceFile: sourceFile, waveforms: document.waveforms)
    }
}
