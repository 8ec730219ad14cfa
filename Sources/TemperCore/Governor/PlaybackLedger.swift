/// What the governor has let play, and when: the requests that still sound, or whose tails (the actuator's
/// braking, the haptic driver's steps down to off, the audio path's standby tail) still change what the next
/// request costs.
///
/// A request's *marginal* price is the energy of the ledger with it minus without it, everything mixed on one
/// signal per actuator and one audio path (``PlaybackSignal``). A buzz under a stronger buzz, or a click inside
/// another's driver wake-up, adds less than it costs alone; summed over a stream, the marginal prices add up to
/// what the stream's events cost as one pattern. The governor charges its budget the marginal price.
///
/// The ledger keeps what it admitted already mixed (one signal per output), so a price mixes the new request with
/// the few pieces of that signal around it, from a tail before it starts to a tail after it stops: nothing
/// outside can change a state inside, so the rest is the same with it and without it. Pieces are forgotten once
/// their tails have passed (``forget(before:)``); what was cancelled or dropped is never admitted.
public struct PlaybackLedger: Sendable {

    /// The most entries kept; past it the one whose influence ends first is forgotten early, so a flood of
    /// requests cannot grow memory. What they play stays in the mix, which has its own bound
    /// (16,384 pieces per output, the earliest forgotten first).
    public static let capacity = 1024
    /// The most pieces of constant drive priced together with a new request: bounds a decision's time when a long
    /// request meets a busy mix. Past it the request pays its own price, which errs towards a higher price (as if
    /// nothing masked it), not a lower one.
    public static let maxVoicesPricedTogether = 4096

    /// Per entry, when it stops changing what others cost (its start plus ``PlaybackSignal/influenceSeconds``),
    /// and what it placed; two lists, so that looking for what to forget reads no payload.
    private var endSeconds: [Double] = []
    private var entryPlacements: [Placement?] = []
    /// What plays from when, for the payloads that came with a key: the same payload again at the same moment
    /// is the same vibration, adds nothing and is not kept twice (a flood of one request stays one entry).
    private var placements: Set<Placement> = []
    /// What the admitted requests play, mixed.
    private var mixed = MixedPlayback()
    /// When the first entry's influence ends: nothing to forget before then.
    private var earliestEndSeconds = Double.infinity

    struct Placement: Hashable, Sendable {
        var key: BoxedKey
        var startSeconds: Double

        init(key: PayloadKey, startSeconds: Double) {
            self.key = BoxedKey(key)
            self.startSeconds = startSeconds
        }
    }

    /// A payload's key in a box, with its hash: placements move as entries before them are forgotten, and copying a
    /// key (a whole pattern) costs several retains, a box one; forgetting one hashes a number, not the pattern.
    final class BoxedKey: Hashable, Sendable {
        let key: PayloadKey
        let keyHash: Int

        init(_ key: PayloadKey) {
            self.key = key
            keyHash = key.hashValue
        }

        static func == (lhs: BoxedKey, rhs: BoxedKey) -> Bool { lhs === rhs || (lhs.keyHash == rhs.keyHash && lhs.key == rhs.key) }

        func hash(into hasher: inout Hasher) { hasher.combine(keyHash) }
    }

    public init() {}

    /// How many admitted requests can still change a price.
    public var count: Int { endSeconds.count }

    /// Admits what plays from `startSeconds`; `key` names the payload, so the same one at the same moment is
    /// kept once. A start that is not finite admits nothing: such a request cannot have been decided.
    public mutating func admit(_ signal: PlaybackSignal, of key: PayloadKey? = nil, at startSeconds: Double) {
        guard startSeconds.isFinite, signal.influenceSeconds.isFinite else { return }
        let placement = key.map { Placement(key: $0, startSeconds: startSeconds) }
        if let placement, !placements.insert(placement).inserted { return }
        if endSeconds.count >= Self.capacity, let first = endSeconds.indices.min(by: { endSeconds[$0] < endSeconds[$1] }) {
            if let placement = entryPlacements[first] { placements.remove(placement) }
            endSeconds.remove(at: first)
            entryPlacements.remove(at: first)
        }
        let end = startSeconds + max(0, signal.influenceSeconds)
        endSeconds.append(end)
        entryPlacements.append(placement)
        earliestEndSeconds = min(earliestEndSeconds, end)
        if case .voices(let mix, _, _) = signal.content { mixed.add(mix, hapticMix: signal.hapticMix, at: startSeconds) }
    }

