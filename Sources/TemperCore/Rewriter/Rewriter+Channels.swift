/// One channel of feedback. A request can hold more than one (an AHAP pattern carries haptics and sounds), and
/// the brief's harmony principle (what you feel matches what you hear) asks that each be accounted for.
public enum FeedbackChannel: String, Sendable, Hashable, Codable, CodingKeyRepresentable, CaseIterable {
    case haptics
    case audio
    case visual

    /// The channel a rule acts on, from its name; `nil` for rules over the whole request (budget, the energy
    /// guard, exempt usages), which act on the request's first channel.
    init?(rule: String) {
        // The text before the first dot that is not leading, read in place: a decision asks this for every rule.
        let name = rule.drop { $0 == "." }
        guard rule.contains("."), let channel = Self(rawValue: String(name.prefix { $0 != "." })) else { return nil }
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
        // What plays as asked holds the channels asked for: not worked out again, nor its summary built again.
        let asAsked = rules.isEmpty && result.map { $0.kind == original.kind } == true
        if asAsked, let summary = Self.summaryAsAsked(asked) { return summary }
        let playing = result.map { asAsked ? asked : $0.channels } ?? []
        var summary: [FeedbackChannel: String] = [:]
        let ruleChannels = rules.map { FeedbackChannel(rule: $0.rule) ?? lead }
        for channel in asked {
            var said = ""
            for (rule, ruleChannel) in zip(rules, ruleChannels) where ruleChannel == channel {
                said += said.isEmpty ? rule.reason.message : "; " + rule.reason.message
            }
            if playing.contains(channel) {
                summary[channel] = said.isEmpty ? "as asked" : said
            } else {
                summary[channel] = said.isEmpty ? "not played" : "not played: \(said)"
            }
        }
        return summary
    }

    /// The summary of a request played as asked holding `channels` (in ``FeedbackChannel``'s order), made once:
    /// most decisions pass.
    private static func summaryAsAsked(_ channels: [FeedbackChannel]) -> [FeedbackChannel: String]? {
        switch (channels.count, channels.first) {
        case (1, .haptics?): hapticsAsAsked
        case (1, .audio?): audioAsAsked
        case (1, .visual?): visualAsAsked
        case (2, .haptics?) where channels[1] == .audio: hapticsAndAudioAsAsked
        default: nil
        }
    }

    private static let hapticsAsAsked: [FeedbackChannel: String] = [.haptics: "as asked"]
    private static let audioAsAsked: [FeedbackChannel: String] = [.audio: "as asked"]
    private static let visualAsAsked: [FeedbackChannel: String] = [.visual: "as asked"]
    private static let hapticsAndAudioAsAsked: [FeedbackChannel: String] = [.haptics: "as asked", .audio: "as asked"]
}
