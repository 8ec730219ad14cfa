/// What a change to a payload does to how it is felt, event by event (``FeltStrength``): how much weaker or
/// stronger each event is (dB of its intensity), which are shorter, which moved in pitch, whether the designed
/// contrast in pitch between events is lost, and a verdict against the JNDs of ``VibrotactilePerception``.
///
/// A summed figure would let a long bed hide what happens to a short event, so every figure here is the worst
/// event's. Encodes as `{decibels, weakestDecibels, strongestDecibels, goneEvents, shorterEvents,
/// largestPitchChange, contrastLost, verdict, words, replaced, gone, changedMost: [{event, timeSeconds, decibels}]}`;
/// an event's `decibels` is `null` when it is no longer felt at all.
public struct PerceivedChange: Sendable, Hashable {
    /// How a change compares with what people notice.
    public enum Verdict: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
        /// Under ``VibrotactilePerception/unnoticeableDecibels``.
        case unnoticeable
        /// Up to ``VibrotactilePerception/edgeDecibels``: around the amplitude JND.
        case edge
        /// Up to ``VibrotactilePerception/largeDecibels``, or a pitch moved or a contrast lost.
        case noticeable
        /// From ``VibrotactilePerception/largeDecibels``, or the feel replaced, or an event gone.
        case large

        public static func < (a: Verdict, b: Verdict) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// One event's change.
    public struct EventChange: Sendable, Hashable, Codable {
        /// Its kind, as the energy estimate names it.
        public var event: String
        public var timeSeconds: Double
        /// `nil`: no longer felt at all.
        public var decibels: Double?
    }

    /// The largest change of any one event's intensity, in dB (negative: weaker): ``weakestDecibels`` unless an
    /// event grew more than the weakest shrank. When nothing is felt after, minus the strongest event's level.
    public var decibels: Double
    /// The most any event weakened, in dB (0 or less; an event gone counts as its whole level).
    public var weakestDecibels: Double
    /// The most any event strengthened, in dB (0 or more).
    public var strongestDecibels: Double
    /// How many events felt before are felt no more.
    public var goneEvents: Int
    /// How many events are felt for noticeably less time (``VibrotactilePerception/shorterFraction``).
    public var shorterEvents: Int
    /// The largest move of an event's frequency, as a fraction of it.
    public var largestPitchChange: Double
    /// Two events whose frequencies differed by at least ``VibrotactilePerception/smallestFrequencyJNDFraction``
    /// differ by less after: a designed contrast in pitch is gone.
    public var contrastLost: Bool
    public var verdict: Verdict
    /// The designed haptics were replaced (a simple-impact fallback): a large change whatever the dB.
    public var replaced: Bool
    /// Nothing of it is felt any more (dropped, or its haptics removed).
    public var gone: Bool
    /// Up to three events, largest change first; removed events first of all.
    public var changedMost: [EventChange]

    /// No change.
    public static let none = PerceivedChange(decibels: 0)

    public init(
        decibels: Double,
        weakestDecibels: Double? = nil,
        strongestDecibels: Double? = nil,
        goneEvents: Int = 0,
        shorterEvents: Int = 0,
        largestPitchChange: Double = 0,
        contrastLost: Bool = false,
        verdict: Verdict? = nil,
        replaced: Bool = false,
        gone: Bool = false,
        changedMost: [EventChange] = []
    ) {
        self.decibels = decibels
        self.weakestDecibels = weakestDecibels ?? min(0, decibels)
        self.strongestDecibels = strongestDecibels ?? max(0, decibels)
        self.goneEvents = goneEvents
        self.shorterEvents = shorterEvents
        self.largestPitchChange = largestPitchChange
        self.contrastLost = contrastLost
        self.replaced = replaced
        self.gone = gone
        self.changedMost = changedMost
        self.verdict = verdict ?? Self.verdict(decibels)
    }

    /// From `before` to `after` (`nil`: nothing plays any more); `replaced` when the designed haptics were
    /// replaced by a stand-in.
    public init(from before: FeltStrength, to after: FeltStrength?, replaced: Bool = false) {
        let after = after ?? FeltStrength(events: [])
        let pairs = EventPairing(before: before, after: after)
        var (weakest, strongest, largestPitch) = (0.0, 0.0, 0.0)
        var (goneEvents, shorterEvents) = (0, 0)
        var changes: [EventChange] = []
        for pair in pairs.pairs {
            let old = pair.before
            let decibels = pair.after.levelDecibels > 0 ? pair.after.levelDecibels - old.levelDecibels : nil
            if let decibels {
                weakest = min(weakest, decibels)
                strongest = max(strongest, decibels)
            } else {
                weakest = min(weakest, -old.levelDecibels)
                goneEvents += 1
            }
            let lost = old.feltSeconds - pair.after.feltSeconds
            if decibels != nil, lost > VibrotactilePerception.shorterMinimumSeconds,
                lost > old.feltSeconds * VibrotactilePerception.shorterFraction
            {
                shorterEvents += 1
            }
            if decibels != nil, old.hertz > 0, pair.after.hertz > 0 {
                largestPitch = max(largestPitch, abs(pair.after.hertz / old.hertz - 1))
            }
            if decibels.map({ abs($0) >= 0.05 }) ?? true {
                changes.append(EventChange(event: old.type, timeSeconds: old.timeSeconds, decibels: decibels))
            }
        }
        let felt = before.magnitude > 0
        let gone = felt && after.magnitude <= 0
        let decibels = !felt ? 0 : gone ? -max(0, before.peakSensationDecibels) : strongest > -weakest ? strongest : weakest
        let contrastLost = pairs.contrastLost
        var verdict = Self.verdict(max(-weakest, strongest))
        if largestPitch > VibrotactilePerception.unnoticedFrequencyFraction || contrastLost { verdict = max(verdict, .noticeable) }
        if replaced || gone || goneEvents > 0 { verdict = .large }
        self.init(
            decibels: decibels,
            weakestDecibels: gone ? decibels : weakest,
            strongestDecibels: strongest,
            goneEvents: goneEvents,
            shorterEvents: shorterEvents,
            largestPitchChange: largestPitch,
            contrastLost: contrastLost,
            verdict: verdict,
            replaced: replaced,
            gone: gone,
            changedMost: Self.ranked(changes)
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

    /// Up to three changes, events gone first, then the largest.
    static func ranked(_ changes: [EventChange]) -> [EventChange] {
        let ranked = changes.sorted { a, b in
            let (x, y) = (a.decibels.map(abs) ?? .infinity, b.decibels.map(abs) ?? .infinity)
            return x != y ? x > y : a.timeSeconds < b.timeSeconds
        }
        return Array(ranked.prefix(3))
    }
}
