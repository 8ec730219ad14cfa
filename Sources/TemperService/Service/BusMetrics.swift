import CoreMetrics

/// The service's own metrics, beside the governor's:
/// - `temper_dbus_calls_total{method}`: method calls received, refused ones included;
/// - `temper_dbus_errors_total{method, error}`: calls answered with an error, by the D-Bus error name;
/// - `temper_headroom_seconds`: the forecast seconds to the next tier (whole seconds; -1 when none is forecast).
///
/// Every counter is made up front, so recording a call allocates nothing.
struct BusMetrics: Sendable {
    /// The labels counted: every method by its name, and `other` for a name that is none of them (GDBus refuses
    /// those before they reach the service, so it stays at zero unless the interface and the service drift).
    static let methods = GovernorInterface.Method.allCases.map(\.rawValue) + ["other"]

    private let calls: [String: Counter]
    private let errors: [String: [GovernorInterface.ErrorName: Counter]]
    private let headroom: Gauge

    init(factory: any MetricsFactory) {
        var calls: [String: Counter] = [:]
        var errors: [String: [GovernorInterface.ErrorName: Counter]] = [:]
        for method in Self.methods {
            calls[method] = Counter(label: "temper_dbus_calls_total", dimensions: [("method", method)], factory: factory)
            for error in GovernorInterface.ErrorName.allCases {
                errors[method, default: [:]][error] = Counter(
                    label: "temper_dbus_errors_total",
                    dimensions: [("method", method), ("error", error.rawValue)],
                    factory: factory
                )
            }
        }
        self.calls = calls
        self.errors = errors
        headroom = Gauge(label: "temper_headroom_seconds", factory: factory)
        headroom.record(-1)
    }

    func called(_ method: String) {
        (calls[method] ?? calls["other"])?.increment()
    }

    func failed(_ method: String, _ error: GovernorInterface.ErrorName) {
        (errors[method] ?? errors["other"])?[error]?.increment()
    }

    func recordHeadroom(_ seconds: Double) {
        headroom.record(seconds)
    }
}
