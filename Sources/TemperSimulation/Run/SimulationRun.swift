import TemperCore

/// The models and the accounts of one run, stepped by ``Simulator``: what the host shows, what the condition was
/// for how long, what each request cost, and how the device heated and the battery drained.
struct SimulationRun {
    let scenario: Scenario
    /// Where each step starts and ends.
    let grid: StepGrid
    var step: Double { grid.step }
    var stepCount: Int { grid.stepCount }
    /// Timeline samples for charts: about 300 per run, on the step grid.
    let stepsPerSample: Int
    let stepsPerSnapshot: Int?
    var model: ThermalModel
    var battery: BatteryModel
    var summary: RunSummary
    var accounts = ItemAccounts()
    var snapshots: [HostSnapshot] = []
    var condition = Condition.nominal
    var lastPower: Double
    /// The last step's heat into each node (W), and whether both the internal node and the hotspot cooled in it.
    var internalWatts = 0.0
    var skinWatts = 0.0
    var cooling = false
    /// How far the models have run (s).
    var elapsedSeconds = 0.0
    var heatJoules = 0.0
    /// What played, drawn over its playing time.
    var feedbackHeat = FeedbackHeat()
    var intervalFeedbackJoules = 0.0
    var intervalChargerLossJoules = 0.0
    var intervalChanged = 0
    /// The part of ``intervalFeedbackJoules`` that sounds made (the audio path), as the headline splits heat.
    var intervalAudioJoules = 0.0
    /// The interval's changed requests by outcome and rules, in the order each way first came.
    var intervalChanges: [DecisionChange] = []

    init(_ setup: SimulationSetup, policyName: String, snapshotEverySeconds: Double?, logsDecisions: Bool = false) {
        let scenario = setup.scenario
        let step = scenario.timeStepSeconds
        self.scenario = scenario
        // The scenario reader refuses more than maxSteps; a Scenario built in code is held to the same ceiling
        // here rather than trapping (or running for ever) on a step of 1e-300 or NaN.
        grid = StepGrid(
            step: step,
            stepCount: Self.count(scenario.durationSeconds / step, atMost: Scenario.maxSteps),
            durationSeconds: scenario.durationSeconds
        )
        stepsPerSample = max(1, Self.count(scenario.durationSeconds / 300 / step, atMost: Scenario.maxSteps))
        stepsPerSnapshot = snapshotEverySeconds.map {
            max(1, Self.count($0 / step, atMost: Scenario.maxSteps, rounding: .toNearestOrAwayFromZero))
        }
        let ambientAtStart = scenario.ambient.celsius(at: 0)
        model = ThermalModel(
            parameters: setup.thermal,
            internalCelsius: scenario.initial.internalCelsius ?? ambientAtStart,
            skinCelsius: scenario.initial.skinCelsius ?? ambientAtStart
        )
        battery = BatteryModel(
            parameters: setup.battery,
            percentage: scenario.initial.batteryPercentage,
            onBattery: scenario.onBattery(at: 0)
        )
        summary = RunSummary(
            policy: policyName,
            batteryStartPercentage: rounded(battery.percentage),
            sampleIntervalSeconds: Double(stepsPerSample) * step
        )
        lastPower = scenario.workloadWatts(at: 0)
        if logsDecisions { summary.decisionLog = [] }
    }

    /// Whether step `index`'s snapshot goes into the recorded trace.
    func records(step index: Int) -> Bool { stepsPerSnapshot.map { index % $0 == 0 } ?? false }

    /// Shows the models' state at step `index` on `host`, for the governor's samples from now on; keeps it when
    /// the run records a trace.
    mutating func publish(on host: SimulatedHost, step index: Int) {
        let time = Double(index) * step
        let state = SimulatedHost.Staged(
            timeSeconds: time,
            model: model,
            battery: battery,
            powerWatts: lastPower,
            heatJoules: heatJoules,
            powerProfile: scenario.initial.powerProfile
        )
        // Made into a snapshot now only when the trace keeps it; else when (if ever) the governor samples it.
        if records(step: index) {
            snapshots.append(
                host.publish(
                    timeSeconds: state.timeSeconds,
                    model: state.model,
                    ambientCelsius: scenario.ambient.celsius(at: time),
                    battery: state.battery,
                    powerWatts: state.powerWatts,
                    heatJoules: state.heatJoules,
                    powerProfile: state.powerProfile
                )
            )
        } else {
            host.stage(state)
        }
    }

    /// A sample of the governor's at step `time` found `next`.
    mutating func observe(_ next: Condition, at time: Double) {
        if !next.isSameState(as: condition) {
            summary.transitions.append(TierTransition(timeSeconds: time, previous: condition, next: next))
        }
        condition = next
    }

    /// A step of `length` under the current condition.
    mutating func countTime(_ length: Double) {
        summary.tierSeconds[condition.tier] += length
        if condition.lowPower { summary.tierSeconds.lowPower += length }
    }

