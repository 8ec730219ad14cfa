/// One feedback request an app wants to play: a haptic pattern, an audio cue, a system feedback or a visual effect.
///
/// In JSON a request names its id and usage, an optional target time, and exactly one payload key that gives its
/// kind: `haptic`, `audio`, `system` or `visual`:
///
/// ```json
/// { "id": "ring-explosion", "usage": "game", "targetTimeSeconds": 12.05,
///   "haptic": { "file": "explosion.ahap" } }
/// ```
///
/// An optional `device` names the output device when it is not the host itself: a peripheral's kind
/// (`"gamepad"`), its UPower object path or its serial (see ``device``).
public struct SensoryRequest: Sendable, Hashable {
    /// Identifies the request in decisions, the pending queue and cancellation.
    public var id: String
    public var usage: UsageClass
    /// When the feedback should fire, in seconds on the governor's clock (see ``GovernorClock``). The design brief
    /// schedules at now + δ (about 50 ms) so audio, haptics and visuals can all arm and fire together.
    /// `nil` means as soon as possible.
    public var targetTime: Double?
    public var kind: Kind
    /// The device the feedback plays on, when not the host itself: a peripheral's kind as UPower spells it
    /// (`gaming-input`, `mouse`, `headset`, …) or an alias (`gamepad`, `controller`), its UPower object path, native
    /// path or serial (see ``Peripheral/matches(_:)``). A peripheral with a low or critical battery degrades
    /// feedback aimed at it by the policy's ``Policy/peripherals`` rules; one that is not found leaves the host's
    /// rules alone, with the reason `peripheral.notFound`. `nil`: the host.
    public var device: String?

    public init(id: String, usage: UsageClass, targetTime: Double? = nil, kind: Kind, device: String? = nil) {
        self.id = id
        self.usage = usage
        self.targetTime = targetTime
        self.kind = kind
        self.device = device
    }

    /// The four kinds of feedback Temper governs.
    public enum Kind: Sendable, Hashable {
        indirect case haptic(HapticPatternRequest)
        indirect case audio(AudioCue)
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
