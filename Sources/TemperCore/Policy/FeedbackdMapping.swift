/// Which feedbackd profile (`full`, `quiet`, `silent`) each condition asks for, for `temper serve --feedbackd`.
/// `nil` leaves the user's profile alone. When the tier and low power ask for different profiles, the quieter wins.
///
/// In a policy file:
/// ```yaml
/// feedbackd:
///   serious: quiet
///   critical: silent
///   lowPower: quiet
/// ```
public struct FeedbackdMapping: Sendable, Hashable, Codable {
    /// feedbackd's profiles, loudest first.
    public enum Profile: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
        case full, quiet, silent

        public static func < (lhs: Profile, rhs: Profile) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    public var tiers: [Tier: Profile]
    public var lowPower: Profile?

    public init(tiers: [Tier: Profile] = [:], lowPower: Profile? = nil) {
        self.tiers = tiers
        self.lowPower = lowPower
    }

    /// Serious or low power → quiet; critical → silent.
    public static let standard = FeedbackdMapping(tiers: [.serious: .quiet, .critical: .silent], lowPower: .quiet)

    /// The profile `condition` asks for, or `nil` for the user's own.
    public func profile(for condition: Condition) -> Profile? {
        let candidates = [tiers[condition.tier], condition.lowPower ? lowPower : nil].compactMap { $0 }
        return candidates.max()
    }
}

extension PolicyReader {
    static let feedbackdKeys: Set<String> = Set(Tier.allCases.map(\.rawValue) + ["lowPower"])

    /// `feedbackd:` keys over the standard mapping; `none` (or null) clears one.
    mutating func readFeedbackd(_ node: YAMLValue) -> FeedbackdMapping {
        var mapping = FeedbackdMapping.standard
        guard !node.isNull, let entries = attempt({ () throws(TemperError) in try node.entries() }) else { return mapping }
        problems.record(node.unknownKeys(allowed: Self.feedbackdKeys))
        for (key, value) in entries where Self.feedbackdKeys.contains(key) {
            let profile: FeedbackdMapping.Profile?? = attempt { () throws(TemperError) -> FeedbackdMapping.Profile? in
                if Self.isNone(value) { return nil }
                let text = try value.string()
                guard let profile = FeedbackdMapping.Profile(rawValue: text) else {
                    throw value.error(.invalidValue, "expected full, quiet, silent or none, found '\(text)'")
                }
                return profile
            }
            guard let profile else { continue }
            if key == "lowPower" { mapping.lowPower = profile } else if let tier = Tier(rawValue: key) { mapping.tiers[tier] = profile }
        }
        return mapping
    }
}
