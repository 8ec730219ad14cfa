/// One haptic output's mixed signal priced for its totals as its pieces arrive, in time order and not
/// overlapping: what ``ActuatorMix`` makes of the same pieces when only totals are wanted (the pieces' own drive,
/// each run's overdrive and braking, the driver's states), in the same order of sums, without copying them into
/// voices and segments first.
///
/// A marginal price runs two: one over what already plays in its view, one over that merged with the request
/// (``VoiceMixer/merge(_:_:_:)``). Only the run being read is kept, for its first and last rise time.
struct HapticRunTotals {
    /// What a run's overdrive and braking read of a piece.
    private struct Piece {
        var start: Double
        var end: Double
        var milliwatts: Double
        var limitMilliwatts: Double
        var isContinuous: Bool
        /// For a block (``add(_:of:)``): its voices in ``blockVoices``, read where a mean needs them.
        var block: Range<Int>? = nil
    }

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
    private var rising: [Piece] = []
    private var recent: [Piece] = []
    private var recentStart = 0
    /// Where the blocks read come from: a request's voices, placed.
    private var blockVoices: VoiceMixer.Placed?
    /// The driver's states, read run by run as they close; for several outputs, whose runs do not close in time
    /// order, their busy stretches are gathered in `busy` first.
    private var driverSchedule: HapticDriverSchedule
    private var busy: [BusyStretch]?
    private(set) var breakdown = EnergyBreakdown()

    /// - Parameter continued: where the view cuts a run that plays on beyond it (``MixView/hapticsContinued``).
    init(haptics: HapticActuatorFigures, continued: MixView.Continuation?, outputs: Int = 1) {
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
    /// added; else (or where a run would begin) they are read one by one.
    mutating func add(_ block: VoiceBlock, of voices: VoiceMixer.Placed) {
        let start = voices.start(block.voices.lowerBound)
        let last = voices.voices[block.voices.upperBound - 1]
        guard !runStart.isNaN, start <= runEnd + VoiceMixer.contiguity, start >= runStart + riseSeconds else {
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
        if recent.count == recent.capacity, recentStart > 0 {
            recent.removeFirst(recentStart)
            recentStart = 0
        }
        if recent.capacity == 0 { recent.reserveCapacity(8) }
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
        let reached =
            continuedBefore || continuedAfter
            ? 1 : HapticActuatorFigures.ringUpFraction(afterSeconds: runEnd - runStart, riseSeconds: riseSeconds)
        let stored = reached * reached
        let riseEnd = runStart + riseSeconds
        let target = meanContinuousMilliwatts(rising[...], from: runStart, to: min(riseEnd, runEnd))
        if !continuedBefore, target > 0, rising.contains(where: \.isContinuous) {
            for piece in rising {
                let extra = max(0, min(0.5 * target * stored, piece.limitMilliwatts - piece.milliwatts))
                breakdown.continuousMillijoules += extra * (min(piece.end, riseEnd) - piece.start)
            }
        }
        var end = runEnd
        if endsContinuous, !continuedAfter {
            let window = min(fallSeconds, nextStart - runEnd)
            let driven = meanContinuousMilliwatts(
                recent[recentStart...],
                from: max(runEnd - riseSeconds, runStart),
                to: runEnd
            )
            breakdown.continuousMillijoules += 0.5 * driven * stored * window
            end += window
        }
        let stretch = BusyStretch(start: runStart, end: end, eventIndices: [])
        if busy != nil { busy!.append(stretch) } else { driverSchedule.add(stretch) }
        runStart = .nan
        rising.removeAll(keepingCapacity: true)
        recent.removeAll(keepingCapacity: true)
        recentStart = 0
    }

    /// ``ActuatorMix/meanContinuousMilliwatts(_:_:from:to:)`` over pieces of the run being read that hold every
    /// piece from `from` to `to` (within the run), a block's read one by one.
    private func meanContinuousMilliwatts(_ pieces: ArraySlice<Piece>, from: Double, to: Double) -> Double {
        guard to > from else { return 0 }
        var mean = 0.0
        for piece in pieces where piece.end > from {
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

/// A few of a payload's mixed haptic voices that play one after another without a break, with what they drive
/// summed: where a price finds the payload outplaying everything kept under them, it adds the sums rather than
/// merging voice by voice (``MixedPlayback/hapticTotals(in:continued:adding:blocks:at:haptics:)``).
struct VoiceBlock: Sendable {
    var voices: Range<Int>
    /// The weakest of them: what is kept under them plays nowhere if it is weaker still.
    var minMilliwatts: Double
    var continuousMilliwattSeconds: Double
    var transientMilliwattSeconds: Double

    /// At most this many voices a block: about a rise time of a sampled curve (5 ms steps), short enough for a
    /// newer request to outplay an older one of the same falling curve over a whole block.
    static let length = 8

    /// `voices` (mixed: in time order, not overlapping) cut into blocks where they break or every ``length``.
    static func blocks(of voices: [VoiceMixer.Voice]) -> [VoiceBlock] {
        var blocks: [VoiceBlock] = []
        var index = 0
        while index < voices.count {
            var block = VoiceBlock(
                voices: index..<index,
                minMilliwatts: .infinity,
                continuousMilliwattSeconds: 0,
                transientMilliwattSeconds: 0
            )
            var end = index
            // Half the mixer's contiguity: touching here still touches once a price moves the voices.
            while end < voices.count, end - index < length, voices[end].milliwatts > 0, voices[end].end > voices[end].start,
                end == index || voices[end].start <= voices[end - 1].end + VoiceMixer.contiguity / 2
            {
                let voice = voices[end]
                block.minMilliwatts = min(block.minMilliwatts, voice.milliwatts)
                if voice.isContinuous {
                    block.continuousMilliwattSeconds += voice.milliwatts * (voice.end - voice.start)
                } else {
                    block.transientMilliwattSeconds += voice.milliwatts * (voice.end - voice.start)
                }
                end += 1
            }
            if end > index + 1 {
                block.voices = index..<end
                blocks.append(block)
                index = end
            } else {
                index += 1
            }
        }
        return blocks
    }
}
