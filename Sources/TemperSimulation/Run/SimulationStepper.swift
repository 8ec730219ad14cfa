import TemperCore

/// One run moved through its steps by the governor's run loop: each time the loop sleeps, ``wake(now:deadline:alarm:)``
/// does what happens in virtual time before the loop's deadline and says when the loop wakes.
///
/// Each step: the requests arriving up to a sample interval after the step's end are scheduled (as a service
/// schedules ahead of the target time, so the loop plans its sleeps around them); the host shows the step's state
/// to the samples from then on (a step nothing wakes in is skipped); the loop wakes at each of its deadlines within
/// the step, sampling, releasing and re-deciding as it does live; then the step's requests are accounted with the
/// decisions the governor made for them, and the thermal and battery models step with what played.
///
/// A class, kept by the clock under its lock: a wake changes it in place rather than copying the run's accounts.
final class SimulationStepper {
    private enum Phase {
        /// The next step has not begun.
        case scheduling
        /// The step's requests are scheduled; the host's state is published at the loop's next deadline.
        case publishing
        /// The loop wakes at each deadline before `limit`; the step ends at the first deadline past it.
        case advancing(limit: Double)
        /// Every step has run.
        case done
    }

    private var run: SimulationRun
    private let grid: StepGrid
    private var requests: RequestWindow
    private let driver: GovernorDriver
    private let progress: Simulator.Progress?
    private let progressEvery: Int
    private let stopsOnceSettled: Bool
    private var phase = Phase.scheduling
    private var index = 0
    /// The step whose end the next scheduled request is accounted in.
    private var scheduleStep = 0
    /// The window positions of the next request to schedule, and of the step's first and past its last request.
    private var scheduled = 0
    private var stepStart = 0
    private var stepEnd = 0
    /// The latest target time among the step's requests, to wake the loop for it even past the sample limit.
    private var lastTarget = -Double.infinity
    private var samplesSeen = 0
    /// The governor's final decisions not yet accounted, in the order it made them.
    private var decisions: [RecordedDecision] = []

    init(
        _ run: SimulationRun,
        requests: any IteratorProtocol<SimulatedRequest> & Sendable,
        driver: GovernorDriver,
        progress: Simulator.Progress?,
        stopsOnceSettled: Bool = false
    ) {
        self.run = run
        self.stopsOnceSettled = stopsOnceSettled
        grid = run.grid
        self.requests = RequestWindow(requests)
        self.driver = driver
        self.progress = progress
        progressEvery = max(1, grid.stepCount / 100)
    }

    func record(_ decision: Decision) {
        if case .done = phase { return }
        decisions.append(RecordedDecision(decision))
    }

    /// Moves the run up to the loop's `deadline` and returns the time the loop wakes at: the deadline, or the
    /// present when a newly scheduled request rang `alarm` (the loop then plans its sleep again, as live).
    /// Runs on the governor's actor, inside the loop's sleep.
    ///
    /// - Throws: `CancellationError` once every step has run: the loop ends.
    func wake(now: Double, deadline: Double, alarm: WakeAlarm) throws(CancellationError) -> Double {
        observeSamples()
        while true {
            switch phase {
            case .scheduling:
                guard index < grid.stepCount else {
                    progress?(1)
                    phase = .done
                    throw CancellationError()
                }
                beginStep()
                phase = .publishing
                if alarm.hasRung { return now }
            case .publishing:
                let limit = grid.sampleLimit(ofStep: index)
                if index > 0, run.records(step: index) || lastTarget > -.infinity || deadline < limit {
                    run.publish(on: driver.host, step: index)
                }
                phase = .advancing(limit: max(limit, lastTarget.nextUp))
            case .advancing(let limit):
                if deadline < limit { return deadline }
                endStep()
                index += 1
                phase = .scheduling
                // A run asked only where it peaks ends once nothing left can raise a temperature.
                if stopsOnceSettled, run.isSettled {
                    progress?(1)
                    phase = .done
                    throw CancellationError()
                }
            case .done:
                throw CancellationError()
            }
        }
    }

    /// The run's summary and the snapshots it recorded.
    func finish() -> (summary: RunSummary, snapshots: [HostSnapshot]) {
        (run.finish(), run.snapshots)
    }

