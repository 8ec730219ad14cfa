/// The loudest of the hits playing at each of a rising series of moments, a hit playing from its time for
/// ``StepConversion/hitSeconds``: one pass over hits sorted by time with a queue of the loudest still playing, so
/// a rumble of 40,000 transients is not 40,000 × 40,000 comparisons (4.4 minutes in a debug build).
struct HitWindow {
    private let hits: [(time: Double, amplitude: Double)]
    /// Hits before this one have started by the last moment asked.
    private var started = 0
    /// Indices of started hits, louder to quieter, each louder than every later one; from `head` on.
    private var loudest: [Int] = []
    private var head = 0

    init(_ hits: [(time: Double, amplitude: Double)]) {
        self.hits = hits.sorted { $0.time < $1.time }
    }

    /// The largest amplitude of the hits playing at `moment` (`time <= moment < time + hitSeconds`), or `nil`;
    /// moments must not go back.
    mutating func loudest(at moment: Double) -> Double? {
        while started < hits.count, hits[started].time <= moment {
            while loudest.count > head, hits[loudest[loudest.count - 1]].amplitude <= hits[started].amplitude { loudest.removeLast() }
            loudest.append(started)
            started += 1
        }
        // `time + hitSeconds` rises with `time`, so the hits that have ended are the earliest.
        while head < loudest.count, !(moment < hits[loudest[head]].time + StepConversion.hitSeconds) { head += 1 }
        return head < loudest.count ? hits[loudest[head]].amplitude : nil
    }
}
