public import CoreMetrics
public import Prometheus

/// The governor's swift-metrics, kept in a Prometheus registry and rendered in Prometheus' text format.
///
/// Give ``factory`` to the `Governor` (its `metricsFactory:`), then serve ``text()`` with a ``MetricsHTTPServer``
/// or write it with a ``MetricsTextfileWriter``. Nothing here is global: two exports never share metrics.
public final class PrometheusExport: Sendable {
    /// Where the metrics live.
    public let registry: PrometheusCollectorRegistry
    /// The swift-metrics factory that records into ``registry``, with a help line for every metric.
    public let factory: any MetricsFactory

    /// An export over a new, empty registry.
    ///
    /// - Parameters:
    ///   - help: The `# HELP` text of each metric by name; the governor's metrics are described already.
    ///   - version: The program's release; when given, `temper_build_info{version="…"} 1` says which build a
    ///     fleet's hosts run.
    ///   - labels: Labels every metric carries (`--metrics-label device=… --metrics-label sku=…`).
    public init(help: [String: String] = [:], version: String? = nil, labels: [MetricsLabel] = []) {
        let registry = PrometheusCollectorRegistry()
        self.registry = registry
        self.factory = DescribedMetricsFactory(
            registry: registry,
            help: MetricHelp.governor.merging(help) { $1 },
            constantLabels: labels.map { ($0.name, $0.value) }
        )
        if let version { Gauge(label: "temper_build_info", dimensions: [("version", version)], factory: factory).record(1) }
    }

    /// The metrics in Prometheus' text exposition format (version 0.0.4).
    public func bytes() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }

    /// ``bytes()`` as a string.
    public func text() -> String {
        String(decoding: bytes(), as: UTF8.self)
    }

    /// The content type of ``bytes()``, for an HTTP response.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"
}

/// What each governor and service metric means, for its `# HELP` line (promtool's lint asks for one on every metric).
enum MetricHelp {
    static let governor: [String: String] = [
        "temper_decisions_total": "Feedback requests decided, by outcome and request kind.",
        "temper_rules_fired_total": "Policy rules that changed a request, by rule.",
        "temper_energy_requested_joules_total": "Energy the decided requests asked for, as written.",
        "temper_energy_saved_joules_total": "Energy the rewrites saved.",
        "temper_tier": "The host's thermal tier: 0 nominal, 1 fair, 2 serious, 3 critical.",
        "temper_low_power": "1 while the host is in low power, else 0.",
        "temper_pending_requests": "Scheduled requests waiting for their target time.",
        "temper_budget_remaining_joules": "Energy left in the current condition's budget window.",
        "temper_sample_duration_seconds": "How long each reading of the host's sensors, battery and power profile took.",
        "temper_players_live": "Live players (continuous events and loops) the governor is clamping.",
        "temper_peripherals": "Peripherals with a battery, by the battery condition judged: unknown, ok, low, critical.",
        "temper_build_info": "1, labelled with the release of temper that serves these metrics.",
        "temper_dbus_calls_total": "D-Bus method calls temper serve received, by method; refused ones included.",
        "temper_dbus_errors_total": "D-Bus method calls temper serve answered with an error, by method and error name.",
        "temper_temperature_celsius": "Each temperature sensor's last reading, by chip/label; NaN while unreadable.",
        "temper_power_watts": "Each power reading (RAPL, hwmon), by chip/label; NaN while unreadable.",
        "temper_battery_charge_ratio": "The battery's charge, 0 to 1, where the host has a battery.",
        "temper_battery_energy_rate_watts": "The battery's charge or discharge power (UPower EnergyRate).",
        "temper_power_profile": "1 for the active power profile (power-profiles-daemon), 0 for the others it offers.",
        "temper_headroom_seconds": "Forecast whole seconds until the next thermal tier; -1 when none is forecast.",
    ]

    static func text(for name: String, in table: [String: String]) -> String {
        table[name] ?? "Temper metric \(name)."
    }
}
