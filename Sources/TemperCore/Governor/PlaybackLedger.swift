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
/// the few pieces of that signal around it, from a tail before it starts to a tail after it stops: nothing outside
/// can change a state inside, so the rest is the same with it and without it
/// (``MixedPlayback/hapticTotals(in:continued:adding:at:haptics:)``). Pieces are forgotten once their tails have
/// passed (``forget(before:)``); what was cancelled or dropped is never admitted.
public struct PlaybackLedger: Sendable {

    /// The most entries kept; past it the one whose influence ends first is forgotten early, so a flood of
    /// requests cannot grow memory. What they play stays in the mix, which has its own bound
    /// (16,384 pieces per output, the earliest forgotten first).
    public static let capacity = 1024
    /// The most pieces of constant drive priced together with a new request: bounds a decision's time when a long
    /// request meets a busy mix. Past it the request pays its own price, which errs towards a higher price (as if
    /// nothing masked it), not a lower one.
    public static let maxVoicesPricedTogether = 4096

    /// What the ledger admitted: when each stops changing what others cost (its start plus
    /// ``PlaybackSignal/influenceSeconds``), when it started, and its payload's key if it came with one.
    private var entries: [Entry] = []
    /// What the admitted requests play, mixed.
    private var mixed = MixedPlayback()
    /// When the first entry's influence ends: nothing to forget before then.
    private var earliestEndSeconds = Double.infinity

    private struct Entry: Sendable {
        var endSeconds: Double
        var startSeconds: Double
        var key: BoxedKey?
    }

    /// A payload's key in a box: entries move as those before them are forgotten, and copying a key (a whole
    /// pattern) costs several retains, a box one.
    final class BoxedKey: Sendable {
        let key: PayloadKey

        init(_ key: PayloadKey) { self.key = key }
    }

    public init() {}

    /// How many admitted requests can still change a price.
    public var count: Int { entries.count }

    /// Whether the payload `key` names was admitted to play from `startSeconds`: the same payload again at the
    /// same moment is the same vibration, adds nothing and is not kept twice (a flood of one request stays one
    /// entry). Only an entry starting at that moment has its key compared, so a price or an admission compares
    /// numbers (at most ``capacity``), never hashes a pattern nor keeps a table to update.
    private func holds(_ key: PayloadKey, at startSeconds: Double) -> Bool {
        entries.contains { $0.startSeconds == startSeconds && $0.key?.key == key }
    }

    /// Admits what plays from `startSeconds`; `key` names the payload, so the same one at the same moment is
    /// kept once. A start that is not finite admits nothing: such a request cannot have been decided.
    public mutating func admit(_ signal: PlaybackSignal, of key: PayloadKey? = nil, at startSeconds: Double) {
        guard startSeconds.isFinite, signal.influenceSeconds.isFinite else { return }
        if let key, holds(key, at: startSeconds) { return }
        if entries.count >= Self.capacity, let first = entries.indices.min(by: { entries[$0].endSeconds < entries[$1].endSeconds }) {
            entries.remove(at: first)
        }
        let end = startSeconds + max(0, signal.influenceSeconds)
        entries.append(Entry(endSeconds: end, startSeconds: startSeconds, key: key.map(BoxedKey.init)))
        earliestEndSeconds = min(earliestEndSeconds, end)
        if case .voices(let mix, _, _) = signal.content { mixed.add(mix, hapticMix: signal.hapticMix, at: startSeconds) }
    }

    /// Forgets every entry whose influence ended before `now`, and every piece of the mix whose tail did.
    public mutating func forget(before now: Double) {
        guard now.isFinite, now > earliestEndSeconds else { return }
        mixed.forget(before: now)
        // One pass finds what goes and the earliest end that stays; the entries then close up in place. Most often
        // only the oldest go, and they leave in one move rather than one swap (two retains) per entry kept.
        var earliest = Double.infinity
        var gone = 0
        var leadingGone = 0
        for index in entries.indices {
            let end = entries[index].endSeconds
            if end < now {
                if leadingGone == gone, earliest == .infinity { leadingGone += 1 }
                gone += 1
            } else {
                earliest = min(earliest, end)
            }
        }
        if gone == leadingGone {
            entries.removeFirst(gone)
        } else {
            entries.removeAll { $0.endSeconds < now }
        }
        earliestEndSeconds = earliest
    }

    /// Forgets everything (a service that restarts its clock, a test).
    public mutating func removeAll() {
        entries.removeAll()
        mixed = MixedPlayback()
        earliestEndSeconds = .infinity
    }

    /// What `signal`, starting at `startSeconds`, adds to what the ledger holds, by kind; `nil` when nothing in
    /// the ledger plays near it on its outputs, so its price is its own. Adding a request never lowers what the
    /// mix costs (braking always completes, a drop of the level brakes whatever follows, the driver's silences
    /// cost a concave amount, the mixer keeps the strongest draw), so the price is never negative and the prices
    /// of a list of requests, in the order they were decided, add up to what they cost mixed.
    public func marginalEnergy(of signal: PlaybackSignal, key: PayloadKey? = nil, at startSeconds: Double) -> EnergyBreakdown? {
        // A fixed price adds to whatever plays.
        guard startSeconds.isFinite, let haptics = signal.hapticFigures else { return nil }
        if let key, holds(key, at: startSeconds) { return EnergyBreakdown() }
        guard !mixed.isEmpty, signal.voiceCount <= Self.maxVoicesPricedTogether else { return nil }
        // On each output it plays, from that output's tail before it starts to its tail after it stops there; for
        // the haptics, cut shorter where what already plays keeps the actuator busy (``MixedPlayback/hapticView``).
        let audioTail = signal.audioStandbyTailSeconds
        var view = MixView(audio: signal.audioEndSeconds.map { (startSeconds - audioTail)..<(startSeconds + max(0, $0) + audioTail) })
        if let end = signal.hapticsEndSeconds {
            let first = startSeconds + (signal.hapticsStartSeconds ?? 0)
            let last = startSeconds + max(0, end)
            (view.haptics, view.hapticsContinued) = mixed.hapticView(
                from: first,
                to: last,
                settle: MixedPlayback.settleSeconds(haptics),
                memory: LevelTails.memorySeconds(haptics),
                floor: startSeconds - haptics.tailSeconds,
                ceiling: last + haptics.tailSeconds
            )
        }
        let limit = Self.maxVoicesPricedTogether - signal.voiceCount
        var added = EnergyBreakdown()
        var keptPieces = 0
        if let span = view.haptics {
            let haptic = mixed.hapticTotals(
                in: span,
                continued: view.hapticsContinued,
                adding: signal.hapticMix ?? signal.content.hapticMix,
                at: startSeconds,
                haptics: haptics
            )
            added = haptic.with.subtracting(haptic.without)
            keptPieces = haptic.keptPieces
        }
        if let span = view.audio, case .voices(let own, _, _) = signal.content {
            guard var without = mixed.audioMix(in: span, estimator: own.estimator.withoutPowerTracking, limit: limit - keptPieces) else {
                return nil
            }
            keptPieces += without.audioVoices.count
            var with = without
            with.append(own, at: startSeconds, view: MixView(audio: span))
            added.audioMillijoules = with.totals().audioMillijoules - without.totals().audioMillijoules
        }
        guard keptPieces > 0, keptPieces <= limit else { return nil }
        return added
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
