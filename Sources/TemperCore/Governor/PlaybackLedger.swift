/// What the governor has let play, and when: the requests that still sound, or whose tails (the actuator's
/// braking, the haptic driver's steps down to off, the audio path's standby tail) still change what the next
/// request costs.
///
/// A request's *marginal* price is the energy of the ledger with it minus without it, everything mixed on one
/// signal per actuator and one audio path (``PlaybackSignal``). A buzz under a stronger buzz, or a click inside
/// another's driver wake-up, adds less than it costs alone; summed over a stream, the marginal prices add up to
/// what the stream's events cost as one pattern. The governor charges its budget the marginal price.
///
/// Only what overlaps the new request is priced with it: an entry whose influence ended before the request
/// starts cannot change anything from that moment on, so leaving it out changes both energies alike.
/// Entries are forgotten once their influence has passed (``forget(before:)``); what was cancelled or dropped is
/// never admitted.
public struct PlaybackLedger: Sendable {
    struct Entry: Sendable {
        var startSeconds: Double
        /// When it stops changing what others cost: its start plus ``PlaybackSignal/influenceSeconds``.
        var endSeconds: Double
        var signal: PlaybackSignal
        var placement: Placement?
    }

    /// The most entries kept; past it the one whose influence ends first is forgotten early, so a flood of
    /// requests cannot grow memory (each entry holds its voices).
    public static let capacity = 1024
    /// The most voices (pieces of constant drive) priced together with a new request: bounds a decision's time
    /// when many long patterns overlap. The latest-starting entries are priced first; those past a bound are
    /// left out, which errs towards a higher price (a request under fewer others is masked less), not a lower one. A
    /// request with more voices than this on its own pays its own price.
    public static let maxVoicesPricedTogether = 4096
    /// The most entries priced together with a new request, the latest-starting ones, for the same reason.
    public static let maxEntriesPricedTogether = 32

    private(set) var entries: [Entry] = []
    /// What plays from when, for the payloads that came with a key: the same payload again at the same moment
    /// is the same vibration, adds nothing and is not kept twice (a flood of one request stays one entry).
    private var placements: Set<Placement> = []

    struct Placement: Hashable, Sendable {
        var key: PayloadKey
        var startSeconds: Double
    }

    public init() {}

    /// How many admitted requests can still change a price.
    public var count: Int { entries.count }

    /// Admits what plays from `startSeconds`; `key` names the payload, so the same one at the same moment is
    /// kept once. A start that is not finite admits nothing: such a request cannot have been decided.
    public mutating func admit(_ signal: PlaybackSignal, of key: PayloadKey? = nil, at startSeconds: Double) {
        guard startSeconds.isFinite, signal.influenceSeconds.isFinite else { return }
        let placement = key.map { Placement(key: $0, startSeconds: startSeconds) }
        if let placement, !placements.insert(placement).inserted { return }
        if entries.count >= Self.capacity, let first = entries.indices.min(by: { entries[$0].endSeconds < entries[$1].endSeconds }) {
            remove(at: first)
        }
        let end = startSeconds + max(0, signal.influenceSeconds)
        entries.append(Entry(startSeconds: startSeconds, endSeconds: end, signal: signal, placement: placement))
    }

    /// Forgets every entry whose influence ended before `now`.
    public mutating func forget(before now: Double) {
        guard now.isFinite, entries.contains(where: { $0.endSeconds < now }) else { return }
        for entry in entries where entry.endSeconds < now {
            if let placement = entry.placement { placements.remove(placement) }
        }
        entries.removeAll { $0.endSeconds < now }
    }

    /// Forgets everything (a service that restarts its clock, a test).
    public mutating func removeAll() {
        entries.removeAll()
        placements.removeAll()
    }

    private mutating func remove(at index: Int) {
        if let placement = entries[index].placement { placements.remove(placement) }
        entries.remove(at: index)
    }

    /// What `signal`, starting at `startSeconds`, adds to what the ledger holds, by kind; `nil` when nothing in
    /// the ledger overlaps it, so its price is its own. The total is never below zero: a request that cuts
    /// another's braking short saves that tail, but a price cannot be a refund.
    public func marginalEnergy(of signal: PlaybackSignal, key: PayloadKey? = nil, at startSeconds: Double) -> EnergyBreakdown? {
        // A fixed price adds to whatever plays.
        guard startSeconds.isFinite, case .voices = signal.content else { return nil }
        if let key, placements.contains(Placement(key: key, startSeconds: startSeconds)) { return EnergyBreakdown() }
        let end = startSeconds + max(0, signal.influenceSeconds)
        var overlapping = entries.filter { $0.startSeconds <= end && $0.endSeconds >= startSeconds }
        var voices = signal.voiceCount
        guard !overlapping.isEmpty, voices <= Self.maxVoicesPricedTogether else { return nil }
        overlapping.sort { $0.startSeconds > $1.startSeconds }
        var without: [(signal: PlaybackSignal, startSeconds: Double)] = []
        for entry in overlapping.prefix(Self.maxEntriesPricedTogether) {
            voices += entry.signal.voiceCount
            if voices > Self.maxVoicesPricedTogether { break }
            without.append((entry.signal, entry.startSeconds))
        }
        guard !without.isEmpty else { return nil }
        // Only the new request's outputs, from a tail before it starts to a tail after it stops: the rest is the
        // same with it and without it.
        let plays = signal.plays
        let view = MixView(
            from: startSeconds - signal.tailSeconds,
            to: end + signal.tailSeconds,
            haptics: plays.haptics,
            audio: plays.audio
        )
        let before = PlaybackSignal.energy(of: without, view: view)
        let after = PlaybackSignal.energy(of: without + [(signal: signal, startSeconds: startSeconds)], view: view)
        let added = after.subtracting(before)
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
