import FoundationEssentials
import TemperCore

/// The interface's properties, read by GDBus on the bus thread and updated after each sample; an update
/// returns only what changed, for one `PropertiesChanged`.
///
/// The signalled properties are quiet: `Reasons` and `Condition` carry text with countdowns and temperatures, so
/// they are rewritten only when the tier, low power or the set of reason codes changes; `HeadroomSeconds` only
/// when its whole seconds change. The readings that move every sample are in `Temperatures` (read, never
/// signalled) and in what ``current`` hands `GetCondition`.
final class GovernorProperties: Sendable {
    struct Values: Sendable, Equatable {
        var tier: String
        var lowPower: Bool
        /// The reason messages as of the last change of tier, low power or reason codes.
        var reasons: [String]
        /// Whole seconds, so a forecast that drifts by fractions each sample does not signal every sample.
        var headroomSeconds: Double
        /// The condition's JSON as of the last change of tier, low power or reason codes.
        var condition: String
        var policy: String
        /// The headroom at each tier's entry, for the sensor nearest its serious threshold.
        var thresholds: HeadroomThresholds?
        /// Each peripheral with its battery condition, percentages whole (``quietPeripherals(_:)``).
        var peripherals: [PeripheralCondition] = []
    }

    /// What a sample said, kept for reads: the live condition and each sensor's temperature.
    struct Live: Sendable, Equatable {
        var condition: Condition
        var headroomSeconds: Double
        /// `chip/label` and degrees Celsius, in the sample's order.
        var temperatures: [(String, Double)]

        static func == (lhs: Live, rhs: Live) -> Bool {
            lhs.condition == rhs.condition && lhs.headroomSeconds == rhs.headroomSeconds
                && lhs.temperatures.elementsEqual(rhs.temperatures, by: { $0 == $1 })
        }
    }

    /// The tier, low power and reason codes: what a change of the text properties needs.
    private struct State: Equatable {
        var tier: Tier
        var lowPower: Bool
        var codes: Set<String>

        init(_ condition: Condition) {
            tier = condition.tier
            lowPower = condition.lowPower
            codes = Set(condition.reasons.map(\.code.name))
        }
    }

    private let stored: Locked<(values: Values, state: State, live: Live)>
    /// How many of the thresholds the headroom had reached at the last sample with a reading; `nil` before one.
    private let crossingLevel = Locked<Int?>(nil)
    /// A headroom must fall this far below a threshold to cross it downwards (1 °C on Android's scale), so sensor
    /// noise at an edge does not signal every sample.
    static let fallingMargin = 1 / ThermalHeadroom.degreesBetweenZeroAndOne

    init(policy: String, condition: Condition) {
        let values = Values(
            tier: condition.tier.rawValue,
            lowPower: condition.lowPower,
            reasons: condition.reasons.map(\.message),
            headroomSeconds: -1,
            condition: Self.conditionJSON(condition),
            policy: policy,
            peripherals: Self.quietPeripherals(condition)
        )
        stored = Locked((values, State(condition), Live(condition: condition, headroomSeconds: -1, temperatures: [])))
    }

    var current: Values { stored.withLock { $0.values } }
    var live: Live { stored.withLock { $0.live } }

    /// The value of property `name`, or `nil` for a name the interface does not have.
    func value(named name: String) -> DBusValue? {
        if name == "Temperatures" { return .doubles(live.temperatures) }
        let current = current
        return switch name {
        case "Tier": .string(current.tier)
        case "LowPower": .boolean(current.lowPower)
        case "Reasons": .strings(current.reasons)
        case "HeadroomSeconds": .double(current.headroomSeconds)
        case "Condition": .string(current.condition)
        case "Policy": .string(current.policy)
        case "Thresholds": Self.thresholdsValue(current.thresholds)
        case "Peripherals": Self.peripheralsValue(current.peripherals)
        default: nil
        }
    }

