/// What several payloads play together, already mixed: per haptic output, the one signal it plays; for the audio
/// path, the loudest sound's draw at each moment and when any sound keeps the path open.
///
/// Mixing keeps the strongest voice at each instant, and the strongest of the strongest is the strongest of all:
/// a mix of voices mixed with new ones is the mix of them all. So the ``PlaybackLedger`` mixes each admitted
/// payload in once, and a new request is priced against a few hundred mixed pieces around it rather than every
/// voice of every payload still playing. What runs, tails and power states make of a stretch of the signal, with
/// or without the new request, is left to ``HapticRunTotals`` for the haptics and ``ActuatorMix`` for the sounds.
struct MixedPlayback: Sendable {
    /// The haptic outputs' signals: non-overlapping pieces in time order, keyed by output.
    private(set) var haptics: [Int: [VoiceMixer.Voice]] = [:]
    /// The sounds' own draws, mixed: non-overlapping pieces in time order.
    private(set) var sounds: [VoiceMixer.Voice] = []
    /// When some sound plays, silent ones too: the path is open. Joined where they overlap or touch.
    private(set) var soundsPlay: [VoiceMixer.Voice] = []

    /// How long after a piece stops it can still change a price: the longest haptic tail (braking, then the
    /// driver's steps down to off) and audio tail (the path's standby) of what was mixed in.
    private var hapticTailSeconds = 0.0
    private var audioTailSeconds = 0.0

    /// The most pieces one list keeps; past it the earliest are forgotten first. A decision then errs towards a
    /// higher price (a request under less is masked less), never a lower one, and a flood cannot grow memory.
    static let capacity = 16_384

    var isEmpty: Bool { haptics.isEmpty && sounds.isEmpty && soundsPlay.isEmpty }

    /// Mixes in what `mix` plays, `offset` seconds later; `hapticMix` is its haptic voices already mixed per
    /// output (``PlaybackSignal/hapticMix``), made here when not given.
    mutating func add(_ mix: ActuatorMix, hapticMix: [(output: Int, voices: [VoiceMixer.Voice])]? = nil, at offset: Double) {
        for (output, voices) in hapticMix ?? PlaybackSignal.hapticMix(of: mix) {
            let placed = voices.compactMap { MixView.placed($0, at: offset, in: MixView.always, numberedFrom: 0) }
            guard !placed.isEmpty else { continue }
            Self.mergeIn(placed, into: &haptics[output, default: []])
            hapticTailSeconds = max(hapticTailSeconds, mix.haptics.tailSeconds)
        }
        let placedSounds = mix.audioVoices.compactMap { MixView.placed($0, at: offset, in: MixView.always, numberedFrom: 0) }
        Self.mergeIn(VoiceMixer.mixedVoices(placedSounds), into: &sounds)
        Self.join(placedSounds, into: &soundsPlay)
        if !placedSounds.isEmpty { audioTailSeconds = max(audioTailSeconds, mix.audio.standbyTailSeconds) }
    }

    /// Forgets every piece whose tail ended before `now`.
    mutating func forget(before now: Double) {
        // The outputs with pieces to drop are found first: changing the table while its keys are read would copy it
        // on every call.
        let due = haptics.compactMap { output, list in Self.prefixToDrop(of: list, endingBefore: now - hapticTailSeconds) > 0 ? output : nil
        }
        for output in due {
            let count = Self.prefixToDrop(of: haptics[output]!, endingBefore: now - hapticTailSeconds)
            haptics[output]!.removeFirst(count)
            if haptics[output]!.isEmpty { haptics[output] = nil }
        }
        let sounded = Self.prefixToDrop(of: sounds, endingBefore: now - audioTailSeconds)
        if sounded > 0 { sounds.removeFirst(sounded) }
        let opened = Self.prefixToDrop(of: soundsPlay, endingBefore: now - audioTailSeconds)
        if opened > 0 { soundsPlay.removeFirst(opened) }
    }

    /// The sounds inside `span`, as voices of item 0 of a new mix priced by `estimator` for its totals only: the
    /// audio half of a marginal price (the haptic half is ``hapticTotals(in:continued:adding:at:haptics:)``); `nil`
    /// when more than `limit` pieces would be priced.
    func audioMix(in span: Range<Double>, estimator: EnergyEstimator, limit: Int) -> ActuatorMix? {
        var mix = ActuatorMix(estimator: estimator, itemCount: 1, totalsOnly: true)
        Self.append(sounds, in: span, to: &mix.audioVoices)
        // The open path as silent voices: the path's schedule sees them, the sound mix skips them.
        let open = mix.audioVoices.count
        Self.append(soundsPlay, in: span, to: &mix.audioVoices)
        for index in open..<mix.audioVoices.count { mix.audioVoices[index].milliwatts = 0 }
        return mix.audioVoices.count <= limit ? mix : nil
    }

