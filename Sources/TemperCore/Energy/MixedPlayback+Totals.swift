/// The haptic half of a marginal price: what is kept, and that merged with a request, priced for their totals as
/// they are read from the kept lists, never copied into a mix of their own.
extension MixedPlayback {
    /// What the kept haptic pieces inside `span` cost, and what they cost with `own` (a request's haptic voices,
    /// mixed per output in output order) placed `offset` seconds later; `keptPieces` is how many kept pieces the
    /// span holds. Both as ``ActuatorMix/totals()`` prices the same voices, `continued` being where the view cuts
    /// a run that plays on (``MixView/hapticsContinued``); what is kept wins a tie, as the earlier event does.
    func hapticTotals(
        in span: Range<Double>,
        continued: MixView.Continuation?,
        adding own: [(output: Int, voices: [VoiceMixer.Voice])],
        at offset: Double,
        haptics figures: HapticActuatorFigures
    ) -> (without: EnergyBreakdown, with: EnergyBreakdown, keptPieces: Int) {
        // One output kept (most often): its pieces are looked up once.
        let only = haptics.count == 1 ? haptics.first : nil
        let single = own.count <= 1 && (haptics.isEmpty || only.map { own.isEmpty || $0.key == own[0].output } ?? false)
        let outputs = single ? [] : outputs(adding: own)
        var without = HapticRunTotals(haptics: figures, continued: continued, outputs: max(1, outputs.count))
        var with = HapticRunTotals(haptics: figures, continued: continued, outputs: max(1, outputs.count))
        var keptPieces = 0
        if single {
            let output = only?.key ?? own.first?.output ?? 0
            let list = only?.value ?? []
            keptPieces += price(output, list, in: span, adding: own, at: offset, without: &without, with: &with)
        } else {
            for output in outputs {
                let list = haptics[output] ?? []
                keptPieces += price(output, list, in: span, adding: own, at: offset, without: &without, with: &with)
            }
        }
        return (without.totals(), with.totals(), keptPieces)
    }

    /// Reads `output`'s kept pieces (`list`) inside `span` into `without`, and merged with its part of `own` into
    /// `with`; returns how many kept pieces the span holds.
    private func price(
        _ output: Int,
        _ list: [VoiceMixer.Voice],
        in span: Range<Double>,
        adding own: [(output: Int, voices: [VoiceMixer.Voice])],
        at offset: Double,
        without: inout HapticRunTotals,
        with: inout HapticRunTotals
    ) -> Int {
        let first = Self.firstIndex(in: list, endingAfter: span.lowerBound)
        // The pieces are in time order: where the span's stop is found by halving, not by walking them all.
        let last = Self.firstIndex(in: first..<list.count) { list[$0].start >= span.upperBound }
        let mine = own.first { $0.output == output }?.voices ?? []
        // One buffer each for the whole price: the reads below run for every piece and voice, and slices of the
        // arrays would retain them and check each read.
        list.withUnsafeBufferPointer { pieces in
            mine.withUnsafeBufferPointer { voices in
                let kept = VoiceMixer.Placed(pieces, in: span)
                without.begin(output: output)
                for index in first..<last { without.add(from: kept.start(index), to: kept.end(index), pieces[index]) }
                without.closeOutput()
                with.begin(output: output)
                VoiceMixer.merge(kept, first..<last, VoiceMixer.Placed(voices, at: offset, in: span), voices.indices, into: &with)
                with.closeOutput()
            }
        }
        return last - first
    }

    /// The outputs that kept pieces or `own` play, in order.
    private func outputs(adding own: [(output: Int, voices: [VoiceMixer.Voice])]) -> [Int] {
        Set(haptics.keys).union(own.map(\.output)).sorted()
    }
}
