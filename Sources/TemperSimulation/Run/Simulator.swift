public import TemperCore
import TemperLifecycle

/// Runs a scenario in virtual time. The simulator is just another host source: each step it publishes the thermal
/// and battery models' state through the ``SimulatedHost`` and schedules the step's requests at their arrival
/// times, and the ``Governor``'s own run loop, on a ``VirtualClock``, samples the host, releases the requests and
/// re-decides what waits, the code that runs live. What played then heats the device and drains the battery.
public enum Simulator: Sendable {
    /// Told how far a run has got, as the fraction of its steps done (0 to 1), about a hundred times a run; called
    /// on the run's own task, so it must return quickly.
    public typealias Progress = @Sendable (_ fraction: Double) -> Void

    /// Runs the scenario twice in one invocation: with the policy, and with the policy off (everything passes).
    /// - Parameters:
    ///   - progress: told the fraction of both runs done.
    ///   - governing: makes the governor's driver for a policy; `policyOn` false asks for the pass-through baseline.
    public static func run(
        _ setup: SimulationSetup,
        policyName: String,
        progress: Progress? = nil,
        governing: (_ policyOn: Bool) -> GovernorDriver
    ) async -> SimulationResult {
        let requests = setup.requests()
        let withPolicy = governing(true)
        let policyRun = await runOnce(
            setup,
            requests: requests,
            governing: withPolicy,
            policyName: policyName,
            progress: half(0, of: progress)
        ).summary
        let baselineRun = await runOnce(
            setup,
            requests: requests,
            governing: governing(false),
            policyName: "off (baseline)",
            progress: half(1, of: progress)
        ).summary
        return SimulationResult(
            scenario: setup.scenario.name,
            description: setup.scenario.description,
            device: setup.deviceName,
            durationSeconds: setup.scenario.durationSeconds,
            timeStepSeconds: setup.scenario.timeStepSeconds,
            seed: setup.scenario.seed,
            thermalSource: setup.thermal.source,
            items: setup.distinctItems.map { ItemProfile($0) },
            withPolicy: policyRun,
            baseline: baselineRun,
            thresholds: ClassifierThresholds(thermal: setup.thermal, settings: withPolicy.classifierSettings)
        )
    }

    /// `progress` for the first (0) or second (1) of two runs.
    private static func half(_ run: Int, of progress: Progress?) -> Progress? {
        guard let progress else { return nil }
        return { fraction in progress((Double(run) + fraction) / 2) }
    }

    /// One run, on a fresh driver (a governor runs once). With `snapshotEverySeconds`, also returns the host
    /// snapshots at that interval: what `temper record` would have written had the simulated host been real.
    public static func runOnce(
        _ setup: SimulationSetup,
        requests: [SimulatedRequest],
        governing driver: GovernorDriver,
        policyName: String,
        snapshotEverySeconds: Double? = nil,
        progress: Progress? = nil
    ) async -> (summary: RunSummary, snapshots: [HostSnapshot]) {
        var run = SimulationRun(setup, policyName: policyName, snapshotEverySeconds: snapshotEverySeconds)
        run.publish(on: driver.host, step: 0)
        let governor = driver.governor
        // Subscribed before the run loop starts, so no sample or decision is missed.
        let streams = (governor.samples(), governor.decisions())
        return await withTaskGroup(of: Void.self) { [run] group in
            group.addTask { try? await governor.run() }
            let result = await drive(run, requests: requests, driver: driver, streams: streams, progress: progress, on: governor)
            group.cancelAll()
            return result
        }
    }

