/// Nice Vibrations' path from a `.haptic` amplitude envelope to step-wise players that neither interpolate nor
/// play transients (Android waveforms, gamepad rumble), ported in single precision so the integers come out
/// exactly as upstream's tests expect (`core/datamodel/src/{emphasis,interpolation,waveform}.rs`).
enum StepRendering {
    struct Breakpoint: Equatable {
        var time: Float
        var amplitude: Float
        var emphasis: Bool = false
    }

    /// `emphasize`: each emphasis becomes 30 ms ducked to `ducking`, 30 ms at full amplitude, and 30 ms ducked
    /// again (the emphasis' own amplitude is ignored, as upstream does, so it stays distinct).
    static func emphasize(_ points: [Breakpoint], ducking: Float) -> [Breakpoint] {
        let before: Float = 0.030
        let length: Float = 0.030
        let after: Float = 0.030
        var result: [Breakpoint] = []
        var next = points.firstIndex(where: \.emphasis)
        var previous: Int?
        for (index, point) in points.enumerated() {
            guard point.emphasis else {
                var skip = false
                if let next {
                    let start = max(points[next].time - before, 0)
                    skip = (start...points[next].time).contains(point.time)
                }
                if let previous {
                    let end = points[previous].time + length + after
                    skip = skip || (points[previous].time...end).contains(point.time)
                }
                if !skip { result.append(point) }
                continue
            }
            // Ducking before.
            var lastTime = result.last?.time ?? 0
            if point.time > lastTime {
                let start = max(max(point.time - before, 0), lastTime)
                if let prior = points[..<index].lastIndex(where: { $0.time < start }) {
                    result.append(Breakpoint(time: start, amplitude: interpolate(points[prior], points[prior + 1], start)))
                }
                result.append(Breakpoint(time: start, amplitude: ducking))
                result.append(Breakpoint(time: point.time, amplitude: ducking))
            }
            // Emphasis and ducking after.
            lastTime = result.last?.time ?? 0
            let emphasisStart = max(point.time, lastTime)
            let emphasisEnd = max(point.time + length, lastTime)
            if emphasisEnd - emphasisStart > Float.ulpOfOne {
                result.append(Breakpoint(time: emphasisStart, amplitude: 1))
                result.append(Breakpoint(time: emphasisEnd, amplitude: 1))
                if index != points.count - 1 {
                    let duckingEnd = emphasisEnd + after
                    result.append(Breakpoint(time: emphasisEnd, amplitude: ducking))
                    result.append(Breakpoint(time: duckingEnd, amplitude: ducking))
                    if let later = points[(index + 1)...].firstIndex(where: { $0.time > duckingEnd }) {
                        result.append(Breakpoint(time: duckingEnd, amplitude: interpolate(points[later - 1], points[later], duckingEnd)))
                    }
                }
            }
            previous = next
            next = points[(index + 1)...].firstIndex(where: \.emphasis)
        }
        return result
    }

    /// `Interpolator::process`: linear steps of at least `step` seconds between breakpoints, dropping samples
    /// that fall in the same 8-bit quantisation bin. Samples are computed one at a time, so a day-long flat
    /// stretch costs time but no memory; `nil` once more than `limit` breakpoints would be kept.
    static func interpolate(_ points: [Breakpoint], step: Float, limit: Int = .max) -> [Breakpoint]? {
        let depth: Float = 256
        let samplingRate = step > 0 ? 1 / step : 0
        var result: [Breakpoint] = []
        for (a, b) in zip(points, points.dropFirst()) {
            let interval = b.time - a.time
            let total = Int(max(samplingRate * interval + 1, 0))
            let sampled = interval > step && total >= 3
            let count = sampled ? total : 2
            let increment = sampled ? (b.time - a.time) / (Float(total) - 1) : 0
            func sample(_ index: Int) -> Breakpoint {
                guard sampled else {
                    return index == 0 ? Breakpoint(time: a.time, amplitude: a.amplitude) : Breakpoint(time: b.time, amplitude: b.amplitude)
                }
                let time = a.time + increment * Float(index)
                return Breakpoint(time: time, amplitude: interpolate(a, b, min(max(time, a.time), b.time)))
            }
            let first = a.time
            let last = sample(count - 1).time
            var bin: Float = 0
            for index in 0..<count {
                let point = sample(index)
                let quantised = (point.amplitude * depth).rounded() / depth
                if abs(quantised - bin) < Float.ulpOfOne, abs(point.time - first) > Float.ulpOfOne, abs(point.time - last) > Float.ulpOfOne
                {
                    continue
                }
                result.append(point)
                guard result.count <= limit else { return nil }
                bin = quantised
            }
        }
        return result
    }