    // MARK: Where a price's view may be cut

    /// How far into a busy stretch a price's view may be cut: at least the memory of the level the mass carries
    /// (``LevelTails``), so what the request changes is read with everything before it that the carried level
    /// remembers; 20 rise times (0.2 s on the phone), so a busy game's price reads a fifth of a second of kept
    /// pieces before the request rather than its whole tail.
    static func settleSeconds(_ haptics: HapticActuatorFigures) -> Double {
        max(20 * haptics.riseSeconds, 2 * LevelTails.memorySeconds(haptics), 1e-3)
    }

    /// The haptic view of a marginal price for a request whose haptics play from `first` to `last`: from `floor`
    /// to `ceiling` (its tails), cut shorter where what already plays keeps its one output busy.
    ///
    /// Where the kept pieces are busy without a break from `settle` before an end of the request to twice the
    /// carried level's `memory` after it, the view is cut `memory` beyond that end and the run it cuts is priced as
    /// going on (``MixView/Continuation``): beyond the cut, the signal and the level it carries are the same with
    /// the request and without it, and the driver is awake on both sides. Elsewhere the view is cut inside a busy
    /// stretch further out (``hapticViewStart(before:settle:floor:)``), or not.
    func hapticView(
        from first: Double,
        to last: Double,
        settle: Double,
        memory: Double,
        floor: Double,
        ceiling: Double
    ) -> (span: Range<Double>, continued: MixView.Continuation?) {
        guard haptics.count == 1, let (output, list) = haptics.first, settle > memory else { return (floor..<ceiling, nil) }
        let from = Self.isBusy(list, around: first, back: settle, forward: memory) ? first - memory : nil
        let to = Self.isBusy(list, around: last, back: settle, forward: 2 * memory) ? last + memory : nil
        let start = from ?? Self.hapticViewStart(of: list, before: first, settle: settle, floor: floor)
        let end = to ?? Self.hapticViewEnd(of: list, after: last, settle: settle, ceiling: ceiling)
        let continued = from == nil && to == nil ? nil : MixView.Continuation(output: output, from: from, to: to)
        return (start..<max(start, end), continued)
    }

    /// Whether `list`'s pieces are busy without a break from `back` seconds before `time` to `forward` after it.
    private static func isBusy(_ list: [VoiceMixer.Voice], around time: Double, back: Double, forward: Double) -> Bool {
        let index = firstIndex(in: list, endingAfter: time)
        guard index < list.count, list[index].start <= time else { return false }
        var earliest = index
        while list[earliest].start > time - back {
            guard earliest > 0, list[earliest - 1].end + VoiceMixer.contiguity >= list[earliest].start else { return false }
            earliest -= 1
        }
        var latest = index
        while list[latest].end < time + forward {
            guard latest + 1 < list.count, list[latest + 1].start <= list[latest].end + VoiceMixer.contiguity else { return false }
            latest += 1
        }
        return true
    }

    /// Where a marginal price's view of the haptic pieces may start, for a request whose haptics start at `time`:
    /// the latest moment at least `settle` seconds into a stretch the actuator is busy without a break, ending by
    /// `time`; `floor` (the view's start without a cut) when there is none after it, or more than one output.
    ///
    /// Cut there, at least `settle` (more than the carried level's memory) before the request, the view starts
    /// inside a run that is the same with the request and without it, so what the cut makes of it (a level rising
    /// from rest, a driver waking) is the same on both sides and cancels; the request changes nothing before it.
    /// Pieces before the cut, priced twice for nothing, are left out.
    func hapticViewStart(before time: Double, settle: Double, floor: Double) -> Double {
        guard haptics.count == 1, let list = haptics.values.first else { return floor }
        return Self.hapticViewStart(of: list, before: time, settle: settle, floor: floor)
    }

    /// ``hapticViewStart(before:settle:floor:)`` in the one output's `list`, found once by the caller.
    private static func hapticViewStart(of list: [VoiceMixer.Voice], before time: Double, settle: Double, floor: Double) -> Double {
        guard settle > 0 else { return floor }
        var index = firstIndex(in: list, endingAfter: time)
        if index == list.count || list[index].start >= time { index -= 1 }
        guard index >= 0 else { return floor }
        var blockEnd = min(list[index].end, time)
        while index >= 0, list[index].end > floor {
            if blockEnd - list[index].start >= settle { return max(floor, blockEnd - settle) }
            if index > 0, list[index - 1].end + VoiceMixer.contiguity < list[index].start { blockEnd = list[index - 1].end }
            index -= 1
        }
        return floor
    }

