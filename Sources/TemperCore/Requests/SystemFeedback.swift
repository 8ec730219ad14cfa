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

    /// A one-word description for messages, e.g. `impact medium 0.80`.
    public var summary: String {
        switch self {
        case .impact(let style, let intensity): "impact \(style.rawValue) \(intensity.formatted2)"
        case .selection: "selection"
        case .notification(let kind): "notification \(kind.rawValue)"
        }
    }
}
