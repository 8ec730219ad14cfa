/// The value of one dynamic parameter ID over time, built from the pattern's `Parameter` items and
/// `ParameterCurve`s of that ID.
///
/// The rule is "latest start wins": a `Parameter` holds its value from its time until the next `Parameter` or
/// curve of the same ID begins; a curve interpolates linearly between its control points (times relative to the
/// curve's start), holds its first value before its first point and its last value after its last point, until
/// another item of the same ID begins. A one-point curve is a constant. Items that start at the same time apply
/// in file order, so the later one wins.
struct AHAPControlTrack: Sendable, Hashable {
    /// One `Parameter` or curve, with control point times made absolute.
    struct Segment: Sendable, Hashable {
        var start: Double
        var times: [Double]
        var values: [Double]

        func value(at time: Double) -> Double {
            guard times.count > 1, time > times[0] else { return values.first ?? 0 }
            guard let lastTime = times.last, time < lastTime else { return values[values.count - 1] }
            // Binary search for the last point at or before `time`.
            var low = 0
            var high = times.count - 1
            while high - low > 1 {
                let middle = (low + high) / 2
                if times[middle] <= time { low = middle } else { high = middle }
            }
            let span = times[high] - times[low]
            guard span > 0 else { return values[high] }
            let fraction = (time - times[low]) / span
            return values[low] + (values[high] - values[low]) * fraction
        }
    }

    let id: AHAPDynamicParameterID
    /// Sorted by start, stable, so equal starts keep file order.
    private(set) var segments: [Segment]

    init(id: AHAPDynamicParameterID, segments: [Segment]) {
        self.id = id
        self.segments = segments.enumerated()
            .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            .map(\.element)
    }

    /// The control value at `time`, clamped to the ID's range; the ID's neutral default before any item begins.
    func value(at time: Double) -> Double {
        guard let first = segments.first, time >= first.start else { return id.defaultValue }
        var low = 0
        var high = segments.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if segments[middle].start <= time { low = middle } else { high = middle }
        }
        let range = id.range
        return min(max(segments[low].value(at: time), range.lowerBound), range.upperBound)
    }

    /// One track per dynamic parameter ID the pattern uses.
    static func tracks(for pattern: AHAPPattern) -> [AHAPDynamicParameterID: AHAPControlTrack] {
        var segments: [AHAPDynamicParameterID: [Segment]] = [:]
        for item in pattern.items {
            switch item {
            case .parameter(let parameter):
                segments[parameter.id, default: []].append(
                    Segment(start: parameter.time, times: [parameter.time], values: [parameter.value])
                )
            case .curve(let curve):
                guard !curve.controlPoints.isEmpty else { continue }
                var times: [Double] = []
                var values: [Double] = []
                times.reserveCapacity(curve.controlPoints.count)
                values.reserveCapacity(curve.controlPoints.count)
                for point in curve.controlPoints {
                    // Points out of time order would make the search meaningless; keep time non-decreasing.
                    times.append(max(curve.time + point.time, times.last ?? -.infinity))
                    values.append(point.value)
                }
                segments[curve.id, default: []].append(Segment(start: curve.time, times: times, values: values))
            case .event:
                continue
            }
        }
        return segments.reduce(into: [:]) { tracks, entry in
            tracks[entry.key] = AHAPControlTrack(id: entry.key, segments: entry.value)
        }
    }
}
