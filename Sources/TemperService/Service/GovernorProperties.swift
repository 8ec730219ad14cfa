import FoundationEssentials
import Synchronization
import TemperCore

/// The interface's properties, read by GDBus on the bus thread and updated after each sample; an update
/// returns only what changed, for one `PropertiesChanged`.
final class GovernorProperties: Sendable {
    struct Values: Sendable, Equatable {
        var tier: String
        var lowPower: Bool
        var reasons: [String]
        /// Whole seconds, so a forecast that drifts by fractions each sample does not signal every sample.
        var headroomSeconds: Double
        var condition: String
        var policy: String
    }

    /// The values, and the condition they were made from: a sample that leaves it alone (nearly every one)
    /// does not encode its JSON again.
    private let stored: Mutex<(values: Values, condition: Condition)>

    init(policy: String, condition: Condition) {
        stored = Mutex((Self.values(condition: condition, forecast: nil, policy: policy), condition))
    }

    var current: Values { stored.withLock { $0.values } }

    /// The value of property `name`, or `nil` for a name the interface does not have.
    func value(named name: String) -> DBusValue? {
        let current = current
        return switch name {
        case "Tier": .string(current.tier)
        case "LowPower": .boolean(current.lowPower)
        case "Reasons": .strings(current.reasons)
        case "HeadroomSeconds": .double(current.headroomSeconds)
        case "Condition": .string(current.condition)
        case "Policy": .string(current.policy)
        default: nil
        }
    }

    /// Stores the condition and forecast; returns the properties that changed, named and valued.
    func update(condition: Condition, forecast: ThermalForecast?) -> [(String, DBusValue)] {
        stored.withLock { stored -> [(String, DBusValue)] in
            let values = stored.values
            let json = condition == stored.condition ? values.condition : nil
            let next = Self.values(condition: condition, forecast: forecast, policy: values.policy, conditionJSON: json)
            defer { stored = (next, condition) }
            var changes: [(String, DBusValue)] = []
            if next.tier != values.tier { changes.append(("Tier", .string(next.tier))) }
            if next.lowPower != values.lowPower { changes.append(("LowPower", .boolean(next.lowPower))) }
            if next.reasons != values.reasons { changes.append(("Reasons", .strings(next.reasons))) }
            if next.headroomSeconds != values.headroomSeconds { changes.append(("HeadroomSeconds", .double(next.headroomSeconds))) }
            if next.condition != values.condition { changes.append(("Condition", .string(next.condition))) }
            return changes
        }
    }

    private static func values(
        condition: Condition,
        forecast: ThermalForecast?,
        policy: String,
        conditionJSON json: String? = nil
    ) -> Values {
        let headroom = forecast.map { max(0, $0.seconds.rounded(.down)) } ?? -1
        return Values(
            tier: condition.tier.rawValue,
            lowPower: condition.lowPower,
            reasons: condition.reasons.map(\.message),
            headroomSeconds: headroom.isFinite ? headroom : -1,
            condition: json ?? conditionJSON(condition),
            policy: policy
        )
    }

    /// The condition's keys as `temper status --json` writes them (tier, lowPower, reasons), sorted.
    static func conditionJSON(_ condition: Condition) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(condition)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
