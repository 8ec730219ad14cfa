/// How much of an energy budget is left at one moment: what the rewriter decides against and what a decision shows.
public struct BudgetSnapshot: Sendable, Hashable, Codable {
    public var capacityMillijoules: Double
    public var remainingMillijoules: Double
    public var windowSeconds: Double

    public init(capacityMillijoules: Double, remainingMillijoules: Double, windowSeconds: Double) {
        self.capacityMillijoules = capacityMillijoules
        self.remainingMillijoules = remainingMillijoules
        self.windowSeconds = windowSeconds
    }

    /// Whether `millijoules` can be spent now.
    public func fits(_ millijoules: Double) -> Bool { millijoules <= remainingMillijoules + 1e-9 }

    /// The snapshot after spending `millijoules` (never below zero: exempt requests may overdraw).
    public func spending(_ millijoules: Double) -> BudgetSnapshot {
        var copy = self
        copy.remainingMillijoules = max(0, remainingMillijoules - millijoules)
        return copy
    }
}