    /// Where the view may end, for a request whose haptics end at `time`: the earliest moment `settle` seconds into
    /// a stretch the actuator is busy without a break, starting at or after `time`; `ceiling` when there is none
    /// before it. As ``hapticViewStart(before:settle:floor:)``: the run cut there is the same on both sides.
    private static func hapticViewEnd(of list: [VoiceMixer.Voice], after time: Double, settle: Double, ceiling: Double) -> Double {
        guard settle > 0 else { return ceiling }
        var index = firstIndex(in: list, endingAfter: time)
        guard index < list.count else { return ceiling }
        var blockStart = max(list[index].start, time)
        while index < list.count, list[index].start < ceiling {
            if list[index].end - blockStart >= settle { return min(ceiling, blockStart + settle) }
            if index + 1 < list.count, list[index + 1].start > list[index].end + VoiceMixer.contiguity {
                blockStart = list[index + 1].start
            }
            index += 1
        }
        return ceiling
    }

    // MARK: Sorted lists of pieces

    /// Appends the pieces of `list` inside `span` to `voices`, cut to it and numbered item 0.
    private static func append(_ list: [VoiceMixer.Voice], in span: Range<Double>, to voices: inout [VoiceMixer.Voice]) {
        var index = firstIndex(in: list, endingAfter: span.lowerBound)
        var end = index
        while end < list.count, list[end].start < span.upperBound { end += 1 }
        voices.reserveCapacity(voices.count + end - index)
        while index < end {
            if var voice = MixView.placed(list[index], at: 0, in: span, numberedFrom: 0) {
                voice.eventIndex = 0
                voices.append(voice)
            }
            index += 1
        }
    }

    /// Where the first piece ending after `time` is: pieces do not overlap, so their ends are in order too.
    static func firstIndex(in list: [VoiceMixer.Voice], endingAfter time: Double) -> Int {
        firstIndex(in: 0..<list.count) { list[$0].end > time }
    }

    /// The first index of `range` where `holds` is true, for a test that is false and then true along it (sorted
    /// pieces): found by halving.
    @inline(__always)
    static func firstIndex(in range: Range<Int>, where holds: (Int) -> Bool) -> Int {
        var (low, high) = (range.lowerBound, range.upperBound)
        while low < high {
            let middle = (low + high) / 2
            if holds(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Mixes `voices`, already mixed (in time order, not overlapping), into the sorted, non-overlapping `list`:
    /// one linear merge with the pieces they overlap. What was there first wins a tie, as the earlier event does
    /// in a mix. Past ``capacity`` the first pieces are forgotten.
    private static func mergeIn(_ voices: [VoiceMixer.Voice], into list: inout [VoiceMixer.Voice]) {
        guard let from = voices.first?.start, let to = voices.last?.end else { return }
        let first = firstIndex(in: list, endingAfter: from)
        var last = first
        while last < list.count, list[last].start < to { last += 1 }
        var merged: [VoiceMixer.Voice] = []
        merged.reserveCapacity(last - first + voices.count)
        VoiceMixer.merge(list[first..<last], voices[...], into: &merged)
        for index in merged.indices { merged[index].eventIndex = 0 }
        list.replaceSubrange(first..<last, with: merged)
        if list.count > capacity { list.removeFirst(list.count - capacity) }
    }

    /// Adds the spans of `voices` to `list`, joining what overlaps or touches.
    private static func join(_ voices: [VoiceMixer.Voice], into list: inout [VoiceMixer.Voice]) {
        for voice in voices.sorted(by: { $0.start < $1.start }) where voice.end > voice.start {
            var first = firstIndex(in: list, endingAfter: voice.start - VoiceMixer.contiguity)
            var span = voice
            span.milliwatts = 0
            span.eventIndex = 0
            var last = first
            while last < list.count, list[last].start <= span.end + VoiceMixer.contiguity {
                span.start = min(span.start, list[last].start)
                span.end = max(span.end, list[last].end)
                last += 1
            }
            first = min(first, last)
            list.replaceSubrange(first..<last, with: [span])
        }
        if list.count > capacity { list.removeFirst(list.count - capacity) }
    }

    /// How many pieces that ended before `time` to drop: none until they are many or most of the list, as each drop
    /// moves the rest, and pieces that ended sit before every view and change no price meanwhile.
    private static func prefixToDrop(of list: [VoiceMixer.Voice], endingBefore time: Double) -> Int {
        let count = firstIndex(in: list, endingAfter: time)
        return count >= 256 || (count > 0 && 2 * count >= list.count) ? count : 0
    }
}
