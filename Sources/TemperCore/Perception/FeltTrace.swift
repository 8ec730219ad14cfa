import Glibc

/// One output's mixed haptic drive as the skin reads it: pieces in time order, not overlapping, each with its
/// sensation level as a power ratio over the threshold of feeling.
struct FeltTrace: Sendable, Hashable {
    struct Piece: Sendable, Hashable {
        var start: Double
        var end: Double
        /// Acceleration power over the threshold's at this frequency: `10^(SL/10)`; 0 when nothing plays.
        var power: Double
        var hertz: Double
        var eventIndex: Int
    }

    /// What a stretch of drive is felt as: its intensity, the frequency of its strongest moment, how long and
    /// from when to when it is felt.
    struct Reading: Sendable, Hashable {
        var levelDecibels: Double
        var hertz: Double
        var feltSeconds: Double
        var startSeconds: Double
        var endSeconds: Double

        static let nothing = Reading(levelDecibels: -.infinity, hertz: 0, feltSeconds: 0, startSeconds: 0, endSeconds: 0)

        /// The intensity of `pieces` (in time order, not overlapping): the strongest window of
        /// ``VibrotactilePerception/integrationSeconds``, its energy summed over time in the share the skin sums at
        /// that frequency. The strongest window starts at a piece's start or ends at a piece's end (the drive is
        /// constant in between), so those are the only windows read; prefix sums and forward cursors read them all in
        /// linear time.
        init(_ pieces: [Piece]) {
            let felt = pieces.filter { $0.power > 1 && $0.end > $0.start }
            guard let first = felt.first, let last = felt.last else {
                self = .nothing
                return
            }
            let strongest = felt.max { $0.power < $1.power }!
            let window = VibrotactilePerception.integrationSeconds
            let summation = VibrotactilePerception.summationWeight(hertz: strongest.hertz)
            var energy = [0.0]
            var seconds = [0.0]
            energy.reserveCapacity(felt.count + 1)
            seconds.reserveCapacity(felt.count + 1)
            for piece in felt {
                energy.append(energy.last! + piece.power * (piece.end - piece.start))
                seconds.append(seconds.last! + (piece.end - piece.start))
            }
            // Energy and felt time from the first piece's start up to `time`. Each kind of window edge below (a
            // piece's start, that plus the window, a piece's end less the window, its end) rises from one piece to
            // the next, so each keeps a cursor that only moves forward: the number of pieces starting before `time`.
            func accumulated(_ time: Double, cursor after: inout Int) -> (energy: Double, seconds: Double) {
                while after < felt.count, felt[after].start < time { after += 1 }
                guard after > 0 else { return (0, 0) }
                let piece = felt[after - 1]
                let part = max(0, min(time, piece.end) - piece.start)
                return (energy[after - 1] + piece.power * part, seconds[after - 1] + part)
            }
            // A window's level is 10 log10 of its mean power times (felt share of the window)^summation; the
            // logarithm is monotone, so the windows are compared by that product and one logarithm is taken.
            // Summation is 1 or 0 for most drive (from 80 Hz, and at 40 Hz and below), where the product needs no power.
            func summed(_ share: Double) -> Double {
                summation == 1 ? share : summation == 0 ? 1 : Glibc.pow(share, summation)
            }
            var strongestProduct = 0.0
            func read(_ a: (energy: Double, seconds: Double), _ b: (energy: Double, seconds: Double)) {
                let (windowEnergy, windowSeconds) = (b.energy - a.energy, b.seconds - a.seconds)
                guard windowSeconds > 0, windowEnergy > 0 else { return }
                strongestProduct = max(strongestProduct, windowEnergy / windowSeconds * summed(min(windowSeconds, window) / window))
            }
            var cursors = (0, 0, 0, 0)
            for piece in felt {
                read(accumulated(piece.start, cursor: &cursors.0), accumulated(piece.start + window, cursor: &cursors.1))
                read(accumulated(piece.end - window, cursor: &cursors.2), accumulated(piece.end, cursor: &cursors.3))
            }
            let level = strongestProduct > 0 ? 10 * Glibc.log10(strongestProduct) : -Double.infinity
            self.init(
                levelDecibels: level > 0 ? level : -.infinity,
                hertz: strongest.hertz,
                feltSeconds: seconds.last!,
                startSeconds: first.start,
                endSeconds: last.end
            )
        }

        init(levelDecibels: Double, hertz: Double, feltSeconds: Double, startSeconds: Double, endSeconds: Double) {
            self.levelDecibels = levelDecibels
            self.hertz = hertz
            self.feltSeconds = feltSeconds
            self.startSeconds = startSeconds
            self.endSeconds = endSeconds
        }
    }

    var pieces: [Piece]

    /// An output's mixed voices (``PlaybackSignal/hapticMix``): in time order and not overlapping.
    init(_ voices: [VoiceMixer.Voice], fullScaleGs: Double) {
        pieces = voices.compactMap { voice in
            guard voice.end > voice.start else { return nil }
            let level = VibrotactilePerception.sensationDecibels(
                acceleration: voice.acceleration,
                hertz: voice.hertz,
                fullScaleGs: fullScaleGs
            )
            return Piece(
                start: voice.start,
                end: voice.end,
                power: level.isFinite ? Glibc.pow(10, level / 10) : 0,
                hertz: voice.hertz,
                eventIndex: voice.eventIndex
            )
        }
    }

    /// What is felt from `start` to `end`, whichever events play it.
    func reading(from start: Double, to end: Double) -> Reading {
        var index = MixedPlayback.firstIndex(in: pieces.indices) { pieces[$0].end > start }
        var cut: [Piece] = []
        while index < pieces.count, pieces[index].start < end {
            var piece = pieces[index]
            (piece.start, piece.end) = (max(piece.start, start), min(piece.end, end))
            cut.append(piece)
            index += 1
        }
        return Reading(cut)
    }
}
