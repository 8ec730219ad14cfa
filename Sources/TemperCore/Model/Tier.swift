/// The thermal tier, in Apple's `ProcessInfo.ThermalState` vocabulary. Ordered from coolest to hottest.
public enum Tier: String, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    case nominal
    case fair
    case serious
    case critical

    public static func < (lhs: Tier, rhs: Tier) -> Bool { lhs.rank < rhs.rank }

    public var rank: Int {
        switch self {
        case .nominal: 0
        case .fair: 1
        case .serious: 2
        case .critical: 3
        }
    }

    /// The next tier up, or `nil` at `critical`.
    public var next: Tier? { Tier.allCases.first { $0.rank == rank + 1 } }
    /// The next tier down, or `nil` at `nominal`.
    public var previous: Tier? { Tier.allCases.first { $0.rank == rank - 1 } }

    public var description: String { rawValue }
}
