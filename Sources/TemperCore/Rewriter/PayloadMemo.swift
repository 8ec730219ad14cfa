import Synchronization

/// Remembers what requests cost, so a pattern an app plays again and again is priced once, not on every
/// decision (the brief: parse and prepare at load time, never on the hot path).
///
/// Bounded: when full it starts over. The prices are the model's own, so decisions stay deterministic. It keeps
/// totals and the payloads' unmixed signals for the playback ledger alike.
final class PayloadMemo<Value: Sendable>: Sendable {
    let capacity: Int
    /// The table, and the entry found last: a decision asks for the same payload's signal to price it and again to
    /// admit it, and comparing a key with the last one (the same pattern's storage) costs less than hashing it.
    private let table = Mutex<(entries: [PayloadKey: Value], last: (key: PayloadKey, value: Value)?)>(([:], nil))

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    func value(for key: PayloadKey, compute: () -> Value) -> Value {
        guard capacity > 0 else { return compute() }
        let known = table.withLock { table -> Value? in
            if let last = table.last, last.key == key { return last.value }
            guard let found = table.entries[key] else { return nil }
            table.last = (key, found)
            return found
        }
        if let known { return known }
        let value = compute()
        table.withLock { table in
            if table.entries.count >= capacity { table.entries.removeAll(keepingCapacity: true) }
            table.entries[key] = value
            table.last = (key, value)
        }
        return value
    }
}

extension Rewriter {
    /// The cost of `request`, through the memo.
    func energy(of request: SensoryRequest) -> Double {
        switch request.kind {
        case .haptic(let haptic): energy(of: haptic.content)
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
    func signal(of request: SensoryRequest) -> (key: PayloadKey, signal: PlaybackSignal) {
        let key = PayloadKey(request.kind)
        return (key, signals.value(for: key) { energyModel.playbackSignal(of: request.kind).premixed() })
    }
}
