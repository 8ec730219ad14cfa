/// When the haptic driver is in which power state, given when the actuator is busy.
///
/// The driver wakes before the first effect, drives while the actuator is busy, and steps down through idle,
/// standby and off in every silence (``HapticDriverFigures/offAfterSeconds``). A silence long enough to
/// reach off ends a *burst*: the next effect wakes the driver again. Each burst's driver energy is shared among
/// the events that played in it.
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
    /// The stretch read last, joined with those that overlap or touch it: scheduled once the next one shows how
    /// long the silence after it lasts. The burst it plays in, and whether the schedule has reached `continued.to`.
    private var pending: BusyStretch?
    private var burst: Burst?
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
        guard stretch.end > stretch.start else { return }
        if var last = pending, stretch.start <= last.end + VoiceMixer.contiguity {
            last.end = max(last.end, stretch.end)
            if keepsBursts { last.eventIndices.append(contentsOf: stretch.eventIndices) }
            pending = last
            return
        }
        if let last = pending { schedule(last, nextStart: stretch.start) }
        pending = stretch
    }

    /// Every stretch is read: the last one's steps down, and the last burst.
    mutating func finish() {
        if let last = pending { schedule(last, nextStart: .infinity) }
        pending = nil
        if let burst { close(burst) }
        burst = nil
    }

    /// The states through `stretch` and the silence after it, up to the next stretch's start.
    private mutating func schedule(_ stretch: BusyStretch, nextStart next: Double) {
        guard !stopped else { return }
        if burst == nil {
            burst = Burst(millijoules: 0, eventIndices: [])
            if !(continued?.from.map { stretch.start <= $0 } ?? false) {
                add(stretch.start, min(stretch.end, stretch.start + driver.wakeUpSeconds), .wakingUp)
            }
        }
        add(stretch.start, stretch.end, .active)
        if keepsBursts { burst!.eventIndices.append(contentsOf: stretch.eventIndices) }
        if let to = continued?.to, stretch.end >= to {
            stopped = true
            return
        }
        let silence = next - stretch.end
        // Step down through the states the silence reaches; the last burst ends when the driver is off.
        let idleEnd = stretch.end + min(silence, driver.activeTimeoutSeconds)
        add(stretch.end, idleEnd, .idle)
        let standbyEnd = stretch.end + min(silence, driver.offAfterSeconds)
        add(idleEnd, standbyEnd, .standby)
        if silence >= driver.offAfterSeconds {
            if next.isFinite { add(standbyEnd, next, .off) }
            close(burst!)
            burst = nil
        }
    }

    private mutating func close(_ burst: Burst) {
        if keepsBursts { bursts.append(burst) }
        if burst.millijoules > 0 { millijoules += burst.millijoules }
    }

    private mutating func add(_ start: Double, _ end: Double, _ state: HapticDriverState) {
        guard end > start else { return }
        let milliwatts = driver.milliwatts(in: state)
        if keepsPieces { pieces.append(Piece(start: start, end: end, state: state, milliwatts: milliwatts)) }
        burst!.millijoules += milliwatts * (end - start)
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
