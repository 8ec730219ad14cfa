import TemperCore
public import TemperSimulation

/// A simulation or a replayed trace in Perfetto's protobuf trace format, ready to write to a `.perfetto-trace`
/// file and open in the Perfetto UI (ui.perfetto.dev) or query with its trace processor.
///
/// Each run is a group of tracks: the tier as slices (named for the tier, with the reasons as arguments) and each
/// change as an instant, each decision as an instant slice (its outcome, item and rules as arguments), what played
/// as slices of its playing time on a track per channel (haptic, audio) under a group for the device, a counter
/// track with its unit for each temperature, the battery and each power component, and each threshold as a
/// counter on the temperatures' axis. Times count from the run's start.
public struct PerfettoTrace: Sendable, Hashable {
    /// The serialized `perfetto.protos.Trace`.
    public var bytes: [UInt8]
    /// How many tracks (groups included) and events it holds, for a closing line.
    public var trackCount: Int
    public var eventCount: Int

    init(_ builder: PerfettoTraceBuilder) throws {
        bytes = try builder.serialized()
        trackCount = builder.trackCount
        eventCount = builder.eventCount
    }

    /// Both runs of a simulation: the run with the policy (with its decisions, when the run logged them:
    /// ``Simulator/run(_:policyName:progress:logsDecisions:governing:)``) and the baseline with the policy off.
    /// - Throws: only what swift-protobuf's encoder throws, which these messages (no required fields) never cause.
    public static func simulation(_ result: SimulationResult) throws -> PerfettoTrace {
        var builder = PerfettoTraceBuilder()
        for (run, title) in [(result.withPolicy, "with \(result.withPolicy.policy)"), (result.baseline, "policy off (baseline)")] {
            let group = builder.group(
                "\(result.scenario): \(title)",
                description: "\(result.scenario) on \(result.device), \(run.policy)"
            )
            builder.tierSlices(run.transitions, until: result.durationSeconds, parent: group)
            builder.tierChanges(run.transitions, parent: group)
            if let log = run.decisionLog {
                builder.decisions(log, parent: group)
                builder.feedback(log, device: result.device, parent: group)
            }
            builder.timeline(run.timeline, parent: group)
            if let thresholds = result.thresholds {
                builder.thresholds(thresholds.sensors, until: result.durationSeconds, parent: group)
            }
        }
        return try PerfettoTrace(builder)
    }
}

extension PerfettoTraceBuilder {
    /// One slice per span of one condition (tier and low power), named for it, with the reasons for entering it.
    mutating func tierSlices(_ transitions: [TierTransition], until end: Double, parent: UInt64) {
        let track = sliceTrack("tier", description: "The condition the classifier gave, with why it changed", parent: parent)
        var start = 0.0
        var name = Tier.nominal.rawValue
        var arguments: [PerfettoArgument] = []
        for transition in transitions {
            if transition.timeSeconds > start { slice(name, on: track, from: start, to: transition.timeSeconds, arguments: arguments) }
            start = transition.timeSeconds
            name = transition.to.rawValue + (transition.lowPower ? " (low power)" : "")
            arguments = [
                PerfettoArgument("from", .string(transition.from.rawValue)),
                PerfettoArgument("low power", .flag(transition.lowPower)),
                PerfettoArgument("reasons", .list(transition.reasons)),
            ]
        }
        slice(name, on: track, from: start, to: max(start, end), arguments: arguments)
    }

    /// Each decision as an instant slice named "outcome: item", with its rules and energy as arguments.
    mutating func decisions(_ log: [LoggedDecision], parent: UInt64) {
        let track = sliceTrack("decisions", description: "Each request the policy decided, with the rules that fired", parent: parent)
        for decision in log {
            instant(
                "\(decision.outcome.rawValue): \(decision.item)",
                on: track,
                at: decision.timeSeconds,
                arguments: [
                    PerfettoArgument("outcome", .string(decision.outcome.rawValue)),
                    PerfettoArgument("item", .string(decision.item)),
                    PerfettoArgument("rules", .list(decision.rules)),
                    PerfettoArgument("requested mJ", .number(Self.microjoules(decision.requestedMillijoules))),
                    PerfettoArgument("played mJ", .number(Self.microjoules(decision.playedMillijoules))),
                ]
            )
        }
    }

    /// Millijoules to the microjoule: a request's cost carries float noise (1.9953360000000004).
    static func microjoules(_ millijoules: Double) -> Double { (millijoules * 1000).rounded() / 1000 }

    /// A counter track with its unit for each temperature, the battery and each power component of a run.
    mutating func timeline(_ samples: [TimelineSample], parent: UInt64) {
        let series: [(name: String, unit: String, axis: String, value: (TimelineSample) -> Double)] = [
            ("hotspot", "°C", "temperature", \.hotspotCelsius),
            ("skin", "°C", "temperature", \.skinCelsius),
            ("internal", "°C", "temperature", \.internalCelsius),
            ("ambient", "°C", "temperature", \.ambientCelsius),
            ("battery", "%", "battery", \.batteryPercentage),
            ("workload power", "W", "power", \.workloadWatts),
            ("charging power", "W", "power", \.chargingWatts),
            ("charger loss", "W", "power", \.chargerLossWatts),
            ("feedback power", "mW", "feedback", \.feedbackMilliwatts),
        ]
        for (name, unit, axis, value) in series {
            let track = counterTrack(name, unit: unit, axis: axis, parent: parent)
            for sample in samples { count(value(sample), on: track, at: sample.timeSeconds) }
        }
    }
}
