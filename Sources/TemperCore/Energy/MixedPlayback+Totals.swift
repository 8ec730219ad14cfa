/// The haptic half of a marginal price: what is kept, and that merged with a request, priced for their totals as
/// they are read from the kept lists, never copied into a mix of their own.
extension MixedPlayback {
    /// What the kept haptic pieces inside `span` cost, and what they cost with `own` (a request's haptic voices,
    /// mixed per output in output order) placed `offset` seconds later; `keptPieces` is how many kept pieces the
    /// span holds. Both as ``ActuatorMix/totals()`` prices the same voices, `continued` being where the view cuts
    /// a run that plays on (``MixView/hapticsContinued``); what is kept wins a tie, as the earlier event does.
    /// `blocks`, when given, cut `own` per output (``VoiceBlock``): where a block outplays every kept piece under
    /// it, its sums are added rather than merged voice by voice.
    func hapticTotals(
        in span: Range<Double>,
        continued: MixView.Continuation?,
        adding own: [(output: Int, voices: [VoiceMixer.Voice])],
        blocks: [[VoiceBlock]]? = nil,
        at offset: Double,
        haptics figures: HapticActuatorFigures
    ) -> (without: EnergyBreakdown, with: EnergyBreakdown, keptPieces: Int) {
        // One output kept (most often): its pieces are looked up once.
        let only = haptics.count == 1 ? haptics.first : nil
        let single = own.count <= 1 && (haptics.isEmpty || only.map { own.isEmpty || $0.key == own[0].output } ?? false)
        let outputs = single ? [] : outputs(adding: own)
        // The two sides take turns with one pair of buffers for the pieces a run keeps (swapped as each output is
        // read), lent from the stack: 16 pieces (1 kB) hold what most runs keep, and a price allocates nothing.
        return withUnsafeTemporaryAllocation(of: HapticRunTotals.Piece.self, capacity: 16) { scratch in
            var without = HapticRunTotals(haptics: figures, continued: continued, outputs: max(1, outputs.count), lending: scratch)
            var with = HapticRunTotals(haptics: figures, continued: continued, outputs: max(1, outputs.count))
            var keptPieces = 0
            if single {
                let output = only?.key ?? own.first?.output ?? 0
                let list = only?.value ?? []
                keptPieces += price(output, list, in: span, adding: own, blocks: blocks, at: offset, without: &without, with: &with)
            } else {
                for output in outputs {
                    let list = haptics[output] ?? []
                    keptPieces += price(output, list, in: span, adding: own, blocks: blocks, at: offset, without: &without, with: &with)
                }
            }
            return (without.totals(), with.totals(), keptPieces)
        }
    }

    /// Reads into `totals` the mix of `list[kept]` and `mine` (placed as it says), inside `list`'s span: merged
    /// voice by voice, but for each of `blocks` that outplays every kept piece under it, which is added whole.
    private static func merge(
        _ list: VoiceMixer.Placed,
        _ kept: Range<Int>,
        with mine: VoiceMixer.Placed,
        blocks: [VoiceBlock],
        into totals: inout HapticRunTotals
    ) {
        let span = list.span
        let (pieces, voices, offset) = (list.voices, mine.voices, mine.offset)
        // What is merged next: from `time`, the kept pieces from `keptNext` and the voices from `ownNext`.
        var time = span.lowerBound
        var keptNext = kept.lowerBound
        var ownNext = 0
        // The kept pieces that end before the last block tried starts: ends are in order, so none of them is under
        // a later block either, and a block that is not added whole does not make the next one walk them again.
        var passed = kept.lowerBound
        for block in blocks {
            let start = voices[block.voices.lowerBound].start + offset
            let end = voices[block.voices.upperBound - 1].end + offset
            guard start >= time, start >= span.lowerBound, end <= span.upperBound else { continue }
            var under = max(keptNext, passed)
            while under < kept.upperBound, pieces[under].end <= start { under += 1 }
            passed = under
            var after = under
            while after < kept.upperBound, pieces[after].start < end, pieces[after].milliwatts < block.minMilliwatts { after += 1 }
            let outplaysWeakest = after == kept.upperBound || pieces[after].start >= end
            guard outplaysWeakest || outplays(block, of: mine, pieces, from: &after, upTo: kept.upperBound, before: end)
            else { continue }
            if start > time {
                // Of the kept pieces under the block, only one can start before it.
                let window = time..<start
                VoiceMixer.merge(
                    list.cut(to: window),
                    keptNext..<min(after, under + 1),
                    mine.cut(to: window),
                    ownNext..<block.voices.lowerBound,
                    into: &totals
                )
            }
            // Where only each voice outplays what it covers, voice by voice, as merging them would hand them on:
            // the same sums to the last bit (a block's own sums round differently).
            totals.add(block, of: mine, summed: outplaysWeakest)
            time = end
            ownNext = block.voices.upperBound
            keptNext = after > under && pieces[after - 1].end > end ? after - 1 : after
        }
        let rest = time..<span.upperBound
        VoiceMixer.merge(list.cut(to: rest), keptNext..<kept.upperBound, mine.cut(to: rest), ownNext..<voices.count, into: &totals)
    }

