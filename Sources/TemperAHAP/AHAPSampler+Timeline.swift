extension AHAPSampler {
    /// The pattern sampled every `step` seconds from 0 through ``playbackEnd``, for plots: at each time the
    /// strongest haptic intensity with that event's sharpness, and the loudest audio volume.
    ///
    /// Each event only visits the samples inside its own span, so long sparse patterns stay cheap. An event
    /// shorter than `step` that no sample falls inside (a transient, usually) still marks the sample nearest its
    /// start, so plots never lose a click. At most ``maximumTimelineSamples`` samples are returned, and events
    /// visit at most ``maximumTimelineVisits`` samples in all; a request past either is sampled more coarsely, so
    /// a hostile pattern (thousands of overlapping 30 s events) cannot make a plot take minutes.
    public func timeline(step: Double) -> [AHAPSample] {
        timeline(step: step, maximumVisits: Self.maximumTimelineVisits)
    }

    func timeline(step: Double, maximumVisits: Int) -> [AHAPSample] {
        let end = playbackEnd
        guard step.isFinite, step > 0, end.isFinite else { return [] }
        var step = step
        if end / step >= Double(Self.maximumTimelineSamples - 1) {
            step = end / Double(Self.maximumTimelineSamples - 2)
        }
        let visits = shapes.reduce(0.0) { $0 + max(0, $1.end - $1.start) / step + 1 }
        if visits > Double(maximumVisits) {
            step *= visits / Double(maximumVisits)
        }
        let count = Int((end / step).rounded(.up)) + 1
        var samples = (0..<count).map { AHAPSample(time: Double($0) * step, intensity: 0, sharpness: 0, audioVolume: 0) }
        for (index, shape) in shapes.enumerated() where shape.end > shape.start {
            let first = max(0, Int((shape.start / step).rounded(.up)))
            let last = min(count - 1, Int((shape.end / step).rounded(.up)))
            var visited = false
            if first <= last {
                for sampleIndex in first...last {
                    let time = samples[sampleIndex].time
                    guard time >= shape.start, time < shape.end else { continue }
                    visited = true
                    record(eventIndex: index, at: time, into: &samples[sampleIndex])
                }
            }
            if !visited {
                let nearest = min(count - 1, max(0, Int((shape.start / step).rounded())))
                record(eventIndex: index, at: shape.start, into: &samples[nearest])
            }
        }
        return samples
    }

    private func record(eventIndex: Int, at time: Double, into sample: inout AHAPSample) {
        if shapes[eventIndex].type.isHaptic {
            let values = hapticValues(eventIndex: eventIndex, at: time)
            if values.intensity > sample.intensity {
                sample.intensity = values.intensity
                sample.sharpness = values.sharpness
            }
        } else {
            sample.audioVolume = max(sample.audioVolume, audioVolume(eventIndex: eventIndex, at: time))
        }
    }
}

/// One point of ``AHAPSampler/timeline(step:)``.
public struct AHAPSample: Sendable, Hashable {
    /// Seconds from the pattern start.
    public var time: Double
    /// The strongest effective haptic intensity at ``time`` (0...1).
    public var intensity: Double
    /// The effective sharpness of the event giving ``intensity``.
    public var sharpness: Double
    /// The loudest effective audio volume at ``time`` (0...1).
    public var audioVolume: Double

    public init(time: Double, intensity: Double, sharpness: Double, audioVolume: Double) {
        self.time = time
        self.intensity = intensity
        self.sharpness = sharpness
        self.audioVolume = audioVolume
    }
}
