import TemperCore

/// Runs a scenario in virtual time: each step the simulated host publishes a snapshot, the governing code
/// classifies it, the step's requests are decided, and what played heats the device and drains the battery.
public enum Simulator {
    /// Runs the scenario twice in one invocation: with the policy, and with the policy off (everything passes).
    /// - Parameters:
    ///   - governing: makes the governing code for a policy; `policyOn` false asks for the pass-through baseline.
    public static func run<G: SimulationGoverning>(
        _ setup: SimulationSetup, policyName: String, governing: (_ policyOn: Bool) -> G
    ) async -> SimulationResult {
        var withPolicy = governing(true)
        var baseline = governing(false)
        let requests = setup.requests()
        let policyRun = await runOnce(setup, requests: requests, governing: &withPolicy, policyName: policyName).summary
        let baselineRun = await runOnce(setup, requests: requests, governing: &baseline, policyName: "off (baseline)").summary
        return SimulationResult(
            scenario: setup.scenario.name, description: setup.scenario.description, device: setup.deviceName,
            durationSeconds: setup.scenario.durationSeconds, timeStepSeconds: setup.scenario.timeStepSeconds, seed: setup.scenario.seed,
            thermalSource: setup.thermal.source, items: setup.distinctItems.map { ItemProfile($0) }, withPolicy: policyRun,
            baseline: baselineRun, thresholds: ClassifierThresholds(thermal: setup.thermal, settings: withPolicy.classifierSettings)
        )
    }

