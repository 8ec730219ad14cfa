public import TemperCore

/// Everything one invocation learned: the run with the policy, and the same scenario with the policy off.
public struct SimulationResult: Sendable, Hashable, Codable {
    public var scenario: String
    public var description: String
    public var device: String
    public var durationSeconds: Double
    public var timeStepSeconds: Double
    public var seed: UInt64
    /// Where the thermal constants came from ("derived, not measured" for the defaults).
    public var thermalSource: String
    /// Every distinct feedback item the streams play, as written, with its power curve.
    public var items: [ItemProfile]
    public var withPolicy: RunSummary
    public var baseline: RunSummary
    /// What the classifier compared the runs against; `nil` when the governing code did not say.
    public var thresholds: ClassifierThresholds?
    /// How the headline moves when each assumed thermal figure moves; `nil` when not computed
    /// (``Simulator/sensitivity(_:of:policyName:step:governing:)``) or when no figure is assumed.
    public var sensitivity: Sensitivity?
    /// The same scenario without any feedback, for the verdict's causes; `nil` when not run.
    public var withoutFeedback: FeedbackFreeRun?
    /// Whether other sound held the audio path open (``Scenario/audioPathAlreadyOpen``), so feedback sounds paid
    /// only the amplifier's drive.
    public var audioPathHeldOpen: Bool?

    public init(
        scenario: String,
        description: String,
        device: String,
        durationSeconds: Double,
        timeStepSeconds: Double,
        seed: UInt64,
        thermalSource: String,
        items: [ItemProfile] = [],
        withPolicy: RunSummary,
        baseline: RunSummary,
        thresholds: ClassifierThresholds? = nil
    ) {
        self.items = items
        self.scenario = scenario
        self.description = description
        self.device = device
        self.durationSeconds = durationSeconds
        self.timeStepSeconds = timeStepSeconds
        self.seed = seed
        self.thermalSource = thermalSource
        self.withPolicy = withPolicy
        self.baseline = baseline
        self.thresholds = thresholds
    }

    /// The headline's figures, from the two runs' unrounded values.
    public var headline: HeadlineFigures { HeadlineFigures(withPolicy: withPolicy, baseline: baseline) }
}

/// One run of a scenario under one policy.
public struct RunSummary: Sendable, Hashable, Codable {
    public var policy: String
    public var transitions: [TierTransition]
    public var tierSeconds: TierSeconds
    public var decisions: DecisionCounts
    /// What the requests asked for, by kind.
    public var requestedEnergy: EnergyTotals
    /// What played after the policy, by kind.
    public var playedEnergy: EnergyTotals
    /// Energy per feedback item (pattern), played.
    public var energyByItem: [ItemEnergy]
    public var workloadEnergyJoules: Double
    /// Heat from the charging path's loss over the run (J); 0 off the charger.
    public var chargerLossJoules: Double
    public var peakInternalCelsius: Double
    /// The skin node's mean temperature.
    public var peakSkinCelsius: Double
    /// The skin hotspot, which the simulated skin sensor reports.
    public var peakHotspotCelsius: Double
    public var batteryStartPercentage: Double
    public var batteryEndPercentage: Double
    /// Samples for charts, at ``sampleIntervalSeconds``.
    public var sampleIntervalSeconds: Double
    public var timeline: [TimelineSample]
    /// What the policy played instead of an item, once per item, outcome and rules, with its power curve.
    public var playedVariants: [ItemProfile] = []
    /// Every decision in time order, when the run was asked to log them (for a Perfetto trace); `nil` otherwise,
    /// and then absent from JSON.
    public var decisionLog: [LoggedDecision]?

    public init(
        policy: String,
        transitions: [TierTransition] = [],
        tierSeconds: TierSeconds = .init(),
        decisions: DecisionCounts = .init(),
        requestedEnergy: EnergyTotals = .init(),
        playedEnergy: EnergyTotals = .init(),
        energyByItem: [ItemEnergy] = [],
        workloadEnergyJoules: Double = 0,
        chargerLossJoules: Double = 0,
        peakInternalCelsius: Double = -.infinity,
        peakSkinCelsius: Double = -.infinity,
        peakHotspotCelsius: Double = -.infinity,
        batteryStartPercentage: Double = 0,
        batteryEndPercentage: Double = 0,
        sampleIntervalSeconds: Double = 1,
        timeline: [TimelineSample] = []
    ) {
        self.policy = policy
        self.transitions = transitions
        self.tierSeconds = tierSeconds
        self.decisions = decisions
        self.requestedEnergy = requestedEnergy
        self.playedEnergy = playedEnergy
        self.energyByItem = energyByItem
        self.workloadEnergyJoules = workloadEnergyJoules
        self.chargerLossJoules = chargerLossJoules
        self.peakInternalCelsius = peakInternalCelsius
        self.peakSkinCelsius = peakSkinCelsius
        self.peakHotspotCelsius = peakHotspotCelsius
        self.batteryStartPercentage = batteryStartPercentage
        self.batteryEndPercentage = batteryEndPercentage
        self.sampleIntervalSeconds = sampleIntervalSeconds
        self.timeline = timeline
    }

