public import TemperAHAP
public import TemperPatterns

/// A custom haptic pattern in the model it is priced and rewritten in.
///
/// AHAP stays AHAP: its audio events, envelopes and parameter curves have no place in the timeline, and its
/// pricing and rewriting are fixed by its own tests. Every other format is carried as the format-neutral
/// ``PatternTimeline`` its reader returned, so a request prices exactly as `temper score` prices the same file,
/// and a rewritten pattern is written back in its own format.
public enum HapticPattern: Sendable, Hashable {
    /// An AHAP pattern, with the waveforms its audio events name (keyed by event index).
    case ahap(AHAPPattern, waveforms: [Int: AHAPWaveform])
    /// Any other format, as read.
    case timeline(PatternTimeline)

    /// The format the pattern was read from.
    public var format: PatternFormat {
        switch self {
        case .ahap: .ahap
        case .timeline(let timeline): timeline.source
        }
    }
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

    /// A pattern in any other format.
    public init(timeline: PatternTimeline, sourceFile: String? = nil) {
        self.init(content: .timeline(timeline), sourceFile: sourceFile)
    }

    /// A request built from a document the AHAP reader returned.
    public init(document: AHAPDocument, sourceFile: String? = nil) {
        self.init(pattern: document.pattern, sourceFile: sourceFile, waveforms: document.waveforms)
    }

    /// The AHAP pattern, when the request carries AHAP.
    public var ahap: AHAPPattern? {
        if case .ahap(let pattern, _) = content { pattern } else { nil }
    }

    /// The timeline, when the request carries any other format.
    public var timeline: PatternTimeline? {
        if case .timeline(let timeline) = content { timeline } else { nil }
    }
}
