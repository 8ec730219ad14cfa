/// What the governor answers an app that announces a burst (``Governor/reserve(usage:energyMillijoules:seconds:account:)``):
/// how much energy it will let that usage spend, whether it set that much aside from the account's budget, until
/// when, and why.
public struct ReservationPlan: Sendable, Hashable, Codable {
    public var usage: UsageClass
    public var askedMillijoules: Double
    /// What the burst may spend: all it asked, part of it, or nothing.
    public var grantedMillijoules: Double
    /// Whether ``grantedMillijoules`` was taken from the account's budget and held for this usage; `false` when
    /// nothing needed holding (no budget in force, an exempt usage) or nothing was granted.
    public var held: Bool
    /// When the hold ends on the governor's clock (s); unused energy goes back to the budget then.
    public var expiresAt: Double
    public var reasons: [Reason]
}

/// The reservations in force, one per account at most: energy taken from an account's budget and held for one
/// usage until its requests have spent it or it expires. Pure: time is passed in.
struct ReservationBook: Sendable {
    struct Hold: Sendable, Hashable {
        var usage: UsageClass
        var millijoules: Double
        var expiresAt: Double
    }

    /// The longest a reservation may hold (s): a burst is announced shortly before it comes.
    static let maxSeconds = 60.0
    /// The most energy one reservation may ask for (mJ).
    static let maxMillijoules = 100_000.0
    /// The most accounts holding at once, so a crowd of callers cannot grow the book without bound.
    static let maxHolds = 256

    private(set) var holds: [UInt32?: Hold] = [:]

    /// Checks a reservation's numbers: a one-line error naming the bad one.
    static func validate(millijoules: Double, seconds: Double) throws(TemperError) {
        guard millijoules.isFinite, millijoules > 0, millijoules <= maxMillijoules else {
            throw TemperError(
                code: .invalidRequest,
                message: "energy must be more than 0 and at most \(Int(maxMillijoules / 1000)) J; got \(millijoules / 1000) J"
            )
        }
        guard seconds.isFinite, seconds > 0, seconds <= maxSeconds else {
            throw TemperError(code: .invalidRequest, message: "seconds must be more than 0 and at most \(Int(maxSeconds)); got \(seconds)")
        }
    }

    /// Whether one more account may hold.
    func hasRoom(for account: UInt32?) -> Bool { holds[account] != nil || holds.count < Self.maxHolds }

    /// Ends every hold expired by `now` and returns each one's unused energy by account, to give back.
    mutating func expire(at now: Double) -> [(account: UInt32?, millijoules: Double)] {
        guard holds.values.contains(where: { $0.expiresAt <= now }) else { return [] }
        let expired = holds.filter { $0.value.expiresAt <= now }
        for account in expired.keys { holds[account] = nil }
        return expired.map { ($0.key, $0.value.millijoules) }
    }

    /// Ends `account`'s hold (a new reservation replaces it) and returns its unused energy.
    mutating func release(_ account: UInt32?) -> Double { holds.removeValue(forKey: account)?.millijoules ?? 0 }

    mutating func hold(_ account: UInt32?, _ hold: Hold) { holds[account] = hold }

    /// `snapshot` with the account's hold for `usage` added to what is left: a held burst is decided against it.
    func widen(_ snapshot: BudgetSnapshot?, for account: UInt32?, usage: UsageClass) -> BudgetSnapshot? {
        guard var snapshot, let hold = holds[account], hold.usage == usage else { return snapshot }
        snapshot.remainingMillijoules += hold.millijoules
        return snapshot
    }

    /// Takes what `decision` spends from the account's hold for its usage first; returns what is left to charge to
    /// the budget (nothing for a dropped request). A hold spent to nothing ends.
    mutating func charge(_ decision: Decision, for account: UInt32?) -> Double {
        guard decision.request != nil else { return 0 }
        let cost = max(0, decision.marginalEnergyMillijoules)
        guard var hold = holds[account], hold.usage == decision.usage else { return cost }
        let taken = min(cost, hold.millijoules)
        hold.millijoules -= taken
        holds[account] = hold.millijoules > 0 ? hold : nil
        return cost - taken
    }
}
