public import TemperCore
import TemperLifecycle

/// Runs a scenario in virtual time. The simulator is just another host source: each step it publishes the thermal
/// and battery models' state through the ``SimulatedHost`` and schedules the step's requests at their arrival
/// times, and the ``Governor``'s own run loop samples the host, releases the requests and re-decides what waits,
/// the code that runs live; the loop's sleeps move virtual time. What played then heats the device and drains the
/// battery.
public enum Simulator: Sendable {
    /// Told how far a run has got, as the fraction of its steps done (0 to 1), about a hundred times a run; called
    /// on the run's own task, so it must return quickly.
    public typealias Progress = @Sendable (_ fraction: Double) -> Void

    /// Runs the scenario twice in one invocation: with the policy, and with the policy off (everything passes);
    /// and a third time without any feedback (``FeedbackFreeRun``), so a verdict's causes are computed from runs.
    /// The runs share nothing but the energy model's locked cache, so they run side by side, each on its own
    /// governor's actor: on a machine with two cores the pair takes about as long as one run, and the run without
    /// feedback, which has nothing to decide and stops once its peak is known, a small part of one.
    /// - Parameters:
    ///   - progress: told the fraction of both runs done, from either run's task.
    ///   - logsDecisions: keep every decision of the run with the policy in its ``RunSummary/decisionLog``.
    ///   - runsWithoutFeedback: make the run without feedback (a sensitivity rerun, which reads only the
    ///     headline's figures, does not).
    ///   - governing: makes the governor's driver for a policy; `policyOn` false asks for the pass-through baseline.
    public static func run(
        _ setup: SimulationSetup,
        policyName: String,
        progress: Progress? = nil,
        logsDecisions: Bool = false,
        runsWithoutFeedback: Bool = true,
        governing: (_ policyOn: Bool) -> GovernorDriver
    ) async -> SimulationResult {
        let withPolicy = governing(true)
        let withoutPolicy = governing(false)
        let withoutFeedback = runsWithoutFeedback ? governing(false) : nil
        let both = progress.map(PairProgress.init)
        async let policyRun = runOnce(
            setup,
            requests: setup.arrivals,
            governing: withPolicy,
            policyName: policyName,
            progress: both?.reporter(for: 0),
            logsDecisions: logsDecisions
        ).summary
        async let baselineRun = runOnce(
            setup,
            requests: setup.arrivals,
            governing: withoutPolicy,
            policyName: "off (baseline)",
            progress: both?.reporter(for: 1)
        ).summary
        async let feedbackFree: FeedbackFreeRun? =
            if let withoutFeedback { await runWithoutFeedback(setup, governing: withoutFeedback) } else { nil }
        var result = SimulationResult(
            scenario: setup.scenario.name,
            description: setup.scenario.description,
            device: setup.deviceName,
            durationSeconds: setup.scenario.durationSeconds,
            timeStepSeconds: setup.scenario.timeStepSeconds,
            seed: setup.scenario.seed,
            thermalSource: setup.thermal.source,
            items: setup.distinctItems.map { ItemProfile($0) },
            withPolicy: await policyRun,
            baseline: await baselineRun,
            thresholds: ClassifierThresholds(thermal: setup.thermal, settings: withPolicy.classifierSettings)
        )
        result.withoutFeedback = await feedbackFree
        result.audioPathHeldOpen = setup.scenario.audioPathAlreadyOpen
        return result
    }

    /// The scenario's workload alone, no request made: where the device goes without any feedback. It decides
    /// nothing, and stops once nothing left in the scenario can raise a temperature past its peak.
    public static func runWithoutFeedback(_ setup: SimulationSetup, governing driver: GovernorDriver) async -> FeedbackFreeRun {
        let summary = await runOnce(
            setup,
            requests: [SimulatedRequest](),
            governing: driver,
            policyName: "no feedback",
            stopsOnceSettled: true
        ).summary
        return FeedbackFreeRun(summary)
    }

