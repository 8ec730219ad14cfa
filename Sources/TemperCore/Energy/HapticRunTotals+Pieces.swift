extension HapticRunTotals {
    /// What a run's overdrive and braking read of a piece.
    struct Piece {
        var start: Double
        var end: Double
        var milliwatts: Double
        var limitMilliwatts: Double
        var isContinuous: Bool
        /// For a block (``HapticRunTotals/add(_:of:)``): its voices in the request's, read where a mean needs them.
        var block: Range<Int>? = nil
    }

    /// The pieces of a run kept for its first or last rise time, in memory the totals own: a price appends every
    /// piece it reads, and an array would check on each append that it is unique and has room, and be retained
    /// and released with every copy of the totals. A few pieces long; it grows, never past what one price reads.
    struct Pieces: ~Copyable {
        private var base: UnsafeMutablePointer<Piece>?
        private var capacity = 0
        private(set) var count = 0
        /// Whether the memory was allocated here (once it grew), rather than lent for the price's duration.
        private var owned = false

        init() {}

        /// Pieces kept first in `memory`, which the caller lends for as long as these live (a price's scratch on
        /// the stack: most runs keep a few pieces, and a price then allocates nothing).
        init(lending memory: UnsafeMutableBufferPointer<Piece>) {
            base = memory.baseAddress
            capacity = memory.count
        }

        deinit { if owned { base?.deallocate() } }

        subscript(index: Int) -> Piece {
            @inline(__always) get { base.unsafelyUnwrapped[index] }
        }

        /// Whether the next append must grow the memory.
        var isFull: Bool { count == capacity }

        /// Whether some piece is continuous drive (a run that is overdriven).
        var containsContinuous: Bool {
            for index in 0..<count where self[index].isContinuous { return true }
            return false
        }

        @inline(__always)
        mutating func append(_ piece: Piece) {
            if count == capacity { grow() }
            (base.unsafelyUnwrapped + count).initialize(to: piece)
            count += 1
        }

        mutating func removeAll() { count = 0 }

        /// Drops the first `dropped` pieces, moving the rest to the front.
        mutating func removeFirst(_ dropped: Int) {
            guard dropped > 0, let base else { return }
            base.update(from: base + dropped, count: count - dropped)
            count -= dropped
        }

        private mutating func grow() {
            let larger = max(8, 2 * capacity)
            let moved = UnsafeMutablePointer<Piece>.allocate(capacity: larger)
            if let base {
                moved.initialize(from: base, count: count)
                if owned { base.deallocate() }
            }
            base = moved
            capacity = larger
            owned = true
        }
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
    /// Whether each voice starts exactly where the one before it ends (no gap, however short, for what is kept
    /// under them to play in).
    var isSeamless = true

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
                if end > index, voice.start != voices[end - 1].end { block.isSeamless = false }
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
