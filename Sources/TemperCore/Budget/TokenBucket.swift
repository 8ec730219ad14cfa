/// An energy budget as a token bucket: it holds up to the budget's millijoules and refills at
/// `millijoules / windowSeconds` per second, so over any window at most about one budget's worth is spent.
///
/// Pure: time is passed in, in seconds on the caller's clock.
struct TokenBucket: Sendable, Hashable {
    private(set) var budget: EnergyBudget
    private var level: Double
    private var updatedAt: Double

    /// A full bucket at `now`.
    init(budget: EnergyBudget, now: Double) {
        self.budget = budget
        self.level = budget.millijoules
        self.updatedAt = now
    }

    private var refillPerSecond: Double {
        budget.windowSeconds > 0 ? budget.millijoules / budget.windowSeconds : .infinity
    }

    /// What is left at `now`, after refilling.
    func remaining(at now: Double) -> Double {
        let elapsed = max(0, now - updatedAt)
        guard elapsed > 0 else { return level }
        return min(budget.millijoules, level + elapsed * refillPerSecond)
    }

    func snapshot(at now: Double) -> BudgetSnapshot {
        BudgetSnapshot(
            capacityMillijoules: budget.millijoules,
            remainingMillijoules: remaining(at: now),
            windowSeconds: budget.windowSeconds
        )
    }

    /// Takes `millijoules` at `now`; the level never goes below zero (exempt requests may overdraw).
    mutating func spend(_ millijoules: Double, at now: Double) {
        level = max(0, remaining(at: now) - max(0, millijoules))
        updatedAt = max(updatedAt, now)
    }

    /// Spends what `decision` plays, the one rule for spending after deciding: what the result adds to what
    /// already plays (its marginal price), nothing for a dropped one.
    mutating func spend(for decision: Decision, at now: Double) {
        if decision.request != nil { spend(decision.marginalEnergyMillijoules, at: now) }
    }

    /// Gives back `millijoules` at `now` (a reservation's unused rest), never above the capacity.
    mutating func refund(_ millijoules: Double, at now: Double) {
        level = min(budget.millijoules, remaining(at: now) + max(0, millijoules))
        updatedAt = max(updatedAt, now)
    }

    /// Switches to another budget (the condition changed), keeping what is left up to the new capacity.
    mutating func reconfigure(_ newBudget: EnergyBudget, at now: Double) {
        guard newBudget != budget else { return }
        let left = remaining(at: now)
        budget = newBudget
        level = min(left, newBudget.millijoules)
        updatedAt = max(updatedAt, now)
    }
}
