/// The recent temperatures of one sensor, for a least-squares slope over a sliding time window.
///
/// Samples older than the window fall out; at most ``capacity`` samples are kept (a ring allocated once), so a
/// very fast sampler shortens the effective window instead of growing memory. The least-squares sums are kept
/// running, so the slope costs O(1); times are taken relative to an anchor near the oldest sample, and the sums
/// are rebuilt from the samples every 64 additions, so rounding never accumulates over a long run.
struct TrendWindow: Sendable {
    static let capacity = 256
    private static let mask = capacity - 1

    /// (seconds since an arbitrary origin, °C), a ring whose oldest live sample is at `start`.
    private var samples: [SIMD2<Double>]
    private var start = 0
    private(set) var count = 0
    let windowSeconds: Double
    private var anchor = 0.0
    private var sumT = 0.0, sumY = 0.0, sumTT = 0.0, sumTY = 0.0, sumYY = 0.0
    private var addsSinceRebuild = 0

    init(windowSeconds: Double) {
        self.windowSeconds = windowSeconds
        samples = Array(repeating: .zero, count: Self.capacity)
    }

    /// Adds a sample and drops those older than the window. A time earlier than the newest resets the window.
    mutating func add(time: Double, celsius: Double) {
        if count > 0, time < self.time(at: count - 1) { removeAll() }
        if count == Self.capacity { dropOldest() }
        if count == 0 { anchor = time }
        samples[(start + count) & Self.mask] = SIMD2(time, celsius)
        count += 1
        accumulate(SIMD2(time, celsius), sign: 1)
        while count > 1, time - self.time(at: 0) > windowSeconds { dropOldest() }
        addsSinceRebuild += 1
        if addsSinceRebuild >= 64 { rebuildSums() }
    }

    mutating func removeAll() {
        start = 0
        count = 0
        sumT = 0
        sumY = 0
        sumTT = 0
        sumTY = 0
        sumYY = 0
        addsSinceRebuild = 0
    }

    /// The least-squares slope in °C per second, or `nil` with fewer than two samples or no time spread.
    var slope: Double? {
        guard count >= 2 else { return nil }
        let n = Double(count)
        let denominator = n * sumTT - sumT * sumT
        // Relative to the spread of the times, so equal timestamps give no slope rather than rounding noise.
        guard denominator > 1e-9 * max(1, n * sumTT) else { return nil }
        return (n * sumTY - sumT * sumY) / denominator
    }

    /// How far the samples scatter about the fitted line (the residual standard deviation, °C) and the slope's
    /// standard error (°C/s): what a forecast along the line is uncertain by. `nil` with fewer than three samples.
    var fitErrors: (residualCelsius: Double, slopeError: Double)? {
        guard count >= 3 else { return nil }
        let n = Double(count)
        let spreadT = sumTT - sumT * sumT / n
        guard spreadT > 1e-9 * max(1, sumTT) else { return nil }
        let spreadY = sumYY - sumY * sumY / n
        let covariance = sumTY - sumT * sumY / n
        // Rounding can leave a perfect line's residual a hair below zero.
        let residualVariance = max(0, spreadY - covariance * covariance / spreadT) / (n - 2)
        return (residualVariance.squareRoot(), (residualVariance / spreadT).squareRoot())
    }

    /// Seconds between the oldest and newest sample.
    var spanSeconds: Double { count < 2 ? 0 : time(at: count - 1) - time(at: 0) }

    private func time(at offset: Int) -> Double { samples[(start + offset) & Self.mask].x }

    private mutating func accumulate(_ sample: SIMD2<Double>, sign: Double) {
        let t = sample.x - anchor
        sumT += sign * t
        sumY += sign * sample.y
        sumTT += sign * t * t
        sumTY += sign * t * sample.y
        sumYY += sign * sample.y * sample.y
    }

    /// Re-anchors at the oldest sample and sums the live samples afresh.
    private mutating func rebuildSums() {
        addsSinceRebuild = 0
        sumT = 0
        sumY = 0
        sumTT = 0
        sumTY = 0
        sumYY = 0
        guard count > 0 else { return }
        anchor = time(at: 0)
        for offset in 0..<count { accumulate(samples[(start + offset) & Self.mask], sign: 1) }
    }

    private mutating func dropOldest() {
        accumulate(samples[start], sign: -1)
        start = (start + 1) & Self.mask
        count -= 1
        if count == 0 { removeAll() }
    }
}