    /// Each sample the loop took since the last wake: the condition the step runs under, and its changes.
    private func observeSamples() {
        let reads = driver.host.readCount
        guard reads > samplesSeen else { return }
        samplesSeen = reads
        let condition = driver.governor.assumeIsolated { $0.condition }
        run.observe(condition, at: grid.span(ofStep: index).time)
    }

    /// Schedules the requests arriving before the horizon and finds the step's own.
    private func beginStep() {
        if let progress, index % progressEvery == 0 { progress(Double(index) / Double(grid.stepCount)) }
        let end = grid.end(ofStep: index)
        let horizon = end + driver.sampleIntervalSeconds
        while let time = requests.time(at: scheduled), time < horizon {
            let sensory = requests.sensoryRequest(at: scheduled)
            scheduled += 1
            guard let sensory else { continue }
            while scheduleStep + 1 < grid.stepCount, time >= grid.end(ofStep: scheduleStep) { scheduleStep += 1 }
            let target = grid.target(arrivingAt: time, inStep: scheduleStep)
            // The queue has no capacity limit and the governor runs until the run ends, so this cannot throw.
            _ = driver.governor.assumeIsolated { try? $0.schedule(sensory, at: target) }
        }
        stepStart = stepEnd
        lastTarget = -.infinity
        while let time = requests.time(at: stepEnd), time < end {
            if requests.isDecided(at: stepEnd) { lastTarget = grid.target(arrivingAt: time, inStep: index) }
            stepEnd += 1
        }
    }

    /// Accounts the step's requests with the governor's decisions and steps the models through it.
    private func endStep() {
        let (time, length) = grid.span(ofStep: index)
        run.countTime(length)
        var taken = 0
        for position in stepStart..<stepEnd {
            guard let request = requests[position] else { break }
            let decision: SimulatedDecision
            if request.item.request == nil {
                decision = GovernorDriver.playedAsWritten(request)
            } else if taken < decisions.count {
                decision = driver.outcome(of: decisions[taken], for: request)
                taken += 1
            } else {
                break
            }
            run.account(request, decision)
        }
        decisions.removeFirst(taken)
        requests.forget(before: stepEnd)
        run.advanceModels(index: index, time: time, length: length)
    }
}

/// The requests a run has made and not yet accounted: those between the clock and the scheduling horizon, made
/// from the run's sequence as positions are asked for. Positions count from the run's first request.
struct RequestWindow {
    private var source: any IteratorProtocol<SimulatedRequest> & Sendable
    private var held: [SimulatedRequest] = []
    /// The position of `held`'s first request that is still wanted, and of `held[0]`.
    private var first = 0
    private var base = 0

    init(_ requests: any IteratorProtocol<SimulatedRequest> & Sendable) {
        source = requests
    }

    /// The request at `position`, made if need be; `nil` past the last, or before ``forget(before:)``'s mark.
    subscript(position: Int) -> SimulatedRequest? {
        mutating get { make(through: position) ? held[position - base] : nil }
    }

    /// When the request at `position` arrives, without copying it out.
    mutating func time(at position: Int) -> Double? {
        make(through: position) ? held[position - base].timeSeconds : nil
    }

    /// Whether the governor decides the request at ``time(at:)``'s `position` (it has a request to decide).
    mutating func isDecided(at position: Int) -> Bool { held[position - base].item.request != nil }

    /// What the governor is asked to decide for the request at ``time(at:)``'s `position`.
    mutating func sensoryRequest(at position: Int) -> SensoryRequest? { GovernorDriver.sensoryRequest(for: held[position - base]) }

    /// Makes requests up to `position`; whether there is one there to read.
    private mutating func make(through position: Int) -> Bool {
        guard position >= first else { return false }
        while base + held.count <= position {
            guard let next = source.next() else { return false }
            held.append(next)
        }
        return true
    }

    /// How many requests it holds: what a run's requests cost in memory.
    var heldCount: Int { held.count }

    /// Lets go of every request before `position`; the storage is compacted once the dead part outweighs the rest.
    mutating func forget(before position: Int) {
        first = max(first, position)
        let dead = min(first - base, held.count)
        if dead > 0, dead >= held.count - dead {
            held.removeFirst(dead)
            base += dead
        }
    }
}
