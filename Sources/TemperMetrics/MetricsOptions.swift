public import Logging
public import ServiceLifecycle

/// How a long-running command exports its metrics: the values of `--metrics-listen HOST:PORT` and
/// `--metrics-textfile PATH`. ``services(export:logger:)`` turns them into services for the command's
/// `ServiceGroup`, beside the governor that records into the same ``PrometheusExport``.
///
/// ```swift
/// let export = PrometheusExport()
/// let governor = Governor(policy: policy, profile: profile, source: host, clock: clock, logger: logger,
///                         metricsFactory: export.factory)
/// let metrics = try await options.services(export: export, logger: logger)
/// let group = ServiceGroup(services: [host, governor] + metrics, gracefulShutdownSignals: [.sigterm], logger: logger)
/// try await group.run()
/// ```
public struct MetricsOptions: Sendable, Hashable {
    /// Where to serve `/metrics`; `nil` serves nothing.
    public var listen: MetricsListenAddress?
    /// The file to keep the metrics in for node_exporter; `nil` writes nothing.
    public var textfile: String?
    /// Time between textfile writes.
    public var textfileInterval: Duration
    /// Labels every metric carries (`--metrics-label NAME=VALUE`); give them to the ``PrometheusExport``.
    public var labels: [MetricsLabel]

    public init(
        listen: MetricsListenAddress? = nil,
        textfile: String? = nil,
        textfileInterval: Duration = .seconds(15),
        labels: [MetricsLabel] = []
    ) {
        self.listen = listen
        self.textfile = textfile
        self.textfileInterval = textfileInterval
        self.labels = labels
    }

    /// `--metrics-label`'s values read, at most ``MetricsLabel/maxCount`` and each name once.
    ///
    /// - Throws: ``MetricsError/Code/invalidLabel`` naming the first that is wrong.
    public static func labels(parsing texts: [String]) throws(MetricsError) -> [MetricsLabel] {
        guard texts.count <= MetricsLabel.maxCount else {
            throw MetricsError(code: .invalidLabel, message: "--metrics-label: at most \(MetricsLabel.maxCount) labels, not \(texts.count)")
        }
        var labels: [MetricsLabel] = []
        for text in texts {
            let label = try MetricsLabel(parsing: text)
            guard !labels.contains(where: { $0.name == label.name }) else {
                throw MetricsError(code: .invalidLabel, message: "--metrics-label: '\(label.name)' is given twice")
            }
            labels.append(label)
        }
        return labels
    }

    /// Whether anything is exported at all.
    public var isEnabled: Bool { listen != nil || textfile != nil }

    /// The listener and the textfile writer asked for, checked now: the listener is bound and the textfile written
    /// once, so a busy port or an unwritable folder fails before anything runs.
    ///
    /// - Throws: ``MetricsError/Code/cannotListen`` or ``MetricsError/Code/cannotWrite``.
    public func services(export: PrometheusExport, logger: Logger) async throws(MetricsError) -> [any Service] {
        var writer: MetricsTextfileWriter?
        if let textfile {
            writer = MetricsTextfileWriter(path: textfile, interval: textfileInterval, export: export, logger: logger)
            try writer?.write()
        }
        var services: [any Service] = []
        if let listen { services.append(try await MetricsHTTPServer.bind(to: listen, export: export, logger: logger)) }
        if let writer { services.append(writer) }
        return services
    }
}
