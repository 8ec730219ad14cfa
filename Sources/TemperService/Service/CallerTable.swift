import Glibc
import TemperCore

/// Who calls, per Unix user: each bus connection's user (asked of the bus once, on its first call), the
/// connections each user has calling, and the calls each user has in progress, so one user's flood meets its
/// own caps and never the others'. A user's account (its budget, and whether exempt usages are exempt for it)
/// comes from the policy's ``ExemptCallers``; where polkitd runs, a connection whose user the policy does not name
/// may still be allowed them by the polkit action ``exemptAction``, asked once per connection.
final class CallerTable: Sendable {
    /// A caller as the methods need it.
    struct Caller: Sendable {
        var user: UInt32
        var account: RequestAccount
    }

    /// Why a call was not admitted.
    enum Refusal: Error {
        case tooManyConnections(user: UInt32, limit: Int)
        case tooManyCalls(user: UInt32, limit: Int)
    }

    private struct User {
        var senders: Set<String> = []
        var callsInFlight = 0
        var mayUseExemptUsages: Bool
    }

    private struct State {
        var callers: [String: Caller] = [:]
        var users: [UInt32: User] = [:]
    }

    /// The polkit action that lets a connection use exempt usages (`packaging/polkit/org.temper.Temper1.policy`).
    static let exemptAction = "org.temper.Temper1.exempt"

    private let state = Locked(State())
    /// The account of connections the bus could not name (they had left); never a real user's (`(uid_t)-1`).
    static let unnamedUser = UInt32.max
    private let exemptCallers: ExemptCallers
    private let maxConnectionsPerUser: Int
    private let maxCallsInFlightPerUser: Int

    init(exemptCallers: ExemptCallers, maxConnectionsPerUser: Int, maxCallsInFlightPerUser: Int) {
        self.exemptCallers = exemptCallers
        self.maxConnectionsPerUser = maxConnectionsPerUser
        self.maxCallsInFlightPerUser = maxCallsInFlightPerUser
    }

    /// Admits one call from `sender` and counts it in progress until ``finish(_:)``. `userOf` asks the bus for a
    /// connection's Unix user (-1 when it cannot say) and `polkitAllows` asks polkit for ``exemptAction`` (`nil`
    /// when polkit does not answer); they run only on a connection's first call, `polkitAllows` only for a user
    /// the policy does not name.
    func begin(sender: String, userOf: (String) -> Int64, polkitAllows: (String) -> Bool? = { _ in nil }) throws(Refusal) -> Caller {
        // One lock for a connection already known: nearly every call.
        if let caller = try state.withLock({ state throws(Refusal) in try Self.count(sender, in: &state, limit: maxCallsInFlightPerUser) })
        {
            return caller
        }
        // The bus names the user of every connection still on it; one that left already shares one account
        // with the others it could not name, and its request is cancelled as `client.gone` like any other.
        let user = UInt32(exactly: userOf(sender)) ?? Self.unnamedUser
        if user == Self.unnamedUser {
            // Not kept as a connection: no departure will come to forget it.
            let limit = maxCallsInFlightPerUser
            return try state.withLock { state throws(Refusal) in
                var entry = state.users[user] ?? User(mayUseExemptUsages: false)
                guard entry.callsInFlight < limit else { throw .tooManyCalls(user: user, limit: limit) }
                entry.callsInFlight += 1
                state.users[user] = entry
                return Caller(user: user, account: RequestAccount(id: user, mayUseExemptUsages: false))
            }
        }
        try admitConnection(sender, user: user, polkitAllows: polkitAllows)
        guard
            let caller = try state.withLock({ state throws(Refusal) in try Self.count(sender, in: &state, limit: maxCallsInFlightPerUser) })
        else { throw .tooManyCalls(user: user, limit: maxCallsInFlightPerUser) }
        return caller
    }

    /// Counts a call of a known `sender` in progress; `nil` when the sender is not known.
    private static func count(_ sender: String, in state: inout State, limit: Int) throws(Refusal) -> Caller? {
        guard let caller = state.callers[sender] else { return nil }
        guard let calls = state.users[caller.user]?.callsInFlight, calls < limit else {
            throw .tooManyCalls(user: caller.user, limit: limit)
        }
        state.users[caller.user]?.callsInFlight = calls + 1
        return caller
    }

    /// One call admitted by ``begin(sender:userOf:)`` is answered.
    func finish(_ caller: Caller) {
        state.withLock { state in
            state.users[caller.user]?.callsInFlight -= 1
            if let user = state.users[caller.user], user.senders.isEmpty, user.callsInFlight <= 0 {
                state.users[caller.user] = nil
            }
        }
    }

    /// A connection left the bus.
    func forget(_ sender: String) {
        state.withLock { state in
            guard let caller = state.callers.removeValue(forKey: sender) else { return }
            state.users[caller.user]?.senders.remove(sender)
            if let user = state.users[caller.user], user.senders.isEmpty, user.callsInFlight <= 0 {
                state.users[caller.user] = nil
            }
        }
    }

    /// How many connections of `user` are calling.
    func connections(of user: UInt32) -> Int {
        state.withLock { $0.users[user]?.senders.count ?? 0 }
    }

    private func admitConnection(_ sender: String, user: UInt32, polkitAllows: (String) -> Bool?) throws(Refusal) {
        // Outside the lock: it reads the user and group databases, and asks polkit over the bus.
        let known = state.withLock { $0.users[user]?.mayUseExemptUsages }
        let userMay = known ?? Self.mayUseExemptUsages(user, exemptCallers)
        let connectionMay = userMay || polkitAllows(sender) == true
        try state.withLock { state throws(Refusal) in
            guard state.callers[sender] == nil else { return }
            var entry = state.users[user] ?? User(mayUseExemptUsages: userMay)
            guard entry.senders.count < maxConnectionsPerUser else {
                throw .tooManyConnections(user: user, limit: maxConnectionsPerUser)
            }
            entry.senders.insert(sender)
            state.users[user] = entry
            state.callers[sender] = Caller(user: user, account: RequestAccount(id: user, mayUseExemptUsages: connectionMay))
        }
    }

    /// Whether the policy names `uid`'s user, or a group it belongs to.
    static func mayUseExemptUsages(_ uid: UInt32, _ callers: ExemptCallers) -> Bool {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16384)
        guard getpwuid_r(uid, &entry, &buffer, buffer.count, &found) == 0, found != nil, let namePointer = entry.pw_name else {
            return false
        }
        let name = String(cString: namePointer)
        if callers.users.contains(name) { return true }
        guard !callers.groups.isEmpty else { return false }
        var count: Int32 = 64
        var groups = [gid_t](repeating: 0, count: Int(count))
        if getgrouplist(namePointer, entry.pw_gid, &groups, &count) < 0 {
            groups = [gid_t](repeating: 0, count: Int(count))
            guard getgrouplist(namePointer, entry.pw_gid, &groups, &count) >= 0 else { return false }
        }
        for gid in groups.prefix(Int(count)) {
            var group = Glibc.group()
            var result: UnsafeMutablePointer<Glibc.group>?
            guard getgrgid_r(gid, &group, &buffer, buffer.count, &result) == 0, result != nil, let groupName = group.gr_name else {
                continue
            }
            if callers.groups.contains(String(cString: groupName)) { return true }
        }
        return false
    }
}
