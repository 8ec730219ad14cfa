import FoundationEssentials

extension ThermalSeries {
    /// Each sensor's reading noise (°C, one standard deviation), estimated from the trace alone, so the fit can be
    /// judged against it: a fit whose residuals are much larger than the noise misses something.
    ///
    /// A trace's temperatures change slowly between samples, so the second difference `y[k+1] − 2y[k] + y[k−1]`
    /// holds almost only the noise (6σ² of variance for independent noise). The estimate is robust: the median
    /// absolute deviation picks the scale, and the mean square is taken over second differences within 5 of those
    /// scales, leaving out the few samples where the power steps and the temperature truly bends. It is never
    /// below the sensor's resolution q (the smallest change between readings) as rounding noise, q/√12.
    public var readingNoiseCelsius: (internal: Double, hotspot: Double) {
        (Self.readingNoise(internalCelsius), Self.readingNoise(hotspotCelsius))
    }

    /// The smallest noise the fit assumes: 0.1 m°C, below any hwmon sensor's resolution.
    static let noiseFloorCelsius = 1e-4

    static func readingNoise(_ values: [Double]) -> Double {
        guard values.count >= 3 else { return noiseFloorCelsius }
        var second: [Double] = []
        var resolution = Double.infinity
        for k in 1..<values.count {
            let step: Double = abs(values[k] - values[k - 1])
            if step > 0 { resolution = min(resolution, step) }
            if k + 1 < values.count {
                let bend: Double = values[k + 1] - 2 * values[k] + values[k - 1]
                second.append(bend)
            }
        }
        let median = Self.median(second)
        let spread: Double = 1.4826 * Self.median(second.map { abs($0 - median) })
        var sum = 0.0
        var count = 0
        for value in second where spread > 0 ? abs(value - median) <= 5 * spread : value == median {
            sum += value * value
            count += 1
        }
        let variance: Double = count > 0 ? sum / Double(count) / 6 : 0
        let rounding: Double = resolution.isFinite ? resolution / 12.0.squareRoot() : 0
        return max(variance.squareRoot(), rounding, noiseFloorCelsius)
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
