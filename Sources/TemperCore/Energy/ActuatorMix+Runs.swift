/// What a run of the mixed signal drives over its first and its last rise time: what ``ActuatorMix`` overdrives
/// and brakes by.
extension ActuatorMix {
    /// The mean power of a run's continuous drive from `start` to `end` (within the run), a click counting as
    /// none: what the driver overdrives toward over the rise, and what the mass still carries when the drive stops.
    /// Not the power of the run's first or last sample: a run that opens or closes with a ramp of a few
    /// milliseconds would be overdriven or braked by the level of that sliver, which depends on how the ramp was
    /// cut (a ramp of amplitude and its conversion to a ramp of intensity differ there), and a sliver of ramp
    /// before a click would be overdriven as if it lasted the whole rise.
    static func meanContinuousMilliwatts(
        _ run: ArraySlice<VoiceMixer.Segment>,
        _ voices: [VoiceMixer.Voice],
        from start: Double,
        to end: Double
    ) -> Double {
        guard let first = run.first?.start, let last = run.last?.end else { return 0 }
        let (from, to) = (max(start, first), min(end, last))
        guard to > from else { return 0 }
        // Weighted by each segment's share of the window, so one segment that covers it gives its power exactly
        // and a drive at a constant level is overdriven and braked to the last bit as before. Segments are in time
        // order and do not overlap: only those from the first ending after `from` can be inside.
        var mean = 0.0
        var low = run.startIndex
        var high = run.endIndex
        while low < high {
            let middle = (low + high) / 2
            if run[middle].end > from { high = middle } else { low = middle + 1 }
        }
        for segment in run[low...] {
            guard segment.start < to else { break }
            if voices[segment.voice].isContinuous {
                mean += voices[segment.voice].milliwatts * ((min(segment.end, to) - max(segment.start, from)) / (to - from))
            }
        }
        return mean
    }

    /// Where in `segments[run]` (in time order) the first segment starting at or after `time` is.
    static func firstIndex(in segments: [VoiceMixer.Segment], _ run: Range<Int>, startingFrom time: Double) -> Int {
        var index = run.lowerBound
        while index < run.upperBound, segments[index].start < time { index += 1 }
        return index
    }
}
