/// One feedback request an app wants to play: a haptic pattern, an audio cue, a system feedback or a visual effect.
///
/// In JSON a request names its id and usage, an optional target time, and exactly one payload key that gives its
/// kind: `haptic`, `audio`, `system` or `visual`:
///
/// ```json
/// { "id": "ring-explosion", "usage": "game", "targetTimeSeconds": 12.05,
///   "haptic": { "file": "explosion.ahap" } }
/// ```
public struct SensoryRequest: Sendable, Hashable {
    /// Identifies the request in decisions, the pending queue and cancellation.
    public var id: String
    public var usage: UsageClass
    /// When the feedback should fire, in seconds on the governor's clock (see ``GovernorClock``). The design brief
    /// schedules at now + δ (about 50 ms) so audio, haptics and visuals can all arm and fire together.
    /// `nil` means as soon as possible.
    public var targetTime: Double?
    public var kind: Kind

    public init(id: String, usage: UsageClass, targetTime: Double? = nil, kind: Kind) {
        self.id = id
        self.usage = usage
        self.targetTime = targetTime
        self.kind = kind
    }

    /// The four kinds of feedback Temper governs.
    public enum Kind: Sendable, Hashable {
        case haptic(HapticPatternRequest)
        case audio(AudioCue)
        case system(SystemFeedback)
        case visual(VisualEffect)

        /// `haptic`, `audio`, `system` or `visual`: the JSON key and the metrics label.
        public var name: String {
            switch self {
            case .haptic: "haptic"
            case .audio: "audio"
            case .system: "system"
            case .visual: "visual"
            }
        }
    }

    /// The same request with another payload.
    public func with(kind: Kind) -> SensoryRequest {
        var copy = self
        copy.kind = kind
        return copy
    }
}
