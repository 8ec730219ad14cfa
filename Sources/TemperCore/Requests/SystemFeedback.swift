/// The cheap, system-tuned feedbacks: the fallback a custom pattern degrades to.
///
/// JSON: `{"type": "impact", "style": "heavy", "intensity": 0.8}`, `{"type": "selection"}`,
/// `{"type": "notification", "notification": "warning"}`.
public enum SystemFeedback: Sendable, Hashable {
    /// An impact of a style with an intensity from 0 to 1.
    case impact(ImpactStyle, intensity: Double)
    /// A detent tick.
    case selection
    case notification(NotificationStyle)

    /// An impact with its intensity multiplied by `scale` (kept within 0…1); the other feedbacks have no intensity
    /// and stay as they are. The intensity rule and the trim both scale through this.
    public func scalingIntensity(by scale: Double) -> SystemFeedback {
        guard case .impact(let style, let intensity) = self else { return self }
        return .impact(style, intensity: min(1, max(0, intensity * scale)))
    }

    /// A one-word description for messages, e.g. `impact medium 0.80`.
    public var summary: String {
        switch self {
        case .impact(let style, let intensity): "impact \(style.rawValue) \(intensity.formatted2)"
        case .selection: "selection"
        case .notification(let kind): "notification \(kind.rawValue)"
        }
    }
}
