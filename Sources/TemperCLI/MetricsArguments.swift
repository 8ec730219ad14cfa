import ArgumentParser
import TemperMetrics

/// `--metrics-listen` and `--metrics-textfile`, for every command that runs a governor (`watch`, `serve`).
struct MetricsArguments: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Serve Prometheus metrics at http://HOST:PORT/metrics, e.g. 127.0.0.1:9464 ([::1]:9464 for IPv6).",
            valueName: "host:port"
        )
    )
    var metricsListen: String?

    @Option(
        help: ArgumentHelp(
            "Keep Prometheus metrics in FILE for node_exporter's textfile collector (replaced atomically every 15 s and at exit).",
            valueName: "file"
        ),
        completion: .file()
    )
    var metricsTextfile: String?

    @Option(
        help: ArgumentHelp(
            "Add a label to every metric, e.g. --metrics-label device=R5CT20ABC --metrics-label sku=pixel-7 (repeatable).",
            valueName: "name=value"
        )
    )
    var metricsLabel: [String] = []

    func validate() throws {
        _ = try options()
    }

    /// The options the library's services are made from.
    func options() throws -> MetricsOptions {
        do throws(MetricsError) {
            return MetricsOptions(
                listen: try metricsListen.map(MetricsListenAddress.init(parsing:)),
                textfile: metricsTextfile,
                labels: try MetricsOptions.labels(parsing: metricsLabel)
            )
        } catch {
            throw ValidationError(error.description)
        }
    }
}