    /// Accounts one decided request, and draws what played over its playing time from its arrival.
    mutating func account(_ request: SimulatedRequest, _ decision: SimulatedDecision) {
        summary.decisions.count(decision)
        summary.requestedEnergy.add(decision.before)
        summary.playedEnergy.add(decision.after)
        accounts.add(request.item.name, decision)
        let playedForm = decision.played?.energy ?? request.item.energy
        feedbackHeat.add(decision.after, from: request.timeSeconds, over: FeedbackHeat.drawSeconds(of: playedForm))
        if decision.outcome != .pass {
            intervalChanged += 1
            // A handful of ways a request changes per interval: a linear search beats hashing the rules.
            if let index = intervalChanges.firstIndex(where: { $0.outcome == decision.outcome && $0.rules == decision.rules }) {
                intervalChanges[index].count += 1
            } else {
                intervalChanges.append(DecisionChange(outcome: decision.outcome, rules: decision.rules, count: 1))
            }
        }
        summary.decisionLog?.append(
            LoggedDecision(
                timeSeconds: request.timeSeconds,
                item: request.item.name,
                outcome: decision.outcome,
                rules: decision.rules,
                requestedMillijoules: decision.before.totalMillijoules,
                playedMillijoules: decision.after.totalMillijoules,
                playedSeconds: decision.after.totalMillijoules > 0 ? playedForm.durationSeconds : 0,
                playedAudioMillijoules: decision.after.audioMillijoules
            )
        )
    }

    /// Steps the thermal and battery models through step `index` with the workload and the feedback drawn in it.
    /// The workload's heat and the charger's loss enter the internal node; feedback's is split between the nodes
    /// where the actuator and the amplifier sit (``ThermalParameters/actuatorHeatWeight``).
    mutating func advanceModels(index: Int, time: Double, length: Double) {
        let middle = time + length / 2
        let workload = scenario.workloadWatts(at: middle)
        let drawn = feedbackHeat.take(from: time, to: time + length)
        let feedbackJoules = drawn.joules
        let devicePower = workload + feedbackJoules / length
        let parameters = model.parameters
        let feedbackInternal = parameters.actuatorHeatWeight * drawn.hapticJoules + parameters.amplifierHeatWeight * drawn.audioJoules
        // On a charger the device runs from it and the cell charges, derated by the cell's temperature: the cell
        // sits in the internal node (the model has no node of its own for it). The charging path's loss is heat too.
        battery.onBattery = scenario.onBattery(at: middle)
        var chargerLoss = 0.0
        if let charger = scenario.charger(at: middle) {
            let charged = battery.charge(powerWatts: charger.watts, seconds: length, cellCelsius: model.internalCelsius)
            chargerLoss = charger.lossWatts(chargeWatts: charged)
        } else {
            battery.stopCharging()
            battery.drain(powerWatts: devicePower, seconds: length)
        }
        let power = devicePower + chargerLoss
        summary.workloadEnergyJoules += workload * length
        summary.chargerLossJoules += chargerLoss * length
        let before = (model.internalCelsius, model.hotspotCelsius)
        internalWatts = workload + chargerLoss + feedbackInternal / length
        skinWatts = (feedbackJoules - feedbackInternal) / length
        model.step(
            seconds: length,
            powerWatts: internalWatts,
            skinWatts: skinWatts,
            ambientCelsius: scenario.ambient.celsius(at: middle),
            insulationKelvinPerWatt: scenario.insulationKelvinPerWatt(at: middle)
        )
        cooling = model.internalCelsius < before.0 && model.hotspotCelsius < before.1
        elapsedSeconds = time + length
        lastPower = power
        heatJoules += power * length
        intervalFeedbackJoules += feedbackJoules
        intervalAudioJoules += drawn.audioJoules
        intervalChargerLossJoules += chargerLoss * length

        summary.peakInternalCelsius = max(summary.peakInternalCelsius, model.internalCelsius)
        summary.peakSkinCelsius = max(summary.peakSkinCelsius, model.skinCelsius)
        summary.peakHotspotCelsius = max(summary.peakHotspotCelsius, model.hotspotCelsius)

        guard (index + 1) % stepsPerSample == 0 || index == stepCount - 1 else { return }
        let interval = Double(index % stepsPerSample + 1) * step
        summary.timeline.append(
            TimelineSample(
                timeSeconds: rounded(time + length),
                ambientCelsius: rounded(scenario.ambient.celsius(at: time + length)),
                internalCelsius: rounded(model.internalCelsius),
                skinCelsius: rounded(model.skinCelsius),
                hotspotCelsius: rounded(model.hotspotCelsius),
                tier: condition.tier,
                lowPower: condition.lowPower,
                batteryPercentage: rounded(battery.percentage),
                workloadWatts: rounded(workload),
                feedbackMilliwatts: rounded(intervalFeedbackJoules / interval * 1000),
                changedDecisions: intervalChanged,
                chargerLossWatts: rounded(intervalChargerLossJoules / interval),
                chargingWatts: rounded(battery.chargingWatts),
                insulationKelvinPerWatt: rounded(scenario.insulationKelvinPerWatt(at: time + length / 2)),
                onBattery: battery.onBattery
            )
        )
        summary.timeline[summary.timeline.count - 1].changes = intervalChanges
        summary.timeline[summary.timeline.count - 1].audioMilliwatts = rounded(intervalAudioJoules / interval * 1000)
        intervalAudioJoules = 0
        intervalFeedbackJoules = 0
        intervalChargerLossJoules = 0
        intervalChanged = 0
        intervalChanges.removeAll(keepingCapacity: true)
    }

