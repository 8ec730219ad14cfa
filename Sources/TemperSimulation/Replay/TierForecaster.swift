import TemperCore

/// Forecasts the seconds until the next tier, as Android's thermal headroom does: a least-squares slope per sensor
/// over the classifier's trend window, extrapolated to that sensor's entry threshold for the next tier.
/// Thresholds follow the classifier's rule (serious at high, critical at critical − 5, fair at high − 10, else the
/// policy's defaults); the classifier's own forecast replaces this when it exposes one.
struct TierForecaster {
    let settings: ClassifierSettings
    private var history: [String: [(time: Double, celsius: Double)]] = [:]

    init(settings: ClassifierSettings) {
        self.settings = settings
    }

    mutating func update(with snapshot: HostSnapshot, tier: Tier, time: Double) -> Double? {
        guard let nextTier = tier.next else { return nil }
        var soonest: Double?
        for reading in snapshot.temperatures where reading.health.isOK {
            guard let celsius = reading.celsius else { continue }
            if settings.sensorOverrides.first(where: { $0.matches(reading) })?.ignore == true { continue }
            var points = history[reading.chip, default: []]
            points.append((time, celsius))
            points.removeAll { $0.time < time - settings.trendWindowSeconds }
            history[reading.chip] = points
            guard points.count >= 3, let slope = Self.slope(points), slope > 1e-6,
                let threshold = thresholds(for: reading).entry(of: nextTier)
            else { continue }
            let seconds = max(0, (threshold - celsius) / slope)
            soonest = min(soonest ?? seconds, seconds)
        }
        return soonest
    }

    private func thresholds(for reading: TemperatureReading) -> TierThresholds {
        if let override = settings.sensorOverrides.first(where: { $0.matches(reading) }), let thresholds = override.thresholds {
            return thresholds
        }
        guard let high = reading.high, high < settings.absurdLimitCelsius else { return settings.defaultThresholds }
        let critical = reading.critical.map { $0 - 5 } ?? settings.defaultThresholds.critical
        return TierThresholds(fair: high - 10, serious: high, critical: max(critical, high))
    }

    private static func slope(_ points: [(time: Double, celsius: Double)]) -> Double? {
        let count = Double(points.count)
        let meanTime = points.reduce(0) { $0 + $1.time } / count
        let meanCelsius = points.reduce(0) { $0 + $1.celsius } / count
        var covariance = 0.0
        var variance = 0.0
        for point in points {
            covariance += (point.time - meanTime) * (point.celsius - meanCelsius)
            variance += (point.time - meanTime) * (point.time - meanTime)
        }
        return variance > 0 ? covariance / variance : nil
    }
}
