/// The recent temperatures of one sensor, for a least-squares slope over a sliding time window.
///
/// Samples older than the window fall out; at most ``capacity`` samples are kept, so a very fast sampler
/// shortens the effective window instead of growing memory. The slope is recomputed from the samples each
/// time (times taken relative to the newest), which stays exact however long the classifier runs.
public struct TrendWindow: Sendable {
    public static let capacity = 256

    /// Seconds since an arbitrary origin, oldest first; live samples are `start..<start + count`.
    private var times: [Double] = []
    private var values: [Double] = []
    private var start = 0
    public private(set) var count = 0
    public let windowSeconds: Double

    public init(windowSeconds: Double) {
        self.windowSeconds = windowSeconds
        times.reserveCapacity(32)
        values.reserveCapacity(32)
    }

    /// Adds a sample and drops those older than the window. A time earlier than the newest resets the window.
    public mutating func add(time: Double, celsius: Double) {
        if count > 0, time < self.time(at: count - 1) { removeAll() }
        if count == Self.capacity { dropOldest() }
        times.append(time)
        values.append(celsius)
        count += 1
        while count > 1, time - self.time(at: 0) > windowSeconds { dropOldest() }
    }

    public mutating func removeAll() {
        times.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        start = 0
        count = 0
    }

    /// The least-squares slope in °C per second, or `nil` with fewer than two samples or no time spread.
    public var slope: Double? {
        guard count >= 2 else { return nil }
        let newest = time(at: count - 1)
        var sumT = 0.0, sumY = 0.0, sumTT = 0.0, sumTY = 0.0
        for offset in 0..<count {
            let index = physical(offset)
            let t = times[index] - newest
            let y = values[index]
            sumT += t
            sumY += y
            sumTT += t * t
            sumTY += t * y
        }
        let n = Double(count)
        let denominator = n * sumTT - sumT * sumT
        guard denominator > 1e-12 else { return nil }
        return (n * sumTY - sumT * sumY) / denominator
    }

    /// Seconds between the oldest and newest sample.
    public var spanSeconds: Double { count < 2 ? 0 : time(at: count - 1) - time(at: 0) }

    private func physical(_ offset: Int) -> Int { start + offset }

    private func time(at offset: Int) -> Double { times[start + offset] }

    /// Dropped samples stay in storage until they outnumber the live ones, so dropping is amortised O(1).
    private mutating func dropOldest() {
        start += 1
        count -= 1
        if start >= 32, start >= count {
            times.removeFirst(start)
            values.removeFirst(start)
            start = 0
        }
    }
}
