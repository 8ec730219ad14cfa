/// Mixes the events one output plays (one actuator, or one audio path) into the single signal it actually plays.
///
/// The rule: at each instant the output follows its strongest voice, the one that draws the most supply power
/// (ties go to the earlier event). The voices' amplitudes combine by their maximum, which is never above full scale,
/// so N identical overlapping events cost what one does. The `EnergyModel` article says why this rule.
enum VoiceMixer {
    /// One event's drive over a stretch of constant power.
    struct Voice: Sendable {
        var start: Double
        var end: Double
        /// Supply power it draws when it is the one playing (already limited by the driver).
        var milliwatts: Double
        var eventIndex: Int
        /// Fraction of its requested strength that plays (1 unless the driver clips it).
        var playedFraction: Double = 1
        /// The most the output could draw at this voice's frequency.
        var limitMilliwatts: Double = .infinity
        /// Whether it belongs to a continuous event (which rings up and is braked) rather than a click.
        var isContinuous: Bool = false
        /// For a click, whether it plays over continuous drive that it masks: the actuator is braked after that
        /// drive all the same, so the run it plays in keeps the driver busy as a run of continuous drive does.
        var overContinuous: Bool = false
        /// Which output plays it: 0 for every actuator at once, else one motor of several (a gamepad's strong and
        /// weak ERM), each mixed on its own.
        var output: Int = 0
        /// For a haptic voice, the acceleration it plays (a multiple of full scale at resonance) and at what
        /// frequency: what ``FeltStrength`` reads; 0 for a sound.
        var acceleration: Double = 0
        var hertz: Double = 0
    }

    /// A stretch during which one voice plays.
    struct Segment: Sendable {
        var start: Double
        var end: Double
        var voice: Int
        /// Whether continuous drive plays under it (``Voice/overContinuous``).
        var overContinuous = false
    }

    /// The mixed signal: non-overlapping segments in time order, each naming the voice that plays. Voices without
    /// power or length are silence.
    static func mix(_ voices: [Voice]) -> [Segment] {
        if let apart = apart(voices) { return apart }
        var edges: [(time: Double, voice: Int, isStart: Bool)] = []
        edges.reserveCapacity(voices.count * 2)
        for (index, voice) in voices.enumerated()
        where voice.end > voice.start && voice.milliwatts > 0 && voice.start.isFinite && voice.end.isFinite {
            edges.append((voice.start, index, true))
            edges.append((voice.end, index, false))
        }
        edges.sort { $0.time < $1.time }
        var heap = VoiceHeap(voices: voices)
        var ended = [Bool](repeating: false, count: voices.count)
        var segments: [Segment] = []
        var position = 0
        // How many voices that hold continuous drive play: a click over one masks it.
        var continuous = 0
        while position < edges.count {
            let time = edges[position].time
            while position < edges.count, edges[position].time == time {
                let edge = edges[position]
                if edge.isStart { heap.push(edge.voice) } else { ended[edge.voice] = true }
                if voices[edge.voice].isContinuous || voices[edge.voice].overContinuous { continuous += edge.isStart ? 1 : -1 }
                position += 1
            }
            while let top = heap.top, ended[top] { heap.pop() }
            guard let top = heap.top, position < edges.count else { continue }
            let next = edges[position].time
            let masks = !voices[top].isContinuous && continuous > 0
            if var last = segments.last, last.voice == top, last.end == time {
                last.end = next
                last.overContinuous = last.overContinuous || masks
                segments[segments.count - 1] = last
            } else {
                segments.append(Segment(start: time, end: next, voice: top, overContinuous: masks))
            }
        }
        return segments
    }

    /// The mix of `voices` as voices cut to the stretches they play, in time order and not overlapping: what
    /// ``merge(_:_:into:)`` and the playback ledger take.
    static func mixedVoices(_ voices: [Voice]) -> [Voice] {
        mix(voices).map { segment in
            var voice = voices[segment.voice]
            voice.start = segment.start
            voice.end = segment.end
            voice.overContinuous = segment.overContinuous
            return voice
        }
    }

    /// Appends to `merged` the mix of two signals that are each already mixed (in time order, not overlapping), as
    /// voices cut to the stretches they play: what ``mix(_:)`` of both together plays when every voice of `first`
    /// comes before every voice of `second` in the tie order (`first` wins a tie). A linear merge, where mixing
    /// them again would sort.
    static func merge(_ first: ArraySlice<Voice>, _ second: ArraySlice<Voice>, into merged: inout [Voice]) {
        first.withUnsafeBufferPointer { a in
            second.withUnsafeBufferPointer { b in
                merge(Placed(a), a.indices, Placed(b), b.indices, into: &merged)
            }
        }
    }