    /// The hottest tier the run reached.
    public var highestTier: Tier { transitions.map(\.to).max() ?? .nominal }
}

/// One change of condition, with why.
public struct TierTransition: Sendable, Hashable, Codable {
    public var timeSeconds: Double
    public var from: Tier
    public var to: Tier
    public var lowPower: Bool
    public var reasons: [String]

    public init(timeSeconds: Double, from: Tier, to: Tier, lowPower: Bool, reasons: [String]) {
        self.timeSeconds = timeSeconds
        self.from = from
        self.to = to
        self.lowPower = lowPower
        self.reasons = reasons
    }
}

/// Seconds spent in each tier.
public struct TierSeconds: Sendable, Hashable, Codable {
    public var nominal: Double = 0
    public var fair: Double = 0
    public var serious: Double = 0
    public var critical: Double = 0
    /// Seconds spent in low power, whatever the tier.
    public var lowPower: Double = 0

    public init() {}

    /// The same seconds to the millisecond: a sum of many steps drifts (406.99999999998545).
    public func rounded() -> TierSeconds {
        var copy = self
        for tier in Tier.allCases { copy[tier] = TemperSimulation.rounded(self[tier]) }
        copy.lowPower = TemperSimulation.rounded(lowPower)
        return copy
    }

    public subscript(tier: Tier) -> Double {
        get {
            switch tier {
            case .nominal: nominal
            case .fair: fair
            case .serious: serious
            case .critical: critical
            }
        }
        set {
            switch tier {
            case .nominal: nominal = newValue
            case .fair: fair = newValue
            case .serious: serious = newValue
            case .critical: critical = newValue
            }
        }
    }
}

/// Decisions counted by outcome and by rule. Keys are sorted in JSON, so output is stable.
public struct DecisionCounts: Sendable, Hashable, Codable {
    public var total: Int = 0
    public var byOutcome: [Decision.Outcome: Int] = [:]
    public var byRule: [String: Int] = [:]

    public init() {}

    public mutating func count(_ decision: SimulatedDecision) {
        total += 1
        byOutcome[decision.outcome, default: 0] += 1
        for rule in decision.rules { byRule[rule, default: 0] += 1 }
    }
}

/// Energy by kind, in millijoules.
public struct EnergyTotals: Sendable, Hashable, Codable {
    public var transientsMillijoules: Double = 0
    public var continuousMillijoules: Double = 0
    public var audioMillijoules: Double = 0
    public var overheadMillijoules: Double = 0

    public init() {}

    public var totalMillijoules: Double { transientsMillijoules + continuousMillijoules + audioMillijoules + overheadMillijoules }

    /// The same totals to the microjoule: sums of thousands of requests drift (514.5367999999993).
    public func rounded() -> EnergyTotals {
        var copy = self
        copy.transientsMillijoules = TemperSimulation.rounded(transientsMillijoules)
        copy.continuousMillijoules = TemperSimulation.rounded(continuousMillijoules)
        copy.audioMillijoules = TemperSimulation.rounded(audioMillijoules)
        copy.overheadMillijoules = TemperSimulation.rounded(overheadMillijoules)
        return copy
    }

    public mutating func add(_ breakdown: EnergyBreakdown) {
        transientsMillijoules += breakdown.transientsMillijoules
        continuousMillijoules += breakdown.continuousMillijoules
        audioMillijoules += breakdown.audioMillijoules
        overheadMillijoules += breakdown.overheadMillijoules
    }

    /// The kinds in a fixed order with their names, for tables and charts.
    public var kinds: [(name: String, millijoules: Double)] {
        [
            ("transients", transientsMillijoules), ("continuous", continuousMillijoules), ("audio", audioMillijoules),
            ("overhead", overheadMillijoules),
        ]
    }
}

/// Played and requested energy of one feedback item.
public struct ItemEnergy: Sendable, Hashable, Codable {
    public var name: String
    public var requests: Int
    public var requestedMillijoules: Double
    public var playedMillijoules: Double

