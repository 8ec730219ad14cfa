public import TemperAHAP

/// A custom haptic pattern: an AHAP model, read at load time (never on the hot path).
public struct HapticPatternRequest: Sendable, Hashable {
    public var pattern: AHAPPattern
    /// The `.ahap` file the pattern came from, when it came from one; for messages only.
    public var sourceFile: String?
    /// Waveforms the pattern's audio events name, resolved by the reader; keyed by event index.
    public var waveforms: [Int: AHAPWaveform]

    public init(pattern: AHAPPattern, sourceFile: String? = nil, waveforms: [Int: AHAPWaveform] = [:]) {
        self.pattern = pattern
        self.sourceFile = sourceFile
        self.waveforms = waveforms
    }

    /// A request built from a document the AHAP reader returned.
    public init(document: AHAPDocument, sourceFile: String? = nil) {
        self.init(pattern: document.pattern, sourceFile: sourceFile, waveforms: document.waveforms)
    }
}