    /// Already mixed voices as a price reads them: each moved by `offset` and cut to `span`
    /// (``MixView/placed(_:at:in:numberedFrom:)``), without copying them. Read through a buffer: a price reads
    /// every voice it merges several times, and a slice would retain its array and check each read; so a `Placed`
    /// lives only inside the scope that lends the buffer.
    struct Placed {
        let voices: UnsafeBufferPointer<Voice>
        var offset = 0.0
        var span = MixView.always

        init(_ voices: UnsafeBufferPointer<Voice>, at offset: Double = 0, in span: Range<Double> = MixView.always) {
            self.voices = voices
            self.offset = offset
            self.span = span
        }

        /// The same voices cut to `span` instead.
        func cut(to span: Range<Double>) -> Placed { Placed(voices, at: offset, in: span) }

        @inline(__always) func start(_ index: Int) -> Double { Self.start(of: voices[index], at: offset, in: span) }
        @inline(__always) func end(_ index: Int) -> Double { Self.end(of: voices[index], at: offset, in: span) }

        /// Where `voice` starts and ends moved by `offset` and cut to `span`: the one placement every price uses.
        @inline(__always) static func start(of voice: Voice, at offset: Double, in span: Range<Double>) -> Double {
            max(voice.start + offset, span.lowerBound)
        }
        @inline(__always) static func end(of voice: Voice, at offset: Double, in span: Range<Double>) -> Double {
            min(voice.end + offset, span.upperBound)
        }

        /// Whether the voice at `index`, placed, sounds at some moment after `time`: the mix plays it (it has
        /// length and power).
        @inline(__always) func sounds(_ index: Int, after time: Double) -> Bool {
            let end = end(index)
            return end > time && end > start(index) && voices[index].milliwatts > 0
        }
    }

    /// Hands `stretches` each stretch of the mix of `first[firstRange]` and `second[secondRange]` (each already
    /// mixed), in time order: where it starts and ends, and the voice that plays it. The one merge of two mixed
    /// signals: the ledger's admissions keep what it hands, a price sums it as it comes (made for each, so the
    /// price's sums are inlined in the loop). `first` wins a tie; stretches of one voice that touch are handed as
    /// one.
    static func merge<Stretches: MixedStretches & ~Copyable>(
        _ first: Placed,
        _ firstRange: Range<Int>,
        _ second: Placed,
        _ secondRange: Range<Int>,
        into stretches: inout Stretches
    ) {
        var i = firstRange.lowerBound
        var j = secondRange.lowerBound
        let (iEnd, jEnd) = (firstRange.upperBound, secondRange.upperBound)
        var time = -Double.infinity
        // The stretch not yet handed on: which voice plays it (its index in `first`, or -1 - its index in
        // `second`), and where it starts and ends; it grows while the same voice plays on.
        var source = Int.min
        var start = 0.0
        var end = -Double.infinity
        // Whether the stretch not yet handed on is a click over continuous drive of the other side.
        var masks = false
        while true {
            while i < iEnd, !first.sounds(i, after: time) { i += 1 }
            while j < jEnd, !second.sounds(j, after: time) { j += 1 }
            // The earliest moment either plays from here on, and the voice that plays then.
            let aStart = i < iEnd ? first.start(i) : .infinity
            let bStart = j < jEnd ? second.start(j) : .infinity
            guard aStart < .infinity || bStart < .infinity else { break }
            time = max(time, min(aStart, bStart))
            let aPlays = aStart <= time
            let fromFirst = aPlays && !(bStart <= time && second.voices[j].milliwatts > first.voices[i].milliwatts)
            let playing = fromFirst ? i : -1 - j
            // It plays until it stops or the other side outplays it: one short loop passes over the other side's
            // voices that never play, rather than one turn of this loop per edge.
            var under = false
            let next =
                fromFirst
                ? playsUntil(first.end(i), first.voices[i].milliwatts, against: second, from: &j, upTo: jEnd, tieWon: false, under: &under)
                : playsUntil(second.end(j), second.voices[j].milliwatts, against: first, from: &i, upTo: iEnd, tieWon: true, under: &under)
            let voice = fromFirst ? first.voices[i] : second.voices[j]
            let masking = !voice.isContinuous && under
            if playing == source, end == time {
                end = next
                masks = masks || masking
            } else {
                if source != Int.min { hand(source, from: start, to: end, masks: masks) }
                (source, start, end, masks) = (playing, time, next, masking)
            }
            time = next
        }
        if source != Int.min { hand(source, from: start, to: end, masks: masks) }

        func hand(_ source: Int, from start: Double, to end: Double, masks: Bool) {
            var voice = source >= 0 ? first.voices[source] : second.voices[-1 - source]
            if masks { voice.overContinuous = true }
            stretches.add(from: start, to: end, voice)
        }
    }