    /// The run itself, isolated to the governor: scheduling, reading its streams and stepping the models happen on
    /// the governor's actor between turns of its run loop, so moving through virtual time costs no thread hops.
    private static func drive(
        _ run: SimulationRun,
        requests: [SimulatedRequest],
        driver: GovernorDriver,
        streams: (samples: AsyncStream<HostSample>, decisions: AsyncStream<Decision>),
        progress: Progress?,
        on governor: isolated Governor
    ) async -> (summary: RunSummary, snapshots: [HostSnapshot]) {
        var run = run
        var samples = streams.samples.makeAsyncIterator()
        var decisions = streams.decisions.makeAsyncIterator()
        var samplesSeen = 0
        var nextRequest = 0
        var scheduled = 0
        var scheduleStep = 0
        await driver.clock.waitForSleepers(1)
        let progressEvery = max(1, run.stepCount / 100)
        for index in 0..<run.stepCount {
            if let progress, index % progressEvery == 0 { progress(Double(index) / Double(run.stepCount)) }
            let (time, length) = run.span(ofStep: index)
            let end = time + length
            // Requests reach the governor a sample interval ahead of their arrival, as a service schedules ahead
            // of the target time, so the run loop plans its sleeps around them rather than being woken for each.
            let horizon = end + driver.sampleIntervalSeconds
            while scheduled < requests.count, requests[scheduled].timeSeconds < horizon {
                let request = requests[scheduled]
                scheduled += 1
                guard let sensory = GovernorDriver.sensoryRequest(for: request) else { continue }
                while scheduleStep + 1 < run.stepCount, request.timeSeconds >= run.end(ofStep: scheduleStep) { scheduleStep += 1 }
                // The queue has no capacity limit and the governor runs until the run ends, so this cannot throw.
                _ = try? governor.schedule(sensory, at: run.target(of: request, inStep: scheduleStep))
            }
            let first = nextRequest
            var lastTarget = -Double.infinity
            while nextRequest < requests.count, requests[nextRequest].timeSeconds < end {
                if requests[nextRequest].item.request != nil { lastTarget = run.target(of: requests[nextRequest], inStep: index) }
                nextRequest += 1
            }
            // The host shows this step's state to every sample from now on; a step nothing wakes in is skipped.
            let limit = run.sampleLimit(ofStep: index)
            await driver.clock.waitForSleepers(1)
            if index > 0, run.records(step: index) || lastTarget > -.infinity || (driver.clock.nextDeadline ?? .infinity) < limit {
                run.publish(on: driver.host, step: index)
            }
            await driver.advance(before: max(limit, lastTarget.nextUp))

            // The samples the loop took in this step: the condition the step runs under, and its changes.
            while samplesSeen < driver.host.readCount, let sample = await samples.next(isolation: governor) {
                samplesSeen += 1
                run.observe(sample.condition, at: time)
            }
            run.countTime(length)
            var feedbackJoules = 0.0
            for request in requests[first..<nextRequest] {
                let decision: SimulatedDecision
                if request.item.request == nil {
                    decision = GovernorDriver.playedAsWritten(request)
                } else if let made = await decisions.next(isolation: governor) {
                    decision = driver.outcome(of: made, for: request)
                } else {
                    break
                }
                feedbackJoules += run.account(request, decision)
            }
            run.advanceModels(index: index, time: time, length: length, feedbackJoules: feedbackJoules)
        }
        progress?(1)
        return (run.finish(), run.snapshots)
    }
}

/// Rounds to 1/1000 for samples meant for charts and `data.json`, so files stay small and read well.
func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

/// Per-item energy, kept in first-seen order, and the first of each way the policy changed an item.
struct ItemAccounts {
    private var order: [String] = []
    private var byName: [String: ItemEnergy] = [:]
    private var variantKeys: Set<String> = []
    /// What played instead, once per item, outcome and rules, named for reports: "heavy-decay.ahap, fallback (haptics.simpleImpact)".
    private(set) var variants: [FeedbackItem] = []

    mutating func add(_ name: String, _ decision: SimulatedDecision) {
        if var played = decision.played {
            let rules = decision.rules.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            played.name = "\(name), \(decision.outcome.rawValue)" + (rules.isEmpty ? "" : " (\(rules.joined(separator: ", ")))")
            if variantKeys.insert(played.name).inserted { variants.append(played) }
        }
        if byName[name] == nil {
            order.append(name)
            byName[name] = ItemEnergy(name: name)
        }
        byName[name]!.requests += 1
        byName[name]!.requestedMillijoules += decision.before.totalMillijoules
        byName[name]!.playedMillijoules += decision.after.totalMillijoules
    }

    var sorted: [ItemEnergy] { order.compactMap { byName[$0] } }
}