    /// One run. With `snapshotEverySeconds`, also returns the host snapshots at that interval: what `temper record`
    /// would have written had the simulated host been real.
    public static func runOnce<G: SimulationGoverning>(
        _ setup: SimulationSetup, requests: [SimulatedRequest], governing: inout G, policyName: String, snapshotEverySeconds: Double? = nil
    ) async -> (summary: RunSummary, snapshots: [HostSnapshot]) {
        let scenario = setup.scenario
        let step = scenario.timeStepSeconds
        // The scenario reader refuses more than maxSteps; a Scenario built in code is held to the same ceiling
        // here rather than trapping (or running for ever) on a step of 1e-300 or NaN.
        let stepCount = Self.count(scenario.durationSeconds / step, atMost: Scenario.maxSteps)
        let stepsPerSample = max(1, Self.count(scenario.durationSeconds / 300 / step, atMost: Scenario.maxSteps))
        let ambientAtStart = scenario.ambient.celsius(at: 0)
        var model = ThermalModel(
            parameters: setup.thermal, internalCelsius: scenario.initial.internalCelsius ?? ambientAtStart,
            skinCelsius: scenario.initial.skinCelsius ?? ambientAtStart
        )
        var battery = BatteryModel(parameters: setup.battery, percentage: scenario.initial.batteryPercentage, onBattery: scenario.onBattery(at: 0))
        let host = governing.host
        var summary = RunSummary(policy: policyName, batteryStartPercentage: rounded(battery.percentage), sampleIntervalSeconds: Double(stepsPerSample) * step)
        var accounts = ItemAccounts()
        var snapshots: [HostSnapshot] = []
        let stepsPerSnapshot = snapshotEverySeconds.map { max(1, Self.count($0 / step, atMost: Scenario.maxSteps, rounding: .toNearestOrAwayFromZero)) }
        var condition = Condition.nominal
        var nextRequest = 0
        // The host is sampled on the governor's schedule, on the step grid: at most one sample per step.
        let sampleInterval = max(step, governing.sampleIntervalSeconds)
        var nextSampleTime = 0.0
        var lastPower = scenario.workloadWatts(at: 0)
        var intervalFeedbackJoules = 0.0
        var intervalChargerLossJoules = 0.0
        var intervalChanged = 0
        var heatJoules = 0.0

        for index in 0..<stepCount {
            let time = Double(index) * step
            let length = min(step, scenario.durationSeconds - time)
            let sampling = time + step * 1e-6 >= nextSampleTime
            let recording = stepsPerSnapshot.map { index % $0 == 0 } ?? false
            if sampling || recording {
                let snapshot = host.publish(
                    timeSeconds: time, model: model, ambientCelsius: scenario.ambient.celsius(at: time), battery: battery,
                    powerWatts: lastPower, heatJoules: heatJoules, powerProfile: scenario.initial.powerProfile
                )
                if recording { snapshots.append(snapshot) }
                if sampling {
                    nextSampleTime += sampleInterval
                    let next = await governing.observe(snapshot)
                    if !next.isSameState(as: condition) {
                        summary.transitions.append(TierTransition(timeSeconds: time, previous: condition, next: next))
                    }
                    condition = next
                }
            }
            summary.tierSeconds[condition.tier] += length
            if condition.lowPower { summary.tierSeconds.lowPower += length }

            var feedbackJoules = 0.0
            while nextRequest < requests.count, requests[nextRequest].timeSeconds < time + length {
                let request = requests[nextRequest]
                nextRequest += 1
                let decision = await governing.decide(request)
                summary.decisions.count(decision)
                summary.requestedEnergy.add(decision.before)
                summary.playedEnergy.add(decision.after)
                accounts.add(request.item.name, decision)
                feedbackJoules += decision.after.totalMillijoules / 1000
                if decision.outcome != "pass" { intervalChanged += 1 }
            }

            let middle = time + length / 2
            let workload = scenario.workloadWatts(at: middle)
            let devicePower = workload + feedbackJoules / length
            // On a charger the device runs from it and the cell charges; the charging path's loss is heat too.
            battery.onBattery = scenario.onBattery(at: middle)
            var chargerLoss = 0.0
            if let charger = scenario.charger(at: middle) {
                chargerLoss = charger.lossWatts(chargeWatts: battery.charge(powerWatts: charger.watts, seconds: length))
            } else {
                battery.stopCharging()
                battery.drain(powerWatts: devicePower, seconds: length)
            }
            let power = devicePower + chargerLoss
            summary.workloadEnergyJoules += workload * length
            model.step(
                seconds: length, powerWatts: power, ambientCelsius: scenario.ambient.celsius(at: middle),
                insulationKelvinPerWatt: scenario.insulationKelvinPerWatt(at: middle)
            )
            lastPower = power
            heatJoules += power * length
            intervalFeedbackJoules += feedbackJoules
            intervalChargerLossJoules += chargerLoss * length

            let ambientAfter = scenario.ambient.celsius(at: time + length)
            summary.peakInternalCelsius = max(summary.peakInternalCelsius, model.internalCelsius)
            summary.peakSkinCelsius = max(summary.peakSkinCelsius, model.skinCelsius)
            summary.peakHotspotCelsius = max(summary.peakHotspotCelsius, model.hotspotCelsius)

            if (index + 1) % stepsPerSample == 0 || index == stepCount - 1 {
                let interval = Double(index % stepsPerSample + 1) * step
                summary.timeline.append(
                    TimelineSample(
                        timeSeconds: rounded(time + length), ambientCelsius: rounded(ambientAfter), internalCelsius: rounded(model.internalCelsius),
                        skinCelsius: rounded(model.skinCelsius), hotspotCelsius: rounded(model.hotspotCelsius),
                        tier: condition.tier, lowPower: condition.lowPower, batteryPercentage: rounded(battery.percentage),
                        workloadWatts: rounded(workload), feedbackMilliwatts: rounded(intervalFeedbackJoules / interval * 1000), changedDecisions: intervalChanged,
                        chargerLossWatts: rounded(intervalChargerLossJoules / interval), chargingWatts: rounded(battery.chargingWatts),
                        insulationKelvinPerWatt: rounded(scenario.insulationKelvinPerWatt(at: time + length / 2)),
                        onBattery: battery.onBattery
                    )
                )
                intervalFeedbackJoules = 0
                intervalChargerLossJoules = 0
                intervalChanged = 0
            }
        }
        summary.energyByItem = accounts.sorted.map { item in
            ItemEnergy(name: item.name, requests: item.requests, requestedMillijoules: rounded(item.requestedMillijoules), playedMillijoules: rounded(item.playedMillijoules))
        }
        summary.requestedEnergy = summary.requestedEnergy.rounded()
        summary.playedEnergy = summary.playedEnergy.rounded()
        summary.playedVariants = accounts.variants.map { ItemProfile($0) }
        summary.batteryEndPercentage = rounded(battery.percentage)
        summary.tierSeconds = summary.tierSeconds.rounded()
        summary.workloadEnergyJoules = rounded(summary.workloadEnergyJoules)
        return (summary, snapshots)
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
            played.name = "\(name), \(decision.outcome)" + (rules.isEmpty ? "" : " (\(rules.joined(separator: ", ")))")
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

extension Simulator {
    /// `value` rounded (up by default) to a count in `0...limit`; NaN counts as 0.
    static func count(_ value: Double, atMost limit: Int, rounding: FloatingPointRoundingRule = .up) -> Int {
        guard value > 0 else { return 0 }
        return value >= Double(limit) ? limit : Int(value.rounded(rounding))
    }
}