    /// Forgets every entry whose influence ended before `now`, and every piece of the mix whose tail did.
    public mutating func forget(before now: Double) {
        guard now.isFinite, now > earliestEndSeconds else { return }
        mixed.forget(before: now)
        // Kept entries move forward in place.
        var earliest = Double.infinity
        var kept = 0
        for index in endSeconds.indices {
            let end = endSeconds[index]
            if end < now {
                if let placement = entryPlacements[index] { placements.remove(placement) }
            } else {
                earliest = min(earliest, end)
                if index != kept {
                    endSeconds[kept] = end
                    entryPlacements.swapAt(index, kept)
                }
                kept += 1
            }
        }
        endSeconds.removeLast(endSeconds.count - kept)
        entryPlacements.removeLast(entryPlacements.count - kept)
        earliestEndSeconds = earliest
    }

    /// Forgets everything (a service that restarts its clock, a test).
    public mutating func removeAll() {
        endSeconds.removeAll()
        entryPlacements.removeAll()
        placements.removeAll()
        mixed = MixedPlayback()
        earliestEndSeconds = .infinity
    }

    /// What `signal`, starting at `startSeconds`, adds to what the ledger holds, by kind; `nil` when nothing in
    /// the ledger plays near it on its outputs, so its price is its own. The total is never below zero: a
    /// request that cuts another's braking short saves that tail, but a price cannot be a refund.
    public func marginalEnergy(of signal: PlaybackSignal, key: PayloadKey? = nil, at startSeconds: Double) -> EnergyBreakdown? {
        // A fixed price adds to whatever plays.
        guard startSeconds.isFinite, case .voices(let own, _, _) = signal.content else { return nil }
        if let key, !placements.isEmpty, placements.contains(Placement(key: key, startSeconds: startSeconds)) {
            return EnergyBreakdown()
        }
        guard !mixed.isEmpty, signal.voiceCount <= Self.maxVoicesPricedTogether else { return nil }
        // On each output it plays, from that output's tail before it starts to its tail after it stops there; for
        // the haptics, cut shorter inside a settled run of what already plays where there is one.
        let hapticTail = own.haptics.tailSeconds
        let audioTail = own.audio.standbyTailSeconds
        let settle = MixedPlayback.settleSeconds(own.haptics)
        let view = MixView(
            haptics: signal.hapticsEndSeconds.map { end in
                let first = startSeconds + (signal.hapticsStartSeconds ?? 0)
                let last = startSeconds + max(0, end)
                return mixed.hapticViewStart(
                    before: first,
                    settle: settle,
                    floor: startSeconds - hapticTail
                )..<mixed.hapticViewEnd(after: last, settle: settle, ceiling: last + hapticTail)
            },
            audio: signal.audioEndSeconds.map { (startSeconds - audioTail)..<(startSeconds + max(0, $0) + audioTail) }
        )
        let estimator = own.estimator.withoutPowerTracking
        let limit = Self.maxVoicesPricedTogether - signal.voiceCount
        guard var without = mixed.mix(in: view, estimator: estimator, limit: limit),
            !(without.hapticVoices.isEmpty && without.audioVoices.isEmpty)
        else { return nil }
        var with = without
        with.merge(own, mixed: signal.hapticMix ?? PlaybackSignal.hapticMix(of: own), at: startSeconds, view: view)
        let added = with.totals().subtracting(without.totals())
        return added.totalMillijoules > 0 ? added : EnergyBreakdown()
    }
}

/// What already plays when a request would start: the governor's ledger and the request's start time. The
/// rewriter prices a request's result against it (``Rewriter/decide(_:condition:budget:playing:)``).
public struct PlaybackContext: Sendable {
    public var ledger: PlaybackLedger
    public var startSeconds: Double

    public init(ledger: PlaybackLedger, startSeconds: Double) {
        self.ledger = ledger
        self.startSeconds = startSeconds
    }
}
