import Synchronization

/// Remembers what requests cost, so a pattern an app plays again and again is priced once, not on every
/// decision (the brief: parse and prepare at load time, never on the hot path).
///
/// Bounded: when full it starts over. The prices are the model's own, so decisions stay deterministic.
final class EnergyMemo: Sendable {
    let capacity: Int
    private let table = Mutex<[PayloadKey: Double]>([:])

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    func price(_ key: PayloadKey, compute: () -> Double) -> Double {
        guard capacity > 0 else { return compute() }
        if let known = table.withLock({ $0[key] }) { return known }
        let value = compute()
        table.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[key] = value
        }
        return value
    }
}

extension Rewriter {
    /// The cost of `request`, through the memo.
    func energy(of request: SensoryRequest) -> Double {
        switch request.kind {
        case .haptic(let haptic): energy(of: haptic.content)
        case .audio(let cue): memo.price(PayloadKey(.audio(cue))) { energyModel.energyMillijoules(of: cue) }
        case .system(let feedback): energy(of: feedback)
        case .visual(let effect): memo.price(PayloadKey(.visual(effect))) { energyModel.energyMillijoules(of: effect) }
        }
    }

    func energy(of pattern: HapticPattern) -> Double {
        memo.price(PayloadKey(pattern)) { energyModel.energyMillijoules(of: pattern) }
    }

    func energy(of feedback: SystemFeedback) -> Double {
        memo.price(PayloadKey(.system(feedback))) { energyModel.energyMillijoules(of: feedback) }
    }
}
