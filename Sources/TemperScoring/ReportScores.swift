package import TemperCore

/// The scores `temper score` keeps for its table and `--report`: every pattern's figures without its power series
/// and per-event energies, and which patterns cost the most, the ones a report draws in full (their series made
/// again afterwards). A one-tap pattern's series alone is 26 KB: 10,000 patterns kept whole cost 3.2 GB and a
/// 442 MB `data.json`, and making every series doubled the run (issue 34).
package struct ReportScores: Sendable {
    /// How many patterns a report draws in full: its bar chart and one power chart each.
    package static let shownInFull = 20

    /// Every score in the order added, each without its series and events.
    package private(set) var scores: [PatternScore] = []
    /// The costliest so far: where each sits in `scores`, and its energy; at most ``shownInFull``.
    private var costliest: [(index: Int, millijoules: Double)] = []

    package init() {}

    package mutating func add(_ score: PatternScore) {
        var summary = score
        summary.estimate?.powerSeries = []
        summary.estimate?.events = []
        scores.append(summary)
        guard let energy = score.estimate?.energyMillijoules else { return }
        let entry = (index: scores.count - 1, millijoules: energy)
        if costliest.count < Self.shownInFull {
            costliest.append(entry)
            return
        }
        // A scan of at most twenty: cheaper than a heap at this size, and linear in the patterns overall. Of equal
        // energies the earlier pattern stays, as the report orders them (``isCostlier(_:than:)``).
        let cheapest = costliest.indices.min { Self.isCostlier(costliest[$1], than: costliest[$0]) }!
        if energy > costliest[cheapest].millijoules { costliest[cheapest] = entry }
    }

    /// The order of cost a report draws patterns in: more energy first, then the earlier one.
    package static func isCostlier(_ entry: (index: Int, millijoules: Double), than other: (index: Int, millijoules: Double)) -> Bool {
        entry.millijoules != other.millijoules ? entry.millijoules > other.millijoules : entry.index < other.index
    }

    /// Where the costliest patterns sit in ``scores``, in that order.
    package var costliestIndices: [Int] { costliest.map(\.index).sorted() }

    /// Puts a pattern's whole score (with its series) in place of its summary.
    package mutating func replace(at index: Int, with score: PatternScore) {
        scores[index] = score
    }
}
