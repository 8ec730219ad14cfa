import CoreMetrics

/// The governor's metrics, made from the factory it was given. Names and units follow Prometheus' conventions
/// (base units, `_total` for counters), so an exporter can serve them as they are:
/// - `temper_decisions_total{outcome, kind}`: decisions by outcome and request kind;
/// - `temper_rules_fired_total{rule}`: rules that fired, by rule name;
/// - `temper_energy_requested_joules_total` and `temper_energy_saved_joules_total`: what the requests asked for
///   as written, and what the rewrites saved;
/// - `temper_tier` (0 nominal … 3 critical) and `temper_low_power` (0 or 1): the current condition;
/// - `temper_pending_requests`, and `temper_budget_remaining_joules` while a budget is in force (absent, not 0,
///   under a condition without one);
/// - `temper_sample_duration_seconds`: how long each reading of the host source took, on the governor's clock;
/// - `temper_players_live`: the live players (continuous events and loops) the governor is clamping;
/// - `temper_peripherals{battery}`: the peripherals with a battery (controllers, mice, headsets) in each battery
///   condition (`unknown`, `ok`, `low`, `critical`), after the last sample;
/// - the host's temperatures, battery, power and power profile (``HostMetrics``).
///
/// Every recording method is `mutating`, even those that only record: the governor then calls them in place rather
/// than on a copy of every handle (a copy per scheduled and per released request, in the simulator's profile).
struct GovernorMetrics {
    /// One counter per outcome and request kind, keyed without building a string per decision.
    private struct DecisionKey: Hashable {
        var outcome: Decision.Outcome
        var kind: String
    }

    private let factory: any MetricsFactory
    /// Whether every handle discards what it is given (the simulator's factory): a decision then skips the lookups
    /// and the rule names it would record.
    private let discards: Bool
    private var decisions: [DecisionKey: Counter] = [:]
    private var rules: [String: Counter] = [:]
    private let energyRequested: FloatingPointCounter
    private let energySaved: FloatingPointCounter
    private let tier: Gauge
    private let lowPower: Gauge
    private let pending: Gauge
    /// Made at the first decision under a budget and destroyed at the first without one: a condition with no
    /// budget has no series, not a 0 J one a dashboard would read as an exhausted budget.
    private var budgetRemaining: Gauge?
    private let sampleDuration: Timer
    private let livePlayers: Gauge
    private let peripherals: [PeripheralBattery: Gauge]
    /// The counts last recorded, so a sample whose peripherals did not change records nothing.
    private var peripheralCounts: [PeripheralBattery: Int] = [:]
    private var host: HostMetrics

    init(factory: any MetricsFactory) {
        self.factory = factory
        discards = factory is NOOPMetricsHandler
        energyRequested = FloatingPointCounter(label: "temper_energy_requested_joules_total", factory: factory)
        energySaved = FloatingPointCounter(label: "temper_energy_saved_joules_total", factory: factory)
        tier = Gauge(label: "temper_tier", factory: factory)
        lowPower = Gauge(label: "temper_low_power", factory: factory)
        pending = Gauge(label: "temper_pending_requests", factory: factory)
        sampleDuration = Timer(label: "temper_sample_duration_seconds", factory: factory)
        livePlayers = Gauge(label: "temper_players_live", factory: factory)
        host = HostMetrics(factory: factory)
        peripherals = Dictionary(
            uniqueKeysWithValues: PeripheralBattery.allCases.map { battery in
                (battery, Gauge(label: "temper_peripherals", dimensions: [("battery", battery.rawValue)], factory: factory))
            }
        )
    }

    mutating func record(_ decision: Decision, kind: String) {
        guard !discards else { return }
        let key = DecisionKey(outcome: decision.outcome, kind: kind)
        let counter =
            decisions[key]
            ?? {
                let made = Counter(
                    label: "temper_decisions_total",
                    dimensions: [("outcome", decision.outcome.rawValue), ("kind", kind)],
                    factory: factory
                )
                decisions[key] = made
                return made
            }()
        counter.increment()
        for rule in decision.ruleNames {
            let ruleCounter =
                rules[rule]
                ?? {
                    let made = Counter(label: "temper_rules_fired_total", dimensions: [("rule", rule)], factory: factory)
                    rules[rule] = made
                    return made
                }()
            ruleCounter.increment()
        }
        if decision.energyBeforeMillijoules > 0 { energyRequested.increment(by: decision.energyBeforeMillijoules / 1000) }
        if decision.energySavedMillijoules > 0 { energySaved.increment(by: decision.energySavedMillijoules / 1000) }
        if let budget = decision.budget {
            let gauge = budgetRemaining ?? Gauge(label: "temper_budget_remaining_joules", factory: factory)
            budgetRemaining = gauge
            gauge.record(budget.remainingMillijoules / 1000)
        } else if let gauge = budgetRemaining {
            gauge.destroy()
            budgetRemaining = nil
        }
    }

    /// One reading of the host source took `seconds`.
    mutating func recordSample(seconds: Double) {
        guard seconds.isFinite, seconds >= 0 else { return }
        sampleDuration.recordNanoseconds(Int64(min(seconds, 3600) * 1_000_000_000))
    }

    /// The tier is recorded last: a scrape that sees a tier sees the whole condition it belongs to.
    mutating func record(_ condition: Condition) {
        lowPower.record(condition.lowPower ? 1 : 0)
        tier.record(condition.tier.rank)
    }

    mutating func recordPending(_ count: Int) { pending.record(count) }

    /// The readings a dashboard shows beside the tier, from each snapshot classified.
    mutating func recordHost(_ snapshot: HostSnapshot) {
        guard !discards else { return }
        host.record(snapshot)
    }

    mutating func recordLivePlayers(_ count: Int) { livePlayers.record(count) }

    /// Records how many peripherals are in each battery condition, when that changed.
    mutating func recordPeripherals(_ conditions: [PeripheralCondition]) {
        // Most hosts have none, sample after sample: nothing to count once the zeros are recorded.
        guard !discards, !(conditions.isEmpty && !peripheralCounts.isEmpty && peripheralCounts.values.allSatisfy { $0 == 0 })
        else { return }
        var counts = Dictionary(uniqueKeysWithValues: PeripheralBattery.allCases.map { ($0, 0) })
        for condition in conditions { counts[condition.battery, default: 0] += 1 }
        guard counts != peripheralCounts else { return }
        peripheralCounts = counts
        for (battery, gauge) in peripherals { gauge.record(counts[battery] ?? 0) }
    }
}
