/// Supply power over time, built from pieces of constant power; gives the exact peak and a binned series.
struct PowerTimeline: Sendable {
    struct Piece: Sendable {
        var start: Double
        var end: Double
        var milliwatts: Double
    }

    private(set) var pieces: [Piece] = []
    /// Whether pieces are kept; a timeline that does not record stays empty (no peak, no series).
    var isRecording = true

    /// Adds `milliwatts` from `start` to `end`; empty or powerless pieces are dropped.
    mutating func add(from start: Double, to end: Double, milliwatts: Double) {
        guard isRecording, end > start, milliwatts > 0, start.isFinite, end.isFinite, milliwatts.isFinite else { return }
        pieces.append(Piece(start: start, end: end, milliwatts: milliwatts))
    }

    /// Adds `millijoules` spread evenly from `start` over `seconds`.
    mutating func add(millijoules: Double, at start: Double, over seconds: Double) {
        guard seconds > 0 else { return }
        add(from: start, to: start + seconds, milliwatts: millijoules / seconds)
    }

    var end: Double { pieces.reduce(0) { max($0, $1.end) } }

    /// When the first piece starts (0 when there is none).
    var start: Double { pieces.isEmpty ? 0 : pieces.reduce(Double.infinity) { min($0, $1.start) } }

    /// The highest total power at any instant (a sweep over piece boundaries).
    var peakMilliwatts: Double {
        var edges: [(time: Double, delta: Double)] = []
        edges.reserveCapacity(pieces.count * 2)
        for piece in pieces {
            edges.append((piece.start, piece.milliwatts))
            edges.append((piece.end, -piece.milliwatts))
        }
        // At equal times, ends come before starts so back-to-back pieces do not add up.
        edges.sort { $0.time != $1.time ? $0.time < $1.time : $0.delta < $1.delta }
        var level = 0.0
        var peak = 0.0
        for edge in edges {
            level += edge.delta
            peak = max(peak, level)
        }
        return peak
    }

    /// Mean power in consecutive bins from 0 to ``end``: bins are `minStep` wide, or wider so there are at most
    /// `maxPoints`. Each sample's time is its bin's start; the bins' energy adds up to the pieces' energy.
    func series(minStep: Double, maxPoints: Int) -> [PowerSample] {
        let end = self.end
        guard end > 0, maxPoints > 0 else { return [] }
        let step = max(minStep, end / Double(maxPoints))
        let count = max(1, Int((end / step).rounded(.up)))
        var energy = [Double](repeating: 0, count: count)
        for piece in pieces {
            var bin = max(0, min(count - 1, Int(piece.start / step)))
            while bin < count {
                let binStart = Double(bin) * step
                let overlap = min(piece.end, binStart + step) - max(piece.start, binStart)
                if overlap > 0 { energy[bin] += overlap * piece.milliwatts }
                if piece.end <= binStart + step { break }
                bin += 1
            }
        }
        return energy.enumerated().map { bin, millijoules in
            PowerSample(timeSeconds: Double(bin) * step, milliwatts: millijoules / step)
        }
    }
}