    /// Stores a sample's condition, forecast and readings; returns the signalled properties that changed.
    func update(condition: Condition, forecast: ThermalForecast?, sensors: [SensorAssessment] = []) -> [(String, DBusValue)] {
        let headroom = forecast.map { max(0, $0.seconds.rounded(.down)) } ?? -1
        let temperatures = sensors.compactMap { sensor in sensor.celsius.map { ("\(sensor.chipName)/\(sensor.label)", $0) } }
        return stored.withLock { stored -> [(String, DBusValue)] in
            let headroomSeconds = headroom.isFinite ? headroom : -1
            stored.live = Live(condition: condition, headroomSeconds: headroomSeconds, temperatures: temperatures)
            var changes: [(String, DBusValue)] = []
            let state = State(condition)
            if state != stored.state {
                let before = stored.values
                stored.state = state
                stored.values.tier = condition.tier.rawValue
                stored.values.lowPower = condition.lowPower
                stored.values.reasons = condition.reasons.map(\.message)
                stored.values.condition = Self.conditionJSON(condition)
                let after = stored.values
                if after.tier != before.tier { changes.append(("Tier", .string(after.tier))) }
                if after.lowPower != before.lowPower { changes.append(("LowPower", .boolean(after.lowPower))) }
                if after.reasons != before.reasons { changes.append(("Reasons", .strings(after.reasons))) }
                if after.condition != before.condition { changes.append(("Condition", .string(after.condition))) }
            }
            let thresholds = HeadroomThresholds.of(sensors)
            if thresholds != stored.values.thresholds {
                stored.values.thresholds = thresholds
                changes.append(("Thresholds", Self.thresholdsValue(thresholds)))
            }
            let peripherals = Self.quietPeripherals(condition)
            if peripherals != stored.values.peripherals {
                stored.values.peripherals = peripherals
                changes.append(("Peripherals", Self.peripheralsValue(peripherals)))
            }
            if headroomSeconds != stored.values.headroomSeconds {
                stored.values.headroomSeconds = headroomSeconds
                changes.append(("HeadroomSeconds", .double(headroomSeconds)))
            }
            return changes
        }
    }

    /// The tier thresholds the headroom now has crossed since the last sample with a reading, in the order it
    /// crossed them: rising once it reaches a threshold, falling once it is ``fallingMargin`` below it. None at
    /// the first sample with a reading, which only sets where the headroom stands.
    func crossings(sensors: [SensorAssessment]) -> [(tier: Tier, rising: Bool, headroom: Double)] {
        guard let thresholds = HeadroomThresholds.of(sensors),
            let headroom = ThermalHeadroom.of(sensors, forecastSeconds: 0, forecaster: TrendForecaster())?.headroom
        else { return [] }
        let reached = thresholds.level(of: headroom)
        let kept = thresholds.level(of: headroom + Self.fallingMargin)
        return crossingLevel.withLock { level in
            guard let old = level else {
                level = reached
                return []
            }
            let tiers = thresholds.tiers
            if reached > old {
                level = reached
                return tiers[old..<reached].map { ($0.0, true, headroom) }
            }
            if kept < old {
                level = kept
                return tiers[kept..<old].reversed().map { ($0.0, false, headroom) }
            }
            return []
        }
    }

    /// `GetHeadroom`'s answer; method `none` and a NaN headroom without a valid reading.
    static func headroomDictionary(_ headroom: ThermalHeadroom?, _ forecastSeconds: Double) -> DBusValue {
        .dictionary([
            ("headroom", .double(headroom?.headroom ?? .nan)),
            ("low", .double(headroom?.low ?? .nan)),
            ("high", .double(headroom?.high ?? .nan)),
            ("method", .string(headroom?.method.rawValue ?? "none")),
            ("sensor", .string(headroom?.sensor ?? "")),
            ("forecastSeconds", .double(forecastSeconds)),
        ])
    }

    static func thresholdsValue(_ thresholds: HeadroomThresholds?) -> DBusValue {
        .doubles(thresholds.map { $0.tiers.map { ($0.0.rawValue, $0.1) } } ?? [])
    }

    /// `GetCondition`'s answer: the live condition, typed.
    func conditionDictionary() -> DBusValue {
        let live = live
        return .dictionary([
            ("tier", .string(live.condition.tier.rawValue)),
            ("lowPower", .boolean(live.condition.lowPower)),
            ("reasons", .pairs(live.condition.reasons.map { ($0.code.name, $0.message) })),
            ("headroomSeconds", .double(live.headroomSeconds)),
            ("temperatures", .doubles(live.temperatures)),
            ("peripherals", Self.peripheralsValue(live.condition.peripherals)),
        ])
    }

    /// The condition's keys as `temper status --json` writes them (tier, lowPower, reasons), sorted; the
    /// peripherals are the `Peripherals` property's, which follows them as they change.
    static func conditionJSON(_ condition: Condition) -> String {
        var condition = condition
        condition.peripherals = []
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(condition)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