    public init(name: String, requests: Int = 0, requestedMillijoules: Double = 0, playedMillijoules: Double = 0) {
        self.name = name
        self.requests = requests
        self.requestedMillijoules = requestedMillijoules
        self.playedMillijoules = playedMillijoules
    }
}

/// The state at one sample time, for charts.
public struct TimelineSample: Sendable, Hashable, Codable {
    public var timeSeconds: Double
    public var ambientCelsius: Double
    public var internalCelsius: Double
    public var skinCelsius: Double
    public var hotspotCelsius: Double
    public var tier: Tier
    public var lowPower: Bool
    public var batteryPercentage: Double
    public var workloadWatts: Double
    /// Feedback power averaged over the sample interval.
    public var feedbackMilliwatts: Double
    /// The part of ``feedbackMilliwatts`` the audio path drew for sounds; the rest is haptics (drive and driver).
    public var audioMilliwatts: Double = 0
    /// Requests in the interval that were rewritten, fell back or were dropped.
    public var changedDecisions: Int
    /// Those requests by outcome and the rules that fired, for a report's decision marks; empty when none changed.
    public var changes: [DecisionChange] = []
    /// Heat from the charging path averaged over the sample interval (W); 0 off the charger.
    public var chargerLossWatts: Double
    /// Power going into the battery at the sample (W); 0 when not charging.
    public var chargingWatts: Double
    /// Insulation wrapped around the device at the sample (K/W added to skin → ambient).
    public var insulationKelvinPerWatt: Double
    /// Whether the device ran from its battery (rather than mains power) at the sample.
    public var onBattery: Bool

    public init(
        timeSeconds: Double,
        ambientCelsius: Double,
        internalCelsius: Double,
        skinCelsius: Double,
        hotspotCelsius: Double,
        tier: Tier,
        lowPower: Bool,
        batteryPercentage: Double,
        workloadWatts: Double,
        feedbackMilliwatts: Double,
        changedDecisions: Int,
        chargerLossWatts: Double = 0,
        chargingWatts: Double = 0,
        insulationKelvinPerWatt: Double = 0,
        onBattery: Bool = true
    ) {
        self.chargerLossWatts = chargerLossWatts
        self.chargingWatts = chargingWatts
        self.insulationKelvinPerWatt = insulationKelvinPerWatt
        self.onBattery = onBattery
        self.timeSeconds = timeSeconds
        self.ambientCelsius = ambientCelsius
        self.internalCelsius = internalCelsius
        self.skinCelsius = skinCelsius
        self.hotspotCelsius = hotspotCelsius
        self.tier = tier
        self.lowPower = lowPower
        self.batteryPercentage = batteryPercentage
        self.workloadWatts = workloadWatts
        self.feedbackMilliwatts = feedbackMilliwatts
        self.changedDecisions = changedDecisions
    }
}

/// How many requests of a sample interval ended one way: an outcome other than pass, and the rules behind it.
public struct DecisionChange: Sendable, Hashable, Codable {
    public var outcome: Decision.Outcome
    public var rules: [String]
    public var count: Int

    public init(outcome: Decision.Outcome, rules: [String], count: Int) {
        self.outcome = outcome
        self.rules = rules
        self.count = count
    }
}

/// The thresholds the classifier held each simulated sensor to, and its battery levels, for drawing on charts.
public struct ClassifierThresholds: Sendable, Hashable, Codable {
    public struct Sensor: Sendable, Hashable, Codable {
        /// The sensor's label: `internal` or `skin` (the skin hotspot).
        public var label: String
        public var thresholds: SensorThresholds

        public init(label: String, thresholds: SensorThresholds) {
            self.label = label
            self.thresholds = thresholds
        }
    }

    /// Each counted simulated sensor.
    public var sensors: [Sensor]
    /// Low power on battery at or under this percentage.
    public var lowBatteryPercentage: Double
    /// A critical battery at or under this percentage.
    public var criticalBatteryPercentage: Double
    /// How long every counted sensor must stay below its exit temperature before the tier steps down; `nil` in
    /// results written before it was recorded.
    public var dwellSeconds: Double?

    public init(sensors: [Sensor], lowBatteryPercentage: Double, criticalBatteryPercentage: Double, dwellSeconds: Double? = nil) {
        self.sensors = sensors
        self.lowBatteryPercentage = lowBatteryPercentage
        self.criticalBatteryPercentage = criticalBatteryPercentage
        self.dwellSeconds = dwellSeconds
    }

