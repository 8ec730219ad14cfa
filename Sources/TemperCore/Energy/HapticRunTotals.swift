/// One haptic output's mixed signal priced for its totals as its pieces arrive, in time order and not
/// overlapping: what ``ActuatorMix`` makes of the same pieces when only totals are wanted (the pieces' own drive,
/// the overdrive and braking of the level they carry, the driver's states), without copying them into voices and
/// segments first.
///
/// A marginal price runs two: one over what already plays in its view, one over that merged with the request
/// (``VoiceMixer/merge(_:_:_:_:into:)``). Only the run being read and the carried level's last memory
/// (``LevelTails``) are kept.
struct HapticRunTotals: ~Copyable {
    private let fallSeconds: Double
    /// Where the view cuts a run that plays on beyond it: for the driver, and for the runs of its output.
    private let continued: MixView.Continuation?
    /// The run being read (pieces with no silence between them): where it starts and ends, and whether it has
    /// continuous drive (braked when it stops).
    private var runStart = Double.nan
    private var runEnd = -Double.infinity
    private var runIsContinuous = false
    private var tails: LevelTails
    private let haptics: HapticActuatorFigures
    /// The driver's states, read run by run as they close; for several outputs, whose runs do not close in time
    /// order, their busy stretches are gathered in `busy` first.
    private var driverSchedule: HapticDriverSchedule
    private var busy: [BusyStretch]?
    private(set) var breakdown = EnergyBreakdown()

    /// - Parameter continued: where the view cuts a run that plays on beyond it (``MixView/hapticsContinued``).
    init(haptics: HapticActuatorFigures, continued: MixView.Continuation?, outputs: Int = 1) {
        self.haptics = haptics
        fallSeconds = haptics.fallSeconds
        self.continued = continued
        tails = LevelTails(haptics: haptics)
        driverSchedule = HapticDriverSchedule(driver: haptics.driver, keepsPieces: false, keepsBursts: false, continued: continued)
        busy = outputs > 1 ? [] : nil
    }

    /// The pieces read next are `output`'s (outputs in order, each in time order); the driver sees them all.
    mutating func begin(output: Int) {
        closeOutput()
    }

    /// Closes the output being read, as the next ``begin(output:)`` or ``totals()`` would first: its last run and
    /// the carried level's last drop.
    mutating func closeOutput() {
        if !runStart.isNaN { closeRun() }
        tails.finish()
        breakdown.continuousMillijoules += tails.millijoules
        tails = LevelTails(haptics: haptics)
    }

    /// Reads the next piece of the output begun: `voice` playing from `start` to `end`, after every piece read
    /// before it. Silence (no length or power) is skipped, as the mixer skips it.
    mutating func add(from start: Double, to end: Double, _ voice: VoiceMixer.Voice) {
        guard end > start, voice.milliwatts > 0, start.isFinite, end.isFinite else { return }
        if !runStart.isNaN, start > runEnd + VoiceMixer.contiguity { closeRun() }
        if runStart.isNaN { runStart = start }
        let milliwattSeconds = voice.milliwatts * (end - start)
        if voice.isContinuous {
            breakdown.continuousMillijoules += milliwattSeconds
        } else {
            breakdown.transientsMillijoules += milliwattSeconds
        }
        runIsContinuous = runIsContinuous || voice.isContinuous || voice.overContinuous
        tails.add(from: start, to: end, voice)
        runEnd = end
    }

    /// The totals once every piece is read: the last run's tails and the driver's states added.
    mutating func totals() -> EnergyBreakdown {
        closeOutput()
        for stretch in busy?.sorted(by: { $0.start < $1.start }) ?? [] { driverSchedule.add(stretch) }
        driverSchedule.finish()
        breakdown.overheadMillijoules += driverSchedule.millijoules
        return breakdown
    }

    /// The run read so far has ended: when it keeps the actuator busy, its braking included (``ActuatorMix``).
    private mutating func closeRun() {
        let end = runEnd + (runIsContinuous ? fallSeconds : 0)
        if busy != nil {
            busy!.append(BusyStretch(start: runStart, end: end, eventIndices: []))
        } else {
            driverSchedule.add(from: runStart, to: end)
        }
        runStart = .nan
        runIsContinuous = false
    }
}
