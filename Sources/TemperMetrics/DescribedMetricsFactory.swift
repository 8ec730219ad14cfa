import CoreMetrics
import Prometheus

/// A swift-metrics factory over a Prometheus registry that gives every metric its help text, where
/// `PrometheusMetricsFactory` leaves it empty. Counters, gauges and timers (as duration histograms) are what the
/// governor records; an aggregating recorder becomes a value histogram, as in `PrometheusMetricsFactory`.
struct DescribedMetricsFactory: MetricsFactory {
    let registry: PrometheusCollectorRegistry
    let help: [String: String]
    /// Appended to every metric's own labels (``MetricsLabel``: `device`, `sku`).
    var constantLabels: [(String, String)] = []

    /// Buckets for timers: reading a host takes from a millisecond (sysfs) to seconds (a stuck D-Bus call).
    static let durationBuckets: [Duration] = [
        .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5),
    ]
    static let valueBuckets: [Double] = [0.001, 0.01, 0.1, 1, 10, 100, 1000, 10000]

    /// The full name as swift-metrics gave it (no namespace or unit added), with its help line.
    private func describe(_ name: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: name, unitName: "", helpText: MetricHelp.text(for: name, in: help))
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        registry.makeCounter(descriptor: describe(label), labels: dimensions + constantLabels)
    }

    func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        registry.makeCounter(descriptor: describe(label), labels: dimensions + constantLabels)
    }

    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        guard aggregate else { return registry.makeGauge(descriptor: describe(label), labels: dimensions + constantLabels) }
        return registry.makeValueHistogram(descriptor: describe(label), labels: dimensions + constantLabels, buckets: Self.valueBuckets)
    }

    func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
        registry.makeGauge(descriptor: describe(label), labels: dimensions + constantLabels)
    }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        registry.makeDurationHistogram(descriptor: describe(label), labels: dimensions + constantLabels, buckets: Self.durationBuckets)
    }

    func destroyCounter(_ handler: any CounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    func destroyRecorder(_ handler: any RecorderHandler) {
        switch handler {
        case let gauge as Prometheus.Gauge: registry.unregisterGauge(gauge)
        case let histogram as Histogram<Double>: registry.unregisterValueHistogram(histogram)
        default: break
        }
    }

    func destroyMeter(_ handler: any MeterHandler) {
        if let gauge = handler as? Prometheus.Gauge { registry.unregisterGauge(gauge) }
    }

    func destroyTimer(_ handler: any TimerHandler) {
        if let histogram = handler as? Histogram<Duration> { registry.unregisterDurationHistogram(histogram) }
    }
}