    /// Whether nothing left of the run can raise a temperature past its peak: the scenario's inputs have stopped
    /// changing, both the internal node and the hotspot fell in the last step, nothing that played is still drawing, and no temperature settles above its peak.
    /// With inputs held, each temperature is its steady value plus two decaying exponentials, whose slope changes
    /// sign at most once: falling now, it never again rises above the higher of where it is and where it settles.
    var isSettled: Bool {
        guard cooling, feedbackHeat.isEmpty, scenario.lastInputChangeSeconds <= elapsedSeconds else { return false }
        let settles = model.steadyState(
            powerWatts: internalWatts,
            skinWatts: skinWatts,
            ambientCelsius: scenario.ambient.celsius(at: elapsedSeconds),
            insulationKelvinPerWatt: scenario.insulationKelvinPerWatt(at: elapsedSeconds)
        )
        let hotspot = settles.skinCelsius + model.parameters.hotspotWeight * (settles.internalCelsius - settles.skinCelsius)
        return settles.internalCelsius <= summary.peakInternalCelsius && hotspot <= summary.peakHotspotCelsius
            && settles.skinCelsius <= summary.peakSkinCelsius
    }

    /// The run's summary, with the per-item accounts and the battery's end.
    mutating func finish() -> RunSummary {
        summary.energyByItem = accounts.sorted.map { item in
            ItemEnergy(
                name: item.name,
                requests: item.requests,
                requestedMillijoules: rounded(item.requestedMillijoules),
                playedMillijoules: rounded(item.playedMillijoules)
            )
        }
        summary.requestedEnergy = summary.requestedEnergy.rounded()
        summary.playedEnergy = summary.playedEnergy.rounded()
        summary.playedVariants = accounts.variants.map { ItemProfile($0) }
        summary.batteryEndPercentage = rounded(battery.percentage)
        summary.tierSeconds = summary.tierSeconds.rounded()
        summary.workloadEnergyJoules = rounded(summary.workloadEnergyJoules)
        summary.chargerLossJoules = rounded(summary.chargerLossJoules)
        return summary
    }

    /// `value` rounded to a whole count, 0 for zero, negative or NaN, and at most `limit`: no trap on any Double.
    static func count(_ value: Double, atMost limit: Int, rounding: FloatingPointRoundingRule = .up) -> Int {
        guard value > 0 else { return 0 }
        return value >= Double(limit) ? limit : Int(value.rounded(rounding))
    }
}

/// A run's step grid: where each step starts and ends, and when a request accounted in a step is released. A small
/// value of its own, so the stepper asks it many times a step without touching the run's accounts.
struct StepGrid {
    let step: Double
    let stepCount: Int
    let durationSeconds: Double

    /// Step `index`'s start time and length (the last step may be short). A step ends exactly where the next one
    /// starts: `index·step + step` can land past `(index + 1)·step` (4619 × 0.1 + 0.1 is 462.00000000000006, 4620 ×
    /// 0.1 is 462.0), which would put an arrival at 462.0 in the earlier step and release it before that second's
    /// sample, where a live governor samples first.
    func span(ofStep index: Int) -> (time: Double, length: Double) {
        let time = Double(index) * step
        return (time, min(Double(index + 1) * step, durationSeconds) - time)
    }

    /// Where step `index` ends.
    func end(ofStep index: Int) -> Double {
        let (time, length) = span(ofStep: index)
        return time + length
    }

    /// The clock runs through step `index` up to here: a sample due within a millionth of a step of the step's end
    /// reads the next step's state, as the step grid has it.
    func sampleLimit(ofStep index: Int) -> Double { end(ofStep: index) - step * 1e-6 }

    /// When a request accounted in step `index` is released: at its arrival, except that an arrival in the step's
    /// last sliver is released just before it, so it is decided before the next step's sample.
    func target(arrivingAt time: Double, inStep index: Int) -> Double {
        max(min(time, sampleLimit(ofStep: index) - step * 1e-6), Double(index) * step)
    }
}
