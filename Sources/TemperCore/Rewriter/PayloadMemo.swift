/// Remembers what requests cost, so a pattern an app plays again and again is priced once, not on every
/// decision (the brief: parse and prepare at load time, never on the hot path).
///
/// Bounded: when full it starts over. The prices are the model's own, so decisions stay deterministic. It keeps
/// totals and the payloads' unmixed signals for the playback ledger alike.
final class PayloadMemo<Value: Sendable>: Sendable {
    let capacity: Int
    /// The table, and the entries found last, latest first: a decision asks for the same payload's price and
    /// signal more than once, and a run alternates a few payloads; comparing a key with a recent one (most often
    /// the same pattern's storage) costs less than hashing it.
    private let table = Locked<(entries: [PayloadKey: Value], recent: [(key: PayloadKey, value: Value)])>(([:], []))

    /// How many entries found last are compared before the table is hashed.
    static var recentCount: Int { 4 }

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    func value(for key: PayloadKey, compute: () -> Value) -> Value {
        guard capacity > 0 else { return compute() }
        let known = table.withLock { table -> Value? in
            if let found = table.recent.first(where: { $0.key == key }) { return found.value }
            guard let found = table.entries[key] else { return nil }
            Self.remember(key, found, in: &table.recent)
            return found
        }
        if let known { return known }
        let value = compute()
        table.withLock { table in
            if table.entries.count >= capacity { table.entries.removeAll(keepingCapacity: true) }
            table.entries[key] = value
            Self.remember(key, value, in: &table.recent)
        }
        return value
    }

    /// Puts `key` among the recent entries, forgetting the oldest when full.
    private static func remember(_ key: PayloadKey, _ value: Value, in recent: inout [(key: PayloadKey, value: Value)]) {
        if recent.count >= recentCount { recent.removeLast() }
        recent.insert((key, value), at: 0)
    }
}

extension Rewriter {
    /// The cost of `request`, through the memo.
    func energy(of request: SensoryRequest) -> Double {
        switch request.kind {
        // Keyed by the request's own payload: a key made from the pattern alone would copy it into a new payload on
        // every decision.
        // A pattern's own price is its signal priced alone: the signal the ledger and its felt strength read, so a
        // first decision lowers the pattern once, not once for its price and again for its signal.
        case .haptic: memo.value(for: PayloadKey(request.kind)) { signal(of: request.kind).signal.estimate().energyMillijoules }
        case .audio(let cue): memo.value(for: PayloadKey(.audio(cue))) { energyModel.energyMillijoules(of: cue) }
        case .system(let feedback): energy(of: feedback)
        case .visual(let effect): memo.value(for: PayloadKey(.visual(effect))) { energyModel.energyMillijoules(of: effect) }
        }
    }

    func energy(of pattern: HapticPattern) -> Double {
        memo.value(for: PayloadKey(pattern)) { energyModel.energyMillijoules(of: pattern) }
    }

    func energy(of feedback: SystemFeedback) -> Double {
        memo.value(for: PayloadKey(.system(feedback))) { energyModel.energyMillijoules(of: feedback) }
    }

    /// What `request` plays, unmixed, through the memo, with the key it is kept under: the ledger prices it
    /// against what already plays and knows the same payload again by the key.
    func signal(of request: SensoryRequest) -> LoweredPayload {
        signal(of: request.kind)
    }

    func signal(of kind: SensoryRequest.Kind) -> LoweredPayload {
        let key = PayloadKey(kind)
        return signals.value(for: key) { LoweredPayload(key: key, signal: energyModel.playbackSignal(of: kind).premixed()) }
    }
}

/// A payload's unmixed signal and the key the memo and the ledger know it by. A class: a decision hands it on
/// several times, and a signal carries the actuator's figures (a few hundred bytes), copied whole in a struct.
final class LoweredPayload: Sendable {
    let key: PayloadKey
    let signal: PlaybackSignal

    init(key: PayloadKey, signal: PlaybackSignal) {
        self.key = key
        self.signal = signal
    }
}