    /// One run, on a fresh driver (a governor runs once), of `requests` in time order: ``SimulationSetup/arrivals``,
    /// which makes each request as the run reaches it. With `snapshotEverySeconds`, also returns the host snapshots
    /// at that interval: what `temper record` would have written had the simulated host been real. With
    /// `stopsOnceSettled`, the run ends as soon as nothing left in it can raise a temperature past its peak.
    ///
    /// The governor's own `run()` loop drives the run: each time it sleeps, the driver's clock steps the models,
    /// schedules the requests that arrive and accounts the decisions made, up to the loop's deadline, on the
    /// governor's actor in the loop's own task.
    public static func runOnce<Requests: Sequence<SimulatedRequest>>(
        _ setup: SimulationSetup,
        requests: Requests,
        governing driver: GovernorDriver,
        policyName: String,
        snapshotEverySeconds: Double? = nil,
        progress: Progress? = nil,
        logsDecisions: Bool = false,
        stopsOnceSettled: Bool = false
    ) async -> (summary: RunSummary, snapshots: [HostSnapshot]) where Requests.Iterator: Sendable {
        var run = SimulationRun(setup, policyName: policyName, snapshotEverySeconds: snapshotEverySeconds, logsDecisions: logsDecisions)
        run.publish(on: driver.host, step: 0)
        let clock = driver.clock
        clock.begin(run, requests: requests.makeIterator(), driver: driver, progress: progress, stopsOnceSettled: stopsOnceSettled)
        await driver.governor.recordDecisions { clock.record($0) }
        try? await driver.governor.run()
        // The clock held the run while the loop drove it; a driver runs once, so it is there to take back.
        return clock.finish()!
    }
}

/// Rounds to 1/1000 for samples meant for charts and `data.json`, so files stay small and read well.
func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

/// Per-item energy, kept in first-seen order, and the first of each way the policy changed an item.
struct ItemAccounts {
    /// One way an item was played instead: what names a variant, compared without building its name.
    private struct VariantKey: Hashable {
        var item: String
        var outcome: Decision.Outcome
        var rules: [String]
    }

    private var items: [ItemEnergy] = []
    private var positions: [String: Int] = [:]
    private var variantKeys: Set<VariantKey> = []
    /// What played instead, once per item, outcome and rules, named for reports: "heavy-decay.ahap, fallback (haptics.simpleImpact)".
    private(set) var variants: [FeedbackItem] = []

    mutating func add(_ name: String, _ decision: SimulatedDecision) {
        if var played = decision.played {
            let rules = decision.rules.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            if variantKeys.insert(VariantKey(item: name, outcome: decision.outcome, rules: rules)).inserted {
                played.name = "\(name), \(decision.outcome.rawValue)" + (rules.isEmpty ? "" : " (\(rules.joined(separator: ", ")))")
                variants.append(played)
            }
        }
        let position: Int
        if let known = positions[name] {
            position = known
        } else {
            position = items.count
            positions[name] = position
            items.append(ItemEnergy(name: name))
        }
        items[position].requests += 1
        items[position].requestedMillijoules += decision.before.totalMillijoules
        items[position].playedMillijoules += decision.after.totalMillijoules
    }

    /// Each item's energy, in the order first seen.
    var sorted: [ItemEnergy] { items }
}

/// The progress of two runs side by side, told as one fraction: the mean of both.
private final class PairProgress: Sendable {
    private let progress: Simulator.Progress
    private let fractions = Locked((0.0, 0.0))

    init(_ progress: @escaping Simulator.Progress) {
        self.progress = progress
    }

    /// What run `index` (0 or 1) reports its own fraction to.
    func reporter(for index: Int) -> Simulator.Progress {
        { fraction in
            let mean = self.fractions.withLock { fractions in
                if index == 0 { fractions.0 = fraction } else { fractions.1 = fraction }
                return (fractions.0 + fractions.1) / 2
            }
            self.progress(mean)
        }
    }
}
