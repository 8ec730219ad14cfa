/// What a change to a payload does to how strongly it is felt, in dB of amplitude (negative: weaker), with the
/// events that changed most and a verdict against the JNDs of ``VibrotactilePerception``.
///
/// Encodes as `{decibels, verdict, words, replaced, gone, changedMost: [{event, timeSeconds, decibels}]}`; an
/// event's `decibels` is `null` when it is no longer felt at all.
public struct PerceivedChange: Sendable, Hashable, Codable {
    /// How a change compares with what people notice.
    public enum Verdict: String, Sendable, Hashable, Codable, CaseIterable {
        /// Under ``VibrotactilePerception/unnoticeableDecibels``.
        case unnoticeable
        /// Up to ``VibrotactilePerception/edgeDecibels``: around the amplitude JND.
        case edge
        /// Up to ``VibrotactilePerception/largeDecibels``.
        case noticeable
        /// From ``VibrotactilePerception/largeDecibels``, or the feel replaced or gone.
        case large
    }

    /// One event's change.
    public struct EventChange: Sendable, Hashable, Codable {
        /// Its kind, as the energy estimate names it.
        public var event: String
        public var timeSeconds: Double
        /// `nil`: no longer felt at all.
        public var decibels: Double?
    }

    /// The change in felt strength, in dB of amplitude: `(20/β)·log10(after/before)`. When nothing is felt after,
    /// minus the strongest moment's sensation level before (all of it fell below the threshold).
    public var decibels: Double
    public var verdict: Verdict
    /// The designed haptics were replaced (a simple-impact fallback): a large change whatever the dB.
    public var replaced: Bool
    /// Nothing of it is felt any more (dropped, or its haptics removed).
    public var gone: Bool
    /// Up to three events, largest change first; removed events first of all.
    public var changedMost: [EventChange]

    /// No change.
    public static let none = PerceivedChange(decibels: 0, verdict: .unnoticeable, replaced: false, gone: false, changedMost: [])

    public init(decibels: Double, verdict: Verdict, replaced: Bool, gone: Bool, changedMost: [EventChange]) {
        self.decibels = decibels
        self.verdict = verdict
        self.replaced = replaced
        self.gone = gone
        self.changedMost = changedMost
    }

    /// From `before` to `after` (`nil`: nothing plays any more); `replaced` when the designed haptics were
    /// replaced by a stand-in.
    public init(from before: FeltStrength, to after: FeltStrength?, replaced: Bool = false) {
        let beforeTotal = before.magnitudeSeconds
        let afterTotal = after?.magnitudeSeconds ?? 0
        let decibels: Double
        if beforeTotal <= 0 {
            decibels = 0
        } else if afterTotal <= 0 {
            decibels = -max(0, before.peakSensationDecibels)
        } else {
            decibels = VibrotactilePerception.amplitudeDecibels(magnitudeRatio: afterTotal / beforeTotal)
        }
        let gone = beforeTotal > 0 && afterTotal <= 0
        self.init(
            decibels: decibels,
            verdict: replaced || gone ? .large : Self.verdict(decibels),
            replaced: replaced,
            gone: gone,
            changedMost: Self.changedMost(before: before, after: after ?? FeltStrength(events: []))
        )
    }

    /// The verdict for a change of `decibels`.
    public static func verdict(_ decibels: Double) -> Verdict {
        let size = abs(decibels)
        if size < VibrotactilePerception.unnoticeableDecibels { return .unnoticeable }
        if size <= VibrotactilePerception.edgeDecibels { return .edge }
        if size < VibrotactilePerception.largeDecibels { return .noticeable }
        return .large
    }

    /// The change in words: `about 2 dB weaker: at the edge of what people notice`.
    public var words: String {
        if replaced { return "replaced by a simple impact: a large change" }
        let size = abs(decibels)
        if gone { return "no longer felt: a large change" }
        let figure = size < 1 ? QuantityLimits.number((size * 10).rounded() / 10) : "about \(Int(size.rounded()))"
        let amount = size < 0.05 ? "no change" : "\(figure) dB \(decibels < 0 ? "weaker" : "stronger")"
        switch verdict {
        case .unnoticeable: return "\(amount): unnoticeable"
        case .edge: return "\(amount): at the edge of what people notice"
        case .noticeable: return "\(amount): noticeable"
        case .large: return "\(amount): a large change"
        }
    }

    /// Events matched by kind and moment (within 1 ms), in order. An event without a match (a conversion may cut
    /// the pattern into other events) is compared with what plays over its span after; `nil` when nothing does.
    static func changedMost(before: FeltStrength, after: FeltStrength) -> [EventChange] {
        var unused = Array(after.events.indices)
        var changes: [EventChange] = []
        for event in before.events where event.magnitudeSeconds > 0 {
            let match = unused.firstIndex {
                abs(after.events[$0].timeSeconds - event.timeSeconds) <= 1e-3 && after.events[$0].type == event.type
            }
            let (old, new): (Double, Double)
            if let match {
                (old, new) = (event.magnitudeSeconds, after.events[unused.remove(at: match)].magnitudeSeconds)
            } else {
                old = before.magnitudeSeconds(from: event.startSeconds, to: event.endSeconds)
                new = after.magnitudeSeconds(from: event.startSeconds, to: event.endSeconds)
            }
            let decibels = new > 0 && old > 0 ? VibrotactilePerception.amplitudeDecibels(magnitudeRatio: new / old) : nil
            if let decibels, abs(decibels) < 0.05 { continue }
            changes.append(EventChange(event: event.type, timeSeconds: event.timeSeconds, decibels: decibels))
        }
        let ranked = changes.sorted { a, b in
            let (x, y) = (a.decibels.map(abs) ?? .infinity, b.decibels.map(abs) ?? .infinity)
            return x != y ? x > y : a.timeSeconds < b.timeSeconds
        }
        return Array(ranked.prefix(3))
    }
}

extension PerceivedChange {
    private enum CodingKeys: String, CodingKey {
        case decibels, verdict, words, replaced, gone, changedMost
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            decibels: try container.decode(Double.self, forKey: .decibels),
            verdict: try container.decode(Verdict.self, forKey: .verdict),
            replaced: try container.decodeIfPresent(Bool.self, forKey: .replaced) ?? false,
            gone: try container.decodeIfPresent(Bool.self, forKey: .gone) ?? false,
            changedMost: try container.decodeIfPresent([EventChange].self, forKey: .changedMost) ?? []
        )
    }

    /// Writes the words too, so a reader of the JSON need not rebuild them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(decibels, forKey: .decibels)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(words, forKey: .words)
        try container.encode(replaced, forKey: .replaced)
        try container.encode(gone, forKey: .gone)
        try container.encode(changedMost, forKey: .changedMost)
    }
}
