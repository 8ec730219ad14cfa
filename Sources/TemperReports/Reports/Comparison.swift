public import TemperCore
public import TemperSimulation

/// One side of `temper compare`: a simulated run (its run with the policy) or a replayed trace, reduced to what
/// both kinds can say, with what only one kind knows left `nil`.
public struct ComparedRun: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case simulation, trace
    }

    /// What the reader typed for it, and what it is: "heat-soak.yaml with phone".
    public var label: String
    public var kind: Kind
    public var durationSeconds: Double
    public var highestTier: Tier
    public var tierSeconds: TierSeconds
    /// The hottest reading, and which sensor gave it (the simulated skin hotspot, or a trace's sensor).
    public var peakCelsius: Double?
    public var peakSensor: String?
    /// Feedback energy that played, and what was asked for (simulations only).
    public var playedMillijoules: Double?
    public var requestedMillijoules: Double?
    public var batteryStartPercentage: Double?
    public var batteryEndPercentage: Double?
    /// Requests the policy changed (rewritten, fell back or dropped) out of all decided (simulations only).
    public var changedDecisions: Int?
    public var decisions: Int?
    /// The tier and the peak temperature over time, for the charts.
    public var tiers: [TimedTier]
    public var temperatures: [TimedValue]
    /// The thresholds the classifier held the counted sensors to, and its dwell, where the run says them.
    public var thresholds: [ClassifierThresholds.Sensor] = []
    public var dwellSeconds: Double?

    /// The simulated run with the policy.
    public init(simulation result: SimulationResult, label: String) {
        self.init(run: result.withPolicy, durationSeconds: result.durationSeconds, label: label)
        thresholds = result.thresholds?.sensors ?? []
        dwellSeconds = result.thresholds?.dwellSeconds
    }

    /// One run of a simulation (its run with the policy, or a run made for a comparison).
    public init(run: RunSummary, durationSeconds: Double, label: String) {
        self.label = label
        kind = .simulation
        self.durationSeconds = durationSeconds
        highestTier = run.highestTier
        tierSeconds = run.tierSeconds
        peakCelsius = run.peakHotspotCelsius.isFinite ? run.peakHotspotCelsius : nil
        peakSensor = "skin hotspot"
        playedMillijoules = run.playedEnergy.totalMillijoules
        requestedMillijoules = run.requestedEnergy.totalMillijoules
        batteryStartPercentage = run.batteryStartPercentage
        batteryEndPercentage = run.batteryEndPercentage
        decisions = run.decisions.total
        changedDecisions = run.decisions.total - (run.decisions.byOutcome[.pass] ?? 0)
        tiers = run.timeline.map { TimedTier(timeSeconds: $0.timeSeconds, tier: $0.tier) }
        temperatures = run.timeline.map { TimedValue(timeSeconds: $0.timeSeconds, value: $0.hotspotCelsius) }
    }

    /// A replayed trace: its peak is the hottest reading of any sensor the classifier counted.
    public init(trace result: TraceResult, label: String) {
        self.label = label
        kind = .trace
        durationSeconds = result.durationSeconds
        highestTier = result.highestTier
        tierSeconds = result.tierSeconds
        let counted = Set(result.sensorThresholds.map(\.label))
        let readings = result.samples.flatMap { sample in sample.temperatures.filter { counted.contains($0.sensor) } }
        let hottest = readings.max { $0.celsius < $1.celsius }
        peakCelsius = hottest?.celsius
        peakSensor = hottest?.sensor
        let battery = result.samples.compactMap(\.batteryPercentage)
        batteryStartPercentage = battery.first
        batteryEndPercentage = battery.last
        thresholds = result.sensorThresholds
        dwellSeconds = result.dwellSeconds
        tiers = result.samples.map { TimedTier(timeSeconds: $0.timeSeconds, tier: $0.tier) }
        temperatures = result.samples.compactMap { sample in
            sample.temperatures.filter { counted.contains($0.sensor) }.map(\.celsius).max().map {
                TimedValue(timeSeconds: sample.timeSeconds, value: $0)
            }
        }
    }

    /// Seconds spent in the highest tier reached.
    public var secondsAtHighest: Double { tierSeconds[highestTier] }
}

public struct TimedTier: Sendable, Hashable, Codable {
    public var timeSeconds: Double
    public var tier: Tier
}

public struct TimedValue: Sendable, Hashable, Codable {
    public var timeSeconds: Double
    public var value: Double
}
