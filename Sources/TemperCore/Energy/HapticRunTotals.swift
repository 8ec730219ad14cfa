/// One haptic output's mixed signal priced for its totals as its pieces arrive, in time order and not
/// overlapping: what ``ActuatorMix`` makes of the same pieces when only totals are wanted (the pieces' own drive,
/// each run's overdrive and braking, the driver's states), in the same order of sums, without copying them into
/// voices and segments first.
///
/// A marginal price runs two: one over what already plays in its view, one over that merged with the request
/// (``VoiceMixer/merge(_:_:_:_:into:)``). Only the run being read is kept, for its first and last rise time.
struct HapticRunTotals: ~Copyable {
    /// The actuator's figures a run's tails read (kept apart: the whole figures are a few hundred bytes).
    let riseSeconds: Double
    private let fallSeconds: Double
    /// Where the view cuts a run that plays on beyond it: for the driver, and for the runs of its output.
    private let continued: MixView.Continuation?
    private var outputContinued: MixView.Continuation?
    /// The run being read (pieces with no silence between them): where it starts and ends, whether its last piece
    /// is continuous drive, its pieces within a rise time of its start, and its latest pieces back to a rise time
    /// before its end (from `recentStart` on), what its overdrive and braking read.
    private var runStart = Double.nan
    private var runEnd = -Double.infinity
    private var endsContinuous = false
    private var rising = Pieces()
    private var recent = Pieces()
    private var recentStart = 0
    /// Where the blocks read come from: a request's voices, placed (lent until the output's run is closed).
    private var blockVoices: VoiceMixer.Placed?
    /// The driver's states, read run by run as they close; for several outputs, whose runs do not close in time
    /// order, their busy stretches are gathered in `busy` first.
    private var driverSchedule: HapticDriverSchedule
    private var busy: [BusyStretch]?
    private(set) var breakdown = EnergyBreakdown()

    /// - Parameter continued: where the view cuts a run that plays on beyond it (``MixView/hapticsContinued``).
    /// - Parameter scratch: memory lent for the pieces its runs keep, as long as these totals live (split in two,
    ///   for a run's first and its last rise time).
    init(
        haptics: HapticActuatorFigures,
        continued: MixView.Continuation?,
        outputs: Int = 1,
        lending scratch: UnsafeMutableBufferPointer<Piece>? = nil
    ) {
        if let scratch {
            let half = scratch.count / 2
            rising = Pieces(lending: UnsafeMutableBufferPointer(rebasing: scratch[..<half]))
            recent = Pieces(lending: UnsafeMutableBufferPointer(rebasing: scratch[half...]))
        }
        riseSeconds = haptics.riseSeconds
        fallSeconds = haptics.fallSeconds
        self.continued = continued
        driverSchedule = HapticDriverSchedule(driver: haptics.driver, keepsPieces: false, keepsBursts: false, continued: continued)
        busy = outputs > 1 ? [] : nil
    }

    /// The pieces read next are `output`'s (outputs in order, each in time order); the driver sees them all.
    mutating func begin(output: Int) {
        if !runStart.isNaN { closeRun(nextStart: .infinity) }
        outputContinued = continued?.output == output ? continued : nil
        blockVoices = nil
    }

    /// Closes the run being read, as the next ``begin(output:)`` or ``totals()`` would first, and swaps the
    /// buffers its runs are read into with `other`'s, whose run is closed too: a price's two sides take turns
    /// with one allocation rather than one each.
    mutating func closeRun(swappingBuffersWith other: inout HapticRunTotals) {
        if !runStart.isNaN { closeRun(nextStart: .infinity) }
        // The blocks' voices are lent for the output's price only.
        blockVoices = nil
        swap(&rising, &other.rising)
        swap(&recent, &other.recent)
    }

    /// Reads the next piece of the output begun: `voice` playing from `start` to `end`, after every piece read
    /// before it. Silence (no length or power) is skipped, as the mixer skips it.
    mutating func add(from start: Double, to end: Double, _ voice: VoiceMixer.Voice) {
        guard end > start, voice.milliwatts > 0, start.isFinite, end.isFinite else { return }
        if !runStart.isNaN, start > runEnd + VoiceMixer.contiguity { closeRun(nextStart: start) }
        let milliwattSeconds = voice.milliwatts * (end - start)
        if voice.isContinuous {
            breakdown.continuousMillijoules += milliwattSeconds
        } else {
            breakdown.transientsMillijoules += milliwattSeconds
        }
        let piece = Piece(
            start: start,
            end: end,
            milliwatts: voice.milliwatts,
            limitMilliwatts: voice.limitMilliwatts,
            isContinuous: voice.isContinuous
        )
        if runStart.isNaN { runStart = start }
        // A run the view cuts at its start is not overdriven: what it plays first is not read.
        if start < runStart + riseSeconds, !(outputContinued?.from.map { runStart <= $0 } ?? false) { rising.append(piece) }
        keep(piece)
        endsContinuous = voice.isContinuous
    }