    /// `Waveform::from_breakpoints`: each breakpoint holds its amplitude (truncated to `maxAmplitude`) until the
    /// next, timings rounded to milliseconds with the rounding error carried forward.
    static func waveform(_ points: [Breakpoint], maxAmplitude: Int32 = 255) -> (timings: [Int], amplitudes: [Int]) {
        var timings: [Int] = []
        var amplitudes: [Int] = []
        var accumulated: Float = 0
        for (a, b) in zip(points, points.dropFirst()) {
            let duration = b.time - a.time
            guard duration > 0 else { continue }
            let error = (a.time - accumulated / 1000) * 1000
            let milliseconds = Int((duration * 1000 + error).rounded(.toNearestOrAwayFromZero))
            guard milliseconds > 0 else { continue }
            timings.append(milliseconds)
            accumulated += Float(milliseconds)
            amplitudes.append(Int(truncating(a.amplitude * Float(maxAmplitude))))
        }
        return (timings, amplitudes)
    }

    /// `f32 as i32` in Rust: truncation toward zero, saturating, NaN as 0.
    static func truncating(_ value: Float) -> Int32 {
        guard value.isFinite else { return value.isNaN ? 0 : (value > 0 ? .max : .min) }
        return Int32(max(min(value.rounded(.towardZero), Float(Int32.max - 128)), Float(Int32.min)))
    }

    static func interpolate(_ a: Breakpoint, _ b: Breakpoint, _ time: Float) -> Float {
        let span = b.time - a.time
        guard span != 0 else { return b.amplitude }
        return a.amplitude + (b.amplitude - a.amplitude) * ((time - a.time) / span)
    }

    /// NV `extend_breakpoints`: adds a breakpoint at every one of `times` not already present (within one ulp),
    /// interpolated from its neighbours, then sorts by time.
    /// Points in time order (every rendering's) are searched by halving, the same answers as a scan in linear
    /// time per lookup, which made a rumble of 40,000 steps quadratic.
    static func extend(_ points: [Breakpoint], with times: [Float]) -> [Breakpoint] {
        let inOrder = zip(points, points.dropFirst()).allSatisfy { $0.time <= $1.time }
        func first(where condition: (Breakpoint) -> Bool) -> Int? {
            guard inOrder else { return points.firstIndex(where: condition) }
            var (low, high) = (0, points.count)
            while low < high {
                let middle = (low + high) / 2
                if condition(points[middle]) { high = middle } else { low = middle + 1 }
            }
            return low < points.count ? low : nil
        }
        var added: [Breakpoint] = []
        for time in times {
            // `time - point` falls as the point's time rises: the first point not far below is the only candidate.
            let near =
                inOrder
                ? first { $0.time - time >= -Float.ulpOfOne }.map { abs(points[$0].time - time) <= Float.ulpOfOne } ?? false
                : points.contains { abs($0.time - time) <= Float.ulpOfOne }
            if near { continue }
            if let after = first(where: { $0.time >= time }) {
                added.append(
                    after == 0
                        ? Breakpoint(time: time, amplitude: 0)
                        : Breakpoint(time: time, amplitude: interpolate(points[after - 1], points[after], time))
                )
            } else {
                added.append(Breakpoint(time: time, amplitude: points.last?.amplitude ?? 0))
            }
        }
        // A stable sort, as Rust's sort_by is.
        return (points + added).enumerated().sorted {
            $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset
        }.map(\.element)
    }
}
