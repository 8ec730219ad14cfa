/// One channel of feedback. A request can hold more than one (an AHAP pattern carries haptics and sounds), and
/// the brief's harmony principle (what you feel matches what you hear) asks that each be accounted for.
public enum FeedbackChannel: String, Sendable, Hashable, Codable, CodingKeyRepresentable, CaseIterable {
    case haptics
    case audio
    case visual

    /// The channel a rule acts on, from its name; `nil` for rules over the whole request (budget, the energy
    /// guard, exempt usages), which act on the request's first channel.
    init?(rule: String) {
        guard let prefix = rule.split(separator: ".").first, rule.contains("."), let channel = Self(rawValue: String(prefix)) else {
            return nil
        }
        self = channel
    }
}

extension SensoryRequest {
    /// The channels the request holds, in ``FeedbackChannel``'s order.
    var channels: [FeedbackChannel] {
        switch kind {
        case .haptic(let haptic):
            let content = haptic.content
            return (content.hasHaptics ? [.haptics] : []) + (content.hasAudio ? [.audio] : [])
        case .audio: return [.audio]
        case .system: return [.haptics]
        case .visual: return [.visual]
        }
    }
}

extension Rewriter {
    /// What happened to each channel `original` held: `not played` (with why) when the result lacks it, else
    /// the reasons that act on it, or `as asked`.
    func channels(of original: SensoryRequest, playing result: SensoryRequest?, rules: [FiredRule]) -> [FeedbackChannel: String] {
        let asked = original.channels
        guard let lead = asked.first else { return [:] }
        // What plays as asked holds the channels asked for: not worked out again.
        let playing = result.map { rules.isEmpty && $0.kind == original.kind ? asked : $0.channels } ?? []
        var summary: [FeedbackChannel: String] = [:]
        for channel in asked {
            let said = rules.filter { (FeedbackChannel(rule: $0.rule) ?? lead) == channel }.map(\.reason.message).joined(separator: "; ")
            if playing.contains(channel) {
                summary[channel] = said.isEmpty ? "as asked" : said
            } else {
                summary[channel] = said.isEmpty ? "not played" : "not played: \(said)"
            }
        }
        return summary
    }
}