    /// What `settings` make of the sensors the simulated host reports with `thermal`'s limits.
    public init(thermal: ThermalParameters, settings: ClassifierSettings) {
        let readings = [("internal", thermal.internalLimits), ("skin", thermal.skinLimits)].map { label, limits in
            SimulatedHost.reading(label: label, celsius: 0, limits: limits)
        }
        self.init(
            sensors: readings.compactMap { reading in settings.thresholds(for: reading).map { Sensor(label: reading.label, thresholds: $0) }
            },
            lowBatteryPercentage: settings.lowBatteryPercentage,
            criticalBatteryPercentage: settings.criticalBatteryPercentage,
            dwellSeconds: settings.dwellSeconds
        )
    }

    /// The thresholds of the sensor labelled `label`.
    public func sensor(_ label: String) -> SensorThresholds? { sensors.first { $0.label == label }?.thresholds }
}

/// One feedback item as written: what it costs and its power over time.
public struct ItemProfile: Sendable, Hashable, Codable {
    public var name: String
    public var energyMillijoules: Double
    public var peakMilliwatts: Double
    public var durationSeconds: Double
    public var powerSeries: [PowerSample]

    public init(name: String, energyMillijoules: Double, peakMilliwatts: Double, durationSeconds: Double, powerSeries: [PowerSample]) {
        self.name = name
        self.energyMillijoules = energyMillijoules
        self.peakMilliwatts = peakMilliwatts
        self.durationSeconds = durationSeconds
        self.powerSeries = powerSeries
    }

    /// The item's profile, its power series thinned to at most `maxPoints` (keeping each bucket's peak).
    public init(_ item: FeedbackItem, maxPoints: Int = 120) {
        let series = item.energy.powerSeries
        var thinned: [PowerSample] = series
        if series.count > maxPoints {
            let bucket = Int((Double(series.count) / Double(maxPoints)).rounded(.up))
            thinned = stride(from: 0, to: series.count, by: bucket).map { start in
                let slice = series[start..<min(series.count, start + bucket)]
                return PowerSample(timeSeconds: slice.first!.timeSeconds, milliwatts: slice.map(\.milliwatts).max() ?? 0)
            }
        }
        self.init(
            name: item.name,
            energyMillijoules: rounded(item.energy.energyMillijoules),
            peakMilliwatts: rounded(item.energy.peakMilliwatts),
            durationSeconds: rounded(item.energy.durationSeconds),
            powerSeries: thinned.map { PowerSample(timeSeconds: rounded($0.timeSeconds), milliwatts: rounded($0.milliwatts)) }
        )
    }
}

extension TierTransition {
    /// The change from `previous` to `next`, with the reasons that explain this change first: the step-down reason
    /// when cooling, the battery or power-profile reason when only low power changed.
    public init(timeSeconds: Double, previous: Condition, next: Condition) {
        let preferred: [String]
        if next.tier < previous.tier {
            preferred = ["hysteresis.stepDown"]
        } else if next.tier > previous.tier {
            // An early escalation is why the tier is above the one its crossed threshold names.
            preferred = ["forecast.preemptive", "sensor.threshold", "battery.critical", "sensors."]
        } else {
            preferred = ["battery.", "powerProfile."]
        }
        let rank = { (reason: Reason) in preferred.firstIndex { reason.code.hasPrefix($0) } ?? preferred.count }
        let ordered = next.reasons.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
        self.init(timeSeconds: timeSeconds, from: previous.tier, to: next.tier, lowPower: next.lowPower, reasons: ordered.map(\.message))
    }
}

/// One decided request as the run logged it: when, what, what became of it and by which rules.
public struct LoggedDecision: Sendable, Hashable, Codable {
    public var timeSeconds: Double
    /// The feedback item's name (its file name).
    public var item: String
    public var outcome: Decision.Outcome
    /// The codes of the rules that fired, in the order they fired.
    public var rules: [String]
    public var requestedMillijoules: Double
    public var playedMillijoules: Double
    /// How long what played played (0 when nothing did), and the part of its energy that was audio; `nil` in
    /// logs written before they were recorded.
    public var playedSeconds: Double?
    public var playedAudioMillijoules: Double?

    public init(
        timeSeconds: Double,
        item: String,
        outcome: Decision.Outcome,
        rules: [String],
        requestedMillijoules: Double,
        playedMillijoules: Double,
        playedSeconds: Double? = nil,
        playedAudioMillijoules: Double? = nil
    ) {
        self.timeSeconds = timeSeconds
        self.item = item
        self.outcome = outcome
        self.rules = rules
        self.requestedMillijoules = requestedMillijoules
        self.playedMillijoules = playedMillijoules
        self.playedSeconds = playedSeconds
        self.playedAudioMillijoules = playedAudioMillijoules
    }
}
