/// When the haptic driver is in which power state, given when the actuator is busy.
///
/// The driver wakes before the first effect (the whole wake-up, however short the effect), drives while the
/// actuator is busy, and steps down through idle and standby in every silence (``HapticDriverFigures``). A silence
/// long enough to reach off, and long enough that going off and waking again costs less than waiting in standby
/// (``HapticDriverFigures/silenceMillijoules(_:)``), ends a *burst*: the next effect wakes the driver again. Each
/// burst's driver energy is shared among the events that played in it.
struct HapticDriverSchedule {
    /// A stretch in one state.
    struct Piece {
        var start: Double
        var end: Double
        var state: HapticDriverState
        var milliwatts: Double
    }

    /// Busy stretches from wake-up to the last silence before off, and the events that played in them.
    struct Burst {
        var millijoules: Double
        var eventIndices: [Int]
    }

    private(set) var pieces: [Piece] = []
    private(set) var bursts: [Burst] = []
    /// The bursts' driver energy, summed over those that draw any: what a price that wants only totals adds.
    private(set) var millijoules = 0.0

    /// Whether ``pieces`` and ``bursts`` are kept: not when only the energies are wanted (a marginal price).
    private let keepsPieces: Bool
    private let keepsBursts: Bool
    private let driver: HapticDriverFigures
    private let continued: MixView.Continuation?
    /// The stretch read last (from `pendingStart`, NaN when none, to `pendingEnd`), joined with those that overlap
    /// or touch it: scheduled once the next one shows how long the silence after it lasts. The burst it plays in
    /// (its energy so far, when one is open), and whether the schedule has reached `continued.to`. Kept as numbers,
    /// the events apart: a price reads a few stretches a run and keeps no events.
    private var pendingStart = Double.nan
    private var pendingEnd = 0.0
    private var pendingEvents: [Int] = []
    private var burstMillijoules: Double?
    private var burstEvents: [Int] = []
    private var stopped = false

    /// - Parameters:
    ///   - busy: when the actuator is busy (in any order; stretches may touch or overlap).
    ///   - keepsPieces: whether to keep each stretch's state in ``pieces``, for a power series.
    ///   - continued: a stretch of what already played that the schedule sees only part of (a marginal price's
    ///     view cut inside it): busy from before `from` (the driver woke earlier: no wake-up at `from`) and on
    ///     after `to` (no steps down after it).
    init(busy: [BusyStretch], driver: HapticDriverFigures, keepsPieces: Bool = true, continued: MixView.Continuation? = nil) {
        self.init(driver: driver, keepsPieces: keepsPieces, keepsBursts: true, continued: continued)
        // One output's stretches come in time order already: sorting them again would change nothing.
        let inOrder = busy.indices.dropFirst().allSatisfy { busy[$0 - 1].start <= busy[$0].start }
        for stretch in inOrder ? busy : busy.sorted(by: { $0.start < $1.start }) { add(stretch) }
        finish()
    }

    /// A schedule read stretch by stretch (``add(_:)`` in order of their starts, then ``finish()``); with
    /// `keepsBursts` false only ``millijoules`` is kept.
    init(driver: HapticDriverFigures, keepsPieces: Bool, keepsBursts: Bool, continued: MixView.Continuation?) {
        self.driver = driver
        self.keepsPieces = keepsPieces
        self.keepsBursts = keepsBursts
        self.continued = continued
    }

    /// Reads the next busy stretch: it starts no earlier than the last one read. Empty ones are left out.
    mutating func add(_ stretch: BusyStretch) {
        add(from: stretch.start, to: stretch.end)
        if keepsBursts, stretch.end > stretch.start { pendingEvents.append(contentsOf: stretch.eventIndices) }
    }

    /// Reads the next busy stretch, from `start` to `end`, with no events named: as ``add(_:)``.
    mutating func add(from start: Double, to end: Double) {
        guard end > start else { return }
        if !pendingStart.isNaN, start <= pendingEnd + VoiceMixer.contiguity {
            pendingEnd = max(pendingEnd, end)
            return
        }
        if !pendingStart.isNaN { schedule(from: pendingStart, to: pendingEnd, nextStart: start) }
        (pendingStart, pendingEnd) = (start, end)
    }

    /// Every stretch is read: the last one's steps down, and the last burst.
    mutating func finish() {
        if !pendingStart.isNaN { schedule(from: pendingStart, to: pendingEnd, nextStart: .infinity) }
        pendingStart = .nan
        if burstMillijoules != nil { closeBurst() }
    }

    /// The states through the stretch from `start` to `end` (with ``pendingEvents``) and the silence after it, up
    /// to the next stretch's start.
    private mutating func schedule(from start: Double, to end: Double, nextStart next: Double) {
        defer { if keepsBursts { pendingEvents.removeAll(keepingCapacity: true) } }
        guard !stopped else { return }
        if burstMillijoules == nil {
            burstMillijoules = 0
            if !(continued?.from.map { start <= $0 } ?? false) {
                // The whole wake-up, however short the first effect: a sliver before an effect must not wake the driver
                // for less than the effect would.
                add(start, start + driver.wakeUpSeconds, .wakingUp)
            }
        }
        add(start, end, .active)
        if keepsBursts { burstEvents.append(contentsOf: pendingEvents) }
        if let to = continued?.to, end >= to {
            stopped = true
            return
        }
        let silence = next - end
        // Step down through the states the silence reaches; the last burst ends when the driver is off. Through a
        // silence the driver waits in standby when that costs less than going off and waking again.
        let staysOn = next.isFinite && driver.silenceMillijoules(silence).staysOn
        let idleEnd = end + min(silence, driver.activeTimeoutSeconds)
        add(end, idleEnd, .idle)
        let standbyEnd = end + (staysOn ? silence : min(silence, driver.offAfterSeconds))
        add(idleEnd, standbyEnd, .standby)
        if !staysOn {
            if next.isFinite { add(standbyEnd, next, .off) }
            closeBurst()
        }
    }

    private mutating func closeBurst() {
        let burst = burstMillijoules ?? 0
        if keepsBursts {
            bursts.append(Burst(millijoules: burst, eventIndices: burstEvents))
            burstEvents = []
        }
        if burst > 0 { millijoules += burst }
        burstMillijoules = nil
    }

    private mutating func add(_ start: Double, _ end: Double, _ state: HapticDriverState) {
        guard end > start else { return }
        let milliwatts = driver.milliwatts(in: state)
        if keepsPieces { pieces.append(Piece(start: start, end: end, state: state, milliwatts: milliwatts)) }
        burstMillijoules! += milliwatts * (end - start)
    }
}

/// A stretch an output (an actuator, an audio path) is busy, and the events that play in it.
struct BusyStretch {
    var start: Double
    var end: Double
    var eventIndices: [Int]

    /// Overlapping or touching stretches joined, in time order; empty ones left out.
    static func merged(_ busy: [BusyStretch]) -> [BusyStretch] {
        var merged: [BusyStretch] = []
        // One output's stretches come in time order already: sorting them again would change nothing.
        let inOrder = busy.indices.dropFirst().allSatisfy { busy[$0 - 1].start <= busy[$0].start }
        for stretch in inOrder ? busy : busy.sorted(by: { $0.start < $1.start }) where stretch.end > stretch.start {
            if var last = merged.last, stretch.start <= last.end + VoiceMixer.contiguity {
                last.end = max(last.end, stretch.end)
                last.eventIndices.append(contentsOf: stretch.eventIndices)
                merged[merged.count - 1] = last
            } else {
                merged.append(stretch)
            }
        }
        return merged
    }
}
