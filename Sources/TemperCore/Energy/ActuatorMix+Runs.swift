/// What the mixed signal asks of the driver besides its drive: a closed-loop driver overdrives the mass as the
/// level of its continuous drive rises and brakes it as the level drops, as ``ActuatorMix`` and
/// ``HapticRunTotals`` both price them, from the same pieces in time order.
///
/// The mass stores kinetic energy in proportion to the square of its amplitude, which is the drive power at a
/// steady level, and it follows the drive only within its rise and fall times. We take the level it carries as
/// the drive's mean over the last *W* = (t_rise + t_fall) / 2 (30 ms on the phone's LRA), and charge every rise of
/// that carried level at half the rise over the rise time (within what the driver has left at the moment) and every
/// drop at half the drop over the fall time. A buzz of full length rises and drops by its whole power (the figures
/// of a start from rest and a stop); a drive shorter than *W* carries only its share (a 10 ms buzz a third, where
/// the ring-up 1 − e^(−L/τ), squared, gives 40 %); a weak tail after a strong buzz brakes the buzz down to the tail
/// and the tail to rest, so it never removes the braking of what came before. The level changes by differences, so
/// a ramp costs the same however finely it is sampled. Clicks do not change the level: a click over a buzz leaves
/// the buzz's amplitude to brake after it.
///
/// Why the mean over *W*, not the last level: what a rise and a drop cost together per unit of carried level,
/// (t_rise + t_fall) / 2, is then exactly *W*, and the mean moves by at most twice the added drive over *W*: so
/// however a stronger voice fills a dip, the overdrive and braking it saves never exceed the drive it adds, and
/// adding to a pattern never lowers its price. (With the last level, a 123.6 mW buzz laid over a train of
/// explosions, each a decaying curve, saved 1.93 mJ of braking.)
struct LevelTails {
    /// One piece of the tails: from `start` to `end` at `milliwatts`, overdrive of the event whose drive rises or
    /// braking of the event whose drive drops.
    struct Piece {
        var start: Double
        var end: Double
        var milliwatts: Double
        var eventIndex: Int
    }

    /// A stretch of the continuous level as it was, for the mean over the memory.
    private struct Level {
        var start: Double
        var end: Double
        var milliwatts: Double
        var eventIndex: Int
    }

    /// *W*, and what a rise and a drop of the carried level cost per unit of level and time of it.
    let memorySeconds: Double
    private let overdrivePerSecond: Double
    private let brakePerSecond: Double
    /// The continuous levels of the last *W* (levels above zero, in time order, from `first` on), each moved *W*
    /// later: when it is what the level remembers.
    private var history: [Level] = []
    private var first = 0
    /// Up to when the tails are summed, and the continuous level then: its power, the most it can draw, its event.
    private(set) var time = -Double.infinity
    private var level = 0.0
    private var limit = Double.infinity
    private var eventIndex = 0
    private(set) var overdriveMillijoules = 0.0
    private(set) var brakeMillijoules = 0.0
    /// Each piece, when kept (a power series, or each event's share).
    private(set) var pieces: [Piece]?

    init(haptics: HapticActuatorFigures, keepsPieces: Bool = false) {
        memorySeconds = Self.memorySeconds(haptics)
        let memory = max(memorySeconds, 1e-9)
        overdrivePerSecond = 0.5 * haptics.riseSeconds / memory
        brakePerSecond = 0.5 * haptics.fallSeconds / memory
        pieces = keepsPieces ? [] : nil
    }

    /// *W* for `haptics`: the mean of its rise and fall times.
    static func memorySeconds(_ haptics: HapticActuatorFigures) -> Double {
        0.5 * (haptics.riseSeconds + haptics.fallSeconds)
    }

    var millijoules: Double { overdriveMillijoules + brakeMillijoules }

    /// Reads the next piece the actuator plays, `voice` from `start` to `end`, after every piece read before (not
    /// overlapping). Silence between pieces is level zero, and a new run starts from rest.
    @inline(__always)
    mutating func add(from start: Double, to end: Double, _ voice: VoiceMixer.Voice) {
        guard end > start, voice.milliwatts > 0, start.isFinite, end.isFinite else { return }
        if time == -.infinity {
            time = start
        } else if start > time + VoiceMixer.contiguity {
            (level, limit) = (0, .infinity)
            advance(to: start)
        }
        // A click is no level. The braking it plays over is not bounded by what the driver has left beside it: a
        // bound would lose the braking rather than move it, and a click added could lower a price (the power series
        // then overstates the peak under a click by up to the braking, t_fall / (t_rise + t_fall) of the drop).
        (level, limit, eventIndex) =
            voice.isContinuous ? (voice.milliwatts, voice.limitMilliwatts, voice.eventIndex) : (0, .infinity, eventIndex)
        advance(to: end)
    }

    /// Every piece is read: the carried level drops to rest over the memory after the last.
    mutating func finish() {
        guard time.isFinite else { return }
        (level, limit) = (0, .infinity)
        advance(to: time + memorySeconds)
    }

    /// Sums the tails from ``time`` to `end` at the current level, against the level *W* before each moment.
    private mutating func advance(to end: Double) {
        guard end > time else { return }
        // The stretch read now is part of what the level remembers W later, within it too. Kept moved by W once,
        // so the comparisons below and the boundaries they step to are the same numbers.
        if level > 0 {
            let (from, to) = (time + memorySeconds, end + memorySeconds)
            if let last = history.last, last.end == from, last.milliwatts == level, last.eventIndex == eventIndex {
                history[history.count - 1].end = to
            } else {
                history.append(Level(start: from, end: to, milliwatts: level, eventIndex: eventIndex))
            }
        }
        var cursor = time
        var index = first
        while cursor < end {
            while index < history.count, history[index].end <= cursor { index += 1 }
            // The level W before: a stretch of it, or silence until the next one.
            let (before, until, braked): (Double, Double, Int)
            if index < history.count, history[index].start <= cursor {
                (before, until, braked) = (history[index].milliwatts, history[index].end, history[index].eventIndex)
            } else {
                (before, until, braked) = (0, index < history.count ? history[index].start : end, 0)
            }
            let stop = min(end, until)
            let seconds = stop - cursor
            if level > before {
                let milliwatts = max(0, min(overdrivePerSecond * (level - before), limit - level))
                overdriveMillijoules += milliwatts * seconds
                keep(cursor, stop, milliwatts, eventIndex)
            } else if before > level {
                // Braking drives against the motion, within what the driver has left beside the level it plays.
                let milliwatts = max(0, min(brakePerSecond * (before - level), limit - level))
                brakeMillijoules += milliwatts * seconds
                keep(cursor, stop, milliwatts, braked)
            }
            cursor = stop
        }
        time = end
        // Forget what the level no longer remembers, moving the rest down only once most of the list is forgotten.
        while first < history.count, history[first].end <= end { first += 1 }
        if first > 16, 2 * first >= history.count {
            history.removeFirst(first)
            first = 0
        }
    }

    @inline(__always)
    private mutating func keep(_ start: Double, _ end: Double, _ milliwatts: Double, _ event: Int) {
        guard pieces != nil, milliwatts > 0, end > start else { return }
        pieces!.append(Piece(start: start, end: end, milliwatts: milliwatts, eventIndex: event))
    }
}
