import Foundation

/// What the host is going through: a tier plus low power, each with the facts that drove it.
public struct Condition: Sendable, Hashable, Codable, CustomStringConvertible {
    public var tier: Tier
    public var lowPower: Bool
    public var reasons: [Reason]

    public init(tier: Tier, lowPower: Bool = false, reasons: [Reason] = []) {
        self.tier = tier
        self.lowPower = lowPower
        self.reasons = reasons
    }

    public static let nominal = Condition(tier: .nominal)

    /// `serious` or `serious,low-power`: the form the command line accepts.
    public var description: String { lowPower ? "\(tier),low-power" : tier.rawValue }

    /// Parses `TIER[,low-power]`.
    public init?(parsing text: String) {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = parts.first, let tier = Tier(rawValue: String(first)) else { return nil }
        var lowPower = false
        for part in parts.dropFirst() {
            guard part == "low-power" || part == "lowPower" else { return nil }
            lowPower = true
        }
        self.init(tier: tier, lowPower: lowPower)
    }

    /// The same tier and low power, ignoring reasons.
    public func isSameState(as other: Condition) -> Bool { tier == other.tier && lowPower == other.lowPower }
}

/// One fact behind a condition or a decision, e.g. `sensor coretemp/Package id 0 at 86.0 °C ≥ serious 85.0 °C`.
public struct Reason: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A stable, matchable code such as `sensor.threshold`, `battery.low`, `sensors.unavailable`.
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