    /// Whether each of `block`'s voices (of `mine`) outplays every piece of `pieces` it overlaps, checked from
    /// `pieces[after]` (the first under it that its weakest voice does not outplay) to the first that starts at
    /// `end` or later, where `after` is left when it does. Only for a block whose voices touch without a gap: the
    /// mix then plays them there as they are, and they are read one by one rather than merged with what lies
    /// under them (a loud click at the start of a block need not make the voices after it merge).
    ///
    /// Kept out of line: it runs only for a block whose weakest voice does not outplay what lies under it, and
    /// inlined it would push the blocks' common path out of line instead.
    @inline(never)
    static func outplays(
        _ block: VoiceBlock,
        of mine: VoiceMixer.Placed,
        _ pieces: UnsafeBufferPointer<VoiceMixer.Voice>,
        from after: inout Int,
        upTo upper: Int,
        before end: Double
    ) -> Bool {
        guard block.isSeamless else { return false }
        let (voices, offset, last) = (mine.voices, mine.offset, block.voices.upperBound)
        var piece = after
        var voice = block.voices.lowerBound
        while piece < upper, pieces[piece].start < end {
            let (start, stop, milliwatts) = (pieces[piece].start, pieces[piece].end, pieces[piece].milliwatts)
            while voice < last, voices[voice].end + offset <= start { voice += 1 }
            var over = voice
            while over < last, voices[over].start + offset < stop {
                guard voices[over].milliwatts > milliwatts else { return false }
                over += 1
            }
            piece += 1
        }
        after = piece
        return true
    }

    /// Reads `output`'s kept pieces (`list`) inside `span` into `without`, and merged with its part of `own` into
    /// `with`; returns how many kept pieces the span holds.
    private func price(
        _ output: Int,
        _ list: [VoiceMixer.Voice],
        in span: Range<Double>,
        adding own: [(output: Int, voices: [VoiceMixer.Voice])],
        blocks: [[VoiceBlock]]?,
        at offset: Double,
        without: inout HapticRunTotals,
        with: inout HapticRunTotals
    ) -> Int {
        let first = Self.firstIndex(in: list, endingAfter: span.lowerBound)
        // The pieces are in time order: where the span's stop is found by halving, not by walking them all.
        let last = Self.firstIndex(in: first..<list.count) { list[$0].start >= span.upperBound }
        let ownIndex = own.firstIndex { $0.output == output }
        let mine = ownIndex.map { own[$0].voices } ?? []
        let sums = hapticSums[output] ?? []
        // One buffer each for the whole price: the reads below run for every piece and voice, and slices of the
        // arrays would retain them and check each read.
        list.withUnsafeBufferPointer { pieces in
            sums.withUnsafeBufferPointer { sums in
                mine.withUnsafeBufferPointer { voices in
                    let kept = VoiceMixer.Placed(pieces, in: span)
                    without.begin(output: output)
                    Self.read(kept, first..<last, sums: sums.count == pieces.count ? sums : nil, into: &without)
                    without.closeRun(swappingBuffersWith: &with)
                    with.begin(output: output)
                    Self.merge(
                        kept,
                        first..<last,
                        with: VoiceMixer.Placed(voices, at: offset, in: span),
                        blocks: ownIndex.flatMap { blocks?[$0] } ?? [],
                        into: &with
                    )
                    with.closeRun(swappingBuffersWith: &without)
                }
            }
        }
        return last - first
    }

