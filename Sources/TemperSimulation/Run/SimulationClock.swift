import TemperCore

/// The simulator's clock: virtual time that the governor's own run loop moves by sleeping.
///
/// Each sleep hands its deadline to the run's ``SimulationStepper``, which steps the models, schedules what
/// arrives and accounts what was decided, up to that deadline or to the first request scheduled before it; the
/// clock then reads that time and the sleep returns. All of it happens in the loop's own task on the governor's
/// actor: no second task drives the clock, so a wake costs no thread hop and no wait for the loop to fall asleep
/// again. When the steps run out the sleep throws `CancellationError`, which ends the loop as cancellation ends
/// it live.
final class SimulationClock: GovernorClock {
    private let time = Locked(0.0)
    private let stepper = Locked<SimulationStepper?>(nil)

    var now: Double { time.withLock { $0 } }

    /// Hands the clock the run it steps through, with its requests in time order; from now on the loop's sleeps
    /// drive it.
    func begin(
        _ run: SimulationRun,
        requests: any IteratorProtocol<SimulatedRequest> & Sendable,
        driver: GovernorDriver,
        progress: Simulator.Progress?,
        stopsOnceSettled: Bool = false
    ) {
        stepper.withLock {
            $0 = SimulationStepper(run, requests: requests, driver: driver, progress: progress, stopsOnceSettled: stopsOnceSettled)
        }
    }

    /// The run's summary and recorded snapshots, however far it got; the clock steps nothing more.
    func finish() -> (summary: RunSummary, snapshots: [HostSnapshot])? {
        stepper.withLock { stepper in
            defer { stepper = nil }
            return stepper?.finish()
        }
    }

    /// Keeps a final decision of the governor's for the step that accounts it.
    func record(_ decision: Decision) {
        stepper.withLock { $0?.record(decision) }
    }

    func sleep(until deadline: Double) async throws {
        try await sleep(until: deadline, orUntil: WakeAlarm())
    }

    /// Runs the simulation up to `deadline`, or to an earlier request that rang `alarm`, and returns with the
    /// clock there. Throws `CancellationError` once the run is over (or when the task is cancelled).
    nonisolated(nonsending) func sleep(until deadline: Double, orUntil alarm: WakeAlarm) async throws {
        try Task.checkCancellation()
        let now = self.now
        guard deadline > now else { return }
        let woken = try stepper.withLock { (stepper) throws(CancellationError) -> Double in
            guard let stepper else { throw CancellationError() }
            return try stepper.wake(now: now, deadline: deadline, alarm: alarm)
        }
        time.withLock { $0 = max($0, woken) }
    }
}
