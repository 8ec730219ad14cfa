extension PerceivedChange {
    /// The change in words, weaker, shorter and different in pitch apart: `about 2 dB weaker: at the edge of what
    /// people notice`, then what else changed (`; 2 events shorter; pitch moved by up to 6 %`).
    public var words: String {
        if replaced { return "replaced by a simple impact: a large change" }
        if gone { return "no longer felt: a large change" }
        var parts = [
            "\(Self.amount(weakestDecibels, strongestDecibels)): \(Self.phrase(Self.verdict(max(-weakestDecibels, strongestDecibels))))"
        ]
        if goneEvents > 0 { parts.append("\(Self.events(goneEvents)) no longer felt") }
        if shorterEvents > 0 { parts.append("\(Self.events(shorterEvents)) shorter") }
        if largestPitchChange >= 0.005 {
            let percent = Int((largestPitchChange * 100).rounded())
            let heard = largestPitchChange > VibrotactilePerception.unnoticedFrequencyFraction ? "" : ", under the smallest JND"
            parts.append("pitch moved by up to \(percent) %\(heard)")
        }
        if contrastLost { parts.append("the designed contrast in pitch between events is lost") }
        if verdict == .large, parts.count > 1, Self.verdict(max(-weakestDecibels, strongestDecibels)) != .large {
            parts.append("a large change")
        }
        return parts.joined(separator: "; ")
    }

    /// `0.9 dB weaker`, `about 2 dB weaker`, `from 1.2 dB weaker to 0.5 dB stronger`, `no change`.
    static func amount(_ weakest: Double, _ strongest: Double) -> String {
        func figure(_ size: Double) -> String {
            size < 1 ? QuantityLimits.number((size * 10).rounded() / 10) : "about \(Int(size.rounded()))"
        }
        switch (-weakest >= 0.05, strongest >= 0.05) {
        case (true, true): return "from \(figure(-weakest)) dB weaker to \(figure(strongest)) dB stronger"
        case (true, false): return "\(figure(-weakest)) dB weaker"
        case (false, true): return "\(figure(strongest)) dB stronger"
        case (false, false): return "no change in strength"
        }
    }

    static func phrase(_ verdict: Verdict) -> String {
        switch verdict {
        case .unnoticeable: "unnoticeable"
        case .edge: "at the edge of what people notice"
        case .noticeable: "noticeable"
        case .large: "a large change"
        }
    }

    static func events(_ count: Int) -> String { count == 1 ? "1 event" : "\(count) events" }
}

extension PerceivedChange: Codable {
    private enum CodingKeys: String, CodingKey {
        case decibels, weakestDecibels, strongestDecibels, goneEvents, shorterEvents, largestPitchChange, contrastLost
        case verdict, words, replaced, gone, changedMost
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            decibels: try container.decode(Double.self, forKey: .decibels),
            weakestDecibels: try container.decodeIfPresent(Double.self, forKey: .weakestDecibels),
            strongestDecibels: try container.decodeIfPresent(Double.self, forKey: .strongestDecibels),
            goneEvents: try container.decodeIfPresent(Int.self, forKey: .goneEvents) ?? 0,
            shorterEvents: try container.decodeIfPresent(Int.self, forKey: .shorterEvents) ?? 0,
            largestPitchChange: try container.decodeIfPresent(Double.self, forKey: .largestPitchChange) ?? 0,
            contrastLost: try container.decodeIfPresent(Bool.self, forKey: .contrastLost) ?? false,
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
        try container.encode(weakestDecibels, forKey: .weakestDecibels)
        try container.encode(strongestDecibels, forKey: .strongestDecibels)
        try container.encode(goneEvents, forKey: .goneEvents)
        try container.encode(shorterEvents, forKey: .shorterEvents)
        try container.encode(largestPitchChange, forKey: .largestPitchChange)
        try container.encode(contrastLost, forKey: .contrastLost)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(words, forKey: .words)
        try container.encode(replaced, forKey: .replaced)
        try container.encode(gone, forKey: .gone)
        try container.encode(changedMost, forKey: .changedMost)
    }
}