    /// Reads into `totals` the kept pieces `list[kept]`, cut to its span: each run's first and last rise time piece
    /// by piece, what lies between (what its overdrive and braking never read) as a difference of `sums` (when
    /// given, one entry per piece of `list`).
    private static func read(
        _ list: VoiceMixer.Placed,
        _ kept: Range<Int>,
        sums: UnsafeBufferPointer<DriveSums>?,
        into totals: inout HapticRunTotals
    ) {
        let pieces = list.voices
        let rise = totals.riseSeconds
        var index = kept.lowerBound
        while index < kept.upperBound {
            var end = index + 1
            if let sums {
                // The run ends at the first piece counted in a later run.
                end = firstIndex(in: end..<kept.upperBound) { sums[$0].runs > sums[index].runs }
            } else {
                while end < kept.upperBound, pieces[end].start <= pieces[end - 1].end + VoiceMixer.contiguity { end += 1 }
            }
            // The run's pieces from `index` to `end`: its first rise time, then its last, read one by one.
            let (runStart, runEnd) = (list.start(index), list.end(end - 1))
            var head = index
            while head < end, head == index || list.start(head) < runStart + rise {
                totals.add(from: list.start(head), to: list.end(head), pieces[head])
                head += 1
            }
            var tail = end - 1
            while tail > head, pieces[tail - 1].end > runEnd - rise { tail -= 1 }
            if tail > head + 1, let sums {
                totals.add(summed: sums[tail - 1].subtracting(sums[head - 1]), from: pieces[head].start, to: pieces[tail - 1].end)
            } else {
                tail = head
            }
            for piece in tail..<end { totals.add(from: list.start(piece), to: list.end(piece), pieces[piece]) }
            index = end
        }
    }

    /// The outputs that kept pieces or `own` play, in order.
    private func outputs(adding own: [(output: Int, voices: [VoiceMixer.Voice])]) -> [Int] {
        Set(haptics.keys).union(own.map(\.output)).sorted()
    }
}

/// What pieces of a haptic signal drive, by kind, summed; and how many runs (pieces without silence between them)
/// have started, so a price finds where a run ends by halving rather than by walking its pieces.
struct DriveSums: Sendable, Equatable {
    var continuousMilliwattSeconds = 0.0
    var transientMilliwattSeconds = 0.0
    var runs = 0

    func subtracting(_ other: DriveSums) -> DriveSums {
        DriveSums(
            continuousMilliwattSeconds: continuousMilliwattSeconds - other.continuousMilliwattSeconds,
            transientMilliwattSeconds: transientMilliwattSeconds - other.transientMilliwattSeconds,
            runs: runs - other.runs
        )
    }

    /// Makes `sums` the running sums of `list` again where `list` changed from `changed` on (entries before it
    /// still hold).
    static func update(_ sums: inout [DriveSums], of list: [VoiceMixer.Voice], from changed: Int) {
        let valid = min(changed, sums.count, list.count)
        sums.removeSubrange(valid...)
        sums.reserveCapacity(list.count)
        var total = valid > 0 ? sums[valid - 1] : DriveSums()
        for index in valid..<list.count {
            let voice = list[index]
            if index == 0 || voice.start > list[index - 1].end + VoiceMixer.contiguity { total.runs += 1 }
            if voice.isContinuous {
                total.continuousMilliwattSeconds += voice.milliwatts * (voice.end - voice.start)
            } else {
                total.transientMilliwattSeconds += voice.milliwatts * (voice.end - voice.start)
            }
            sums.append(total)
        }
    }
}