    /// Reads the next pieces of the output begun at once: `block`'s voices of `voices`, each where `voices` places
    /// it, when they are what the mix plays there. Past a rise time into the run they go on, only their sums are
    /// added (when `summed`); else (or where a run would begin) they are read one by one.
    mutating func add(_ block: VoiceBlock, of voices: VoiceMixer.Placed, summed: Bool = true) {
        let start = voices.start(block.voices.lowerBound)
        let last = voices.voices[block.voices.upperBound - 1]
        guard summed, !runStart.isNaN, start <= runEnd + VoiceMixer.contiguity, start >= runStart + riseSeconds else {
            for index in block.voices { add(from: voices.start(index), to: voices.end(index), voices.voices[index]) }
            return
        }

        breakdown.continuousMillijoules += block.continuousMilliwattSeconds
        breakdown.transientsMillijoules += block.transientMilliwattSeconds
        if blockVoices == nil { blockVoices = voices }
        let end = voices.end(block.voices.upperBound - 1)
        keep(Piece(start: start, end: end, milliwatts: 0, limitMilliwatts: 0, isContinuous: last.isContinuous, block: block.voices))
        endsContinuous = last.isContinuous
    }

    /// Reads the next pieces of the output begun at once, from `start` to `end`, by what they drive, summed: pieces
    /// without silence between them, past the run's first rise time and before its last, which only their sums
    /// reach.
    mutating func add(summed sums: DriveSums, from start: Double, to end: Double) {
        breakdown.continuousMillijoules += sums.continuousMilliwattSeconds
        breakdown.transientsMillijoules += sums.transientMilliwattSeconds
        keep(Piece(start: start, end: end, milliwatts: 0, limitMilliwatts: 0, isContinuous: false))
    }

    /// Keeps `piece` (the run's latest) for the run's last rise time, forgetting what ended a rise time before it.
    /// Inlined: called for every piece a price reads, and a piece handed through memory is read back slowly.
    @inline(__always)
    private mutating func keep(_ piece: Piece) {
        while recentStart < recent.count, recent[recentStart].end <= piece.end - riseSeconds { recentStart += 1 }
        // Room is made by dropping what is forgotten before growing: the buffer stays a few pieces long.
        if recent.isFull, recentStart > 0 {
            recent.removeFirst(recentStart)
            recentStart = 0
        }
        recent.append(piece)
        runEnd = piece.end
    }

    /// The totals once every piece is read: the last run's tails and the driver's states added.
    mutating func totals() -> EnergyBreakdown {
        if !runStart.isNaN { closeRun(nextStart: .infinity) }
        for stretch in busy?.sorted(by: { $0.start < $1.start }) ?? [] { driverSchedule.add(stretch) }
        driverSchedule.finish()
        breakdown.overheadMillijoules += driverSchedule.millijoules
        return breakdown
    }

    /// The run read so far has ended (the next starts at `nextStart`): its overdrive and braking, as
    /// ``ActuatorMix`` prices them, and when it keeps the actuator busy.
    private mutating func closeRun(nextStart: Double) {
        let continuedBefore = outputContinued?.from.map { runStart <= $0 } ?? false
        let continuedAfter = outputContinued?.to.map { runEnd >= $0 } ?? false
        // Only a run of continuous drive is overdriven or braked: a run of clicks (a tap) never asks for its
        // ring-up, and the exponential is most of what closing it costs.
        lazy var stored: Double = {
            let reached =
                continuedBefore || continuedAfter
                ? 1 : HapticActuatorFigures.ringUpFraction(afterSeconds: runEnd - runStart, riseSeconds: riseSeconds)
            return reached * reached
        }()
        let riseEnd = runStart + riseSeconds
        let target = meanContinuousMilliwatts(rising, from: 0, start: runStart, end: min(riseEnd, runEnd))
        if !continuedBefore, target > 0, rising.containsContinuous {
            for index in 0..<rising.count {
                let piece = rising[index]
                let extra = max(0, min(0.5 * target * stored, piece.limitMilliwatts - piece.milliwatts))
                breakdown.continuousMillijoules += extra * (min(piece.end, riseEnd) - piece.start)
            }
        }
        var end = runEnd
        if endsContinuous, !continuedAfter {
            let window = min(fallSeconds, nextStart - runEnd)
            let driven = meanContinuousMilliwatts(recent, from: recentStart, start: max(runEnd - riseSeconds, runStart), end: runEnd)
            breakdown.continuousMillijoules += 0.5 * driven * stored * window
            end += window
        }
        if busy != nil {
            busy!.append(BusyStretch(start: runStart, end: end, eventIndices: []))
        } else {
            driverSchedule.add(from: runStart, to: end)
        }
        runStart = .nan
        rising.removeAll()
        recent.removeAll()
        recentStart = 0
    }

    /// ``ActuatorMix/meanContinuousMilliwatts(_:_:from:to:)`` from `start` to `end` over `pieces` from `first` on,
    /// pieces of the run being read that hold every piece from `start` to `end` (within the run), a block's read
    /// one by one.
    private func meanContinuousMilliwatts(_ pieces: borrowing Pieces, from first: Int, start from: Double, end to: Double) -> Double {
        guard to > from else { return 0 }
        var mean = 0.0
        for index in first..<pieces.count {
            let piece = pieces[index]
            guard piece.end > from else { continue }
            guard piece.start < to else { break }
            if let block = piece.block, let voices = blockVoices {
                for index in block {
                    let (start, end) = (voices.start(index), voices.end(index))
                    guard end > from else { continue }
                    guard start < to else { break }
                    if voices.voices[index].isContinuous {
                        mean += voices.voices[index].milliwatts * ((min(end, to) - max(start, from)) / (to - from))
                    }
                }
            } else if piece.isContinuous {
                mean += piece.milliwatts * ((min(piece.end, to) - max(piece.start, from)) / (to - from))
            }
        }
        return mean
    }
}