    /// Where a voice playing at `milliwatts` until `end` stops: at its end, or where a voice of `other` from
    /// `index` on starts that outplays it (or ties it, when `tieWon`: `first` wins a tie). The voices of `other`
    /// it passes over never play: `index` moves past them, to the one that may play on.
    @inline(__always)
    private static func playsUntil(
        _ end: Double,
        _ milliwatts: Double,
        against other: Placed,
        from index: inout Int,
        upTo limit: Int,
        tieWon: Bool,
        under: inout Bool
    ) -> Double {
        var next = end
        var k = index
        while k < limit, other.start(k) < next {
            let louder = tieWon ? other.voices[k].milliwatts >= milliwatts : other.voices[k].milliwatts > milliwatts
            if louder, other.end(k) > other.start(k) {
                next = other.start(k)
                break
            }
            // A voice it outplays, under it from here on: continuous drive it masks, when it is a click.
            if other.end(k) > other.start(k), other.voices[k].milliwatts > 0, other.voices[k].isContinuous || other.voices[k].overContinuous
            {
                under = true
            }
            k += 1
        }
        index = k > index && other.end(k - 1) > next ? k - 1 : k
        return next
    }

    /// The mix of voices that are already in time order and do not overlap (what a ledger keeps, a single
    /// event's steps): each sounding voice is its own segment. `nil` when they overlap or are out of order.
    private static func apart(_ voices: [Voice]) -> [Segment]? {
        var segments: [Segment] = []
        segments.reserveCapacity(voices.count)
        var end = -Double.infinity
        for (index, voice) in voices.enumerated()
        where voice.end > voice.start && voice.milliwatts > 0 && voice.start.isFinite && voice.end.isFinite {
            guard voice.start >= end else { return nil }
            segments.append(Segment(start: voice.start, end: voice.end, voice: index, overContinuous: voice.overContinuous))
            end = voice.end
        }
        return segments
    }

    /// Silences shorter than this are rounding in the file's times (an event at 0.1 + 0.2 s and one at 0.3 s),
    /// not silence: a nanosecond is far below any actuator's or driver's time scale.
    static let contiguity = 1e-9

    /// Runs of segments with no silence between them: the stretches the output is busy.
    static func runs(_ segments: [Segment]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var first = 0
        for index in segments.indices where index > 0 && segments[index].start > segments[index - 1].end + contiguity {
            runs.append(first..<index)
            first = index
        }
        if !segments.isEmpty { runs.append(first..<segments.count) }
        return runs
    }
}

/// What takes the stretches of a merge of two mixed signals (``VoiceMixer/merge(_:_:_:_:into:)``), in time order:
/// where each starts and ends, and the voice that plays it.
protocol MixedStretches: ~Copyable {
    mutating func add(from start: Double, to end: Double, _ voice: VoiceMixer.Voice)
}

/// Voices keep the stretches as voices cut to them: what the ledger keeps.
extension Array: MixedStretches where Element == VoiceMixer.Voice {
    mutating func add(from start: Double, to end: Double, _ voice: VoiceMixer.Voice) {
        var voice = voice
        voice.start = start
        voice.end = end
        append(voice)
    }
}

extension HapticRunTotals: MixedStretches {}

/// A max-heap of voice indices: strongest first, then earliest event, then earliest voice.
private struct VoiceHeap {
    let voices: [VoiceMixer.Voice]
    private var items: [Int] = []

    init(voices: [VoiceMixer.Voice]) { self.voices = voices }

    var top: Int? { items.first }

    private func above(_ a: Int, _ b: Int) -> Bool {
        let (x, y) = (voices[a], voices[b])
        if x.milliwatts != y.milliwatts { return x.milliwatts > y.milliwatts }
        if x.eventIndex != y.eventIndex { return x.eventIndex < y.eventIndex }
        return a < b
    }

    mutating func push(_ voice: Int) {
        items.append(voice)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard above(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() {
        guard !items.isEmpty else { return }
        items.swapAt(0, items.count - 1)
        items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var best = parent
            if left < items.count, above(items[left], items[best]) { best = left }
            if right < items.count, above(items[right], items[best]) { best = right }
            guard best != parent else { return }
            items.swapAt(parent, best)
            parent = best
        }
    }
}
