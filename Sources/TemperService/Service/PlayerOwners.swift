import TemperCore

/// Who owns which live player: the bus connection that started it (the only one that may update or stop it, and
/// the one its `PlayerClamped` signals go to) and that connection's Unix user, whose share of players it takes.
/// A connection that leaves the bus has its players stopped, including one whose StartPlayer call was still in
/// progress when it left.
final class PlayerOwners: Sendable {
    private struct Owner {
        var sender: String
        var user: UInt32
    }

    private struct State {
        var owners: [PlayerHandle: Owner] = [:]
        var handlesBySender: [String: Set<PlayerHandle>] = [:]
        /// Live players and StartPlayer calls in progress, per user.
        var countByUser: [UInt32: Int] = [:]
        /// StartPlayer calls received from each sender and not yet settled.
        var arrivingBySender: [String: Int] = [:]
        /// Senders that left while some of their StartPlayer calls were in progress.
        var departed: Set<String> = []
    }

    private let state = Locked(State())

    /// A StartPlayer call from `sender` arrived (on the bus thread, in message order, so before any
    /// NameOwnerChanged that says the sender left). Pair with ``settled(sender:)``.
    func arrived(sender: String) {
        state.withLock { $0.arrivingBySender[sender, default: 0] += 1 }
    }

    /// A StartPlayer call from `sender` was answered (or refused).
    func settled(sender: String) {
        state.withLock { state in
            let left = (state.arrivingBySender[sender] ?? 1) - 1
            state.arrivingBySender[sender] = left > 0 ? left : nil
            if left <= 0 { state.departed.remove(sender) }
        }
    }

    /// Takes one of `user`'s `limit` player slots for a start in progress; `false` when all are taken.
    func reserve(user: UInt32, limit: Int) -> Bool {
        state.withLock { state in
            let count = state.countByUser[user] ?? 0
            guard count < limit else { return false }
            state.countByUser[user] = count + 1
            return true
        }
    }

    /// Gives back a slot whose start kept no player.
    func release(user: UInt32) {
        state.withLock { Self.release(user, in: &$0) }
    }

    /// Records a started player's owner; `false` when the owner has already left the bus (stop the player then).
    func bind(_ handle: PlayerHandle, sender: String, user: UInt32) -> Bool {
        state.withLock { state in
            guard !state.departed.contains(sender) else {
                Self.release(user, in: &state)
                return false
            }
            state.owners[handle] = Owner(sender: sender, user: user)
            state.handlesBySender[sender, default: []].insert(handle)
            return true
        }
    }

    /// The connection that owns `handle`, if it is live.
    func owner(of handle: PlayerHandle) -> String? {
        state.withLock { $0.owners[handle]?.sender }
    }

    /// Forgets `handle` if `sender` owns it; whether it did.
    func remove(_ handle: PlayerHandle, ownedBy sender: String? = nil) -> Bool {
        state.withLock { state in
            guard let owner = state.owners[handle], sender == nil || owner.sender == sender else { return false }
            state.owners[handle] = nil
            state.handlesBySender[owner.sender]?.remove(handle)
            if state.handlesBySender[owner.sender]?.isEmpty == true { state.handlesBySender[owner.sender] = nil }
            Self.release(owner.user, in: &state)
            return true
        }
    }

    /// `sender` left the bus: its players, forgotten here, for the governor to stop.
    func vanished(_ sender: String) -> [PlayerHandle] {
        state.withLock { state in
            if state.arrivingBySender[sender] != nil { state.departed.insert(sender) }
            let handles = state.handlesBySender.removeValue(forKey: sender) ?? []
            for handle in handles {
                if let owner = state.owners.removeValue(forKey: handle) { Self.release(owner.user, in: &state) }
            }
            return handles.sorted()
        }
    }

    /// How many live players (and starts in progress) `user` has.
    func count(of user: UInt32) -> Int {
        state.withLock { $0.countByUser[user] ?? 0 }
    }

    private static func release(_ user: UInt32, in state: inout State) {
        let count = (state.countByUser[user] ?? 1) - 1
        state.countByUser[user] = count > 0 ? count : nil
    }
}
