import FoundationEssentials

/// Puts a recording's samples on one time axis, seconds from its first sample, the way its tool wrote time: a
/// date-time or Unix time, a time of day (wrapping past midnight), elapsed seconds, or nothing (a fixed interval).
/// Everything it had to repair becomes one warning per kind.
struct RecordingTimeAxis {
    enum Kind {
        /// Seconds since 1970 (Unix time, or a date-time read as UTC).
        case epoch
        /// Seconds since midnight, with no date: past midnight it wraps.
        case clockOfDay
        /// Seconds from some start.
        case elapsed
        /// No time in the file: samples `interval` seconds apart, for the reason given.
        case none(interval: Double, why: String)
    }

    var seconds: [Double] = []
    var timestamps: [Date?] = []
    var warnings: [String] = []

    init(_ raw: [Double], kind: Kind) {
        if case .none(let interval, let why) = kind {
            seconds = raw.indices.map { Double($0) * interval }
            timestamps = raw.map { _ in nil }
            if !raw.isEmpty { warnings.append("no times in the file: samples taken \(Self.format(interval)) s apart (\(why))") }
            return
        }
        let typical = Self.typicalStep(raw)
        var placed: [Double] = []
        var offset = 0.0
        var (midnights, jumps) = (0, 0)
        for value in raw {
            var time = value + offset
            if let previous = placed.last, time < previous {
                if case .clockOfDay = kind, previous - time > 43_200 {
                    offset += 86_400
                    midnights += 1
                } else {
                    offset += previous + typical - time
                    jumps += 1
                }
                time = value + offset
            }
            placed.append(time)
        }
        if midnights > 0 { warnings.append("the clock passed midnight \(Self.times(midnights)): later samples are on the next day") }
        if jumps > 0 {
            warnings.append(
                "time went backwards \(Self.times(jumps)) (sessions appended to one file?): each later session follows the one before, \(Self.format(typical)) s on"
            )
        }
        let spread = Self.spreadRepeats(&placed)
        if spread > 0 {
            warnings.append(
                "\(spread) samples share their time with the one before (the clock has 1 s steps): spread evenly within that step"
            )
        }
        let start = placed.first ?? 0
        seconds = placed.map { $0 - start }
        switch kind {
        case .epoch: timestamps = placed.map { Date(timeIntervalSince1970: $0) }
        default: timestamps = placed.map { _ in nil }
        }
        if let gaps = Self.gaps(seconds, typical: typical) { warnings.append(gaps) }
    }

    /// The median step between distinct successive times; 1 s when there is none.
    static func typicalStep(_ raw: [Double]) -> Double {
        let steps = zip(raw, raw.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.sorted()
        return steps.isEmpty ? 1 : steps[steps.count / 2]
    }

    /// Runs of equal times spread evenly up to the next distinct time (at most 1 s on); returns how many moved.
    static func spreadRepeats(_ times: inout [Double]) -> Int {
        var moved = 0
        var start = 0
        while start < times.count {
            var end = start + 1
            while end < times.count, times[end] == times[start] { end += 1 }
            if end - start > 1 {
                let span = end < times.count ? min(times[end] - times[start], 1) : 1
                for index in start..<end { times[index] = times[start] + span * Double(index - start) / Double(end - start) }
                moved += end - start - 1
            }
            start = end
        }
        return moved
    }

    /// A warning for steps over five times the typical one (and over 2 s), or `nil`.
    static func gaps(_ seconds: [Double], typical: Double) -> String? {
        let long = zip(seconds, seconds.dropFirst()).map { (at: $0, length: $1 - $0) }.filter { $0.length > max(5 * typical, 2) }
        guard let longest = long.max(by: { $0.length < $1.length }) else { return nil }
        return
            "\(long.count) gap\(long.count == 1 ? "" : "s") in the samples, the longest \(format(longest.length)) s at \(format(longest.at)) s"
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e9 ? String(Int(seconds)) : String((seconds * 100).rounded() / 100)
    }

    static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }
}
