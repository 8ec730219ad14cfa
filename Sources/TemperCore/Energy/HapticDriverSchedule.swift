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

    /// Whether ``pieces`` are kept: not when only the energies are wanted (a marginal price).
    private let keepsPieces: Bool

    /// - Parameters:
    ///   - busy: when the actuator is busy (in any order; stretches may touch or overlap).
    ///   - keepsPieces: whether to keep each stretch's state in ``pieces``, for a power series.
    ///   - continued: a stretch of what already played that the schedule sees only part of (a marginal price's
    ///     view cut inside it): busy from before `from` (the driver woke earlier: no wake-up at `from`) and on
    ///     after `to` (no steps down after it).
    init(busy: [BusyStretch], driver: HapticDriverFigures, keepsPieces: Bool = true, continued: MixView.Continuation? = nil) {
        self.keepsPieces = keepsPieces
        let merged = BusyStretch.merged(busy)
        var burst: Burst?
        for (index, stretch) in merged.enumerated() {
            if burst == nil {
                burst = Burst(millijoules: 0, eventIndices: [])
                if !(continued?.from.map { stretch.start <= $0 } ?? false) {
                    add(&burst!, stretch.start, min(stretch.end, stretch.start + driver.wakeUpSeconds), .wakingUp, driver)
                }
            }
            add(&burst!, stretch.start, stretch.end, .active, driver)
            burst!.eventIndices.append(contentsOf: stretch.eventIndices)
            if let to = continued?.to, stretch.end >= to { break }
            let next = index + 1 < merged.count ? merged[index + 1].start : Double.infinity
            let silence = next - stretch.end
            // Step down through the states the silence reaches; the last burst ends when the driver is off.
            let idleEnd = stretch.end + min(silence, driver.activeTimeoutSeconds)
            add(&burst!, stretch.end, idleEnd, .idle, driver)
            let standbyEnd = stretch.end + min(silence, driver.offAfterSeconds)
            add(&burst!, idleEnd, standbyEnd, .standby, driver)
            if silence >= driver.offAfterSeconds {
                if next.isFinite { add(&burst!, standbyEnd, next, .off, driver) }
                bursts.append(burst!)
                burst = nil
            }
        }
        if let burst { bursts.append(burst) }
    }

    private mutating func add(
        _ burst: inout Burst,
        _ start: Double,
        _ end: Double,
        _ state: HapticDriverState,
        _ driver: HapticDriverFigures
    ) {
        guard end > start else { return }
        let milliwatts = driver.milliwatts(in: state)
        if keepsPieces { pieces.append(Piece(start: start, end: end, state: state, milliwatts: milliwatts)) }
        burst.millijoules += milliwatts * (end - start)
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
