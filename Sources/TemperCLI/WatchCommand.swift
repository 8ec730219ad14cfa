import ArgumentParser
import FoundationEssentials
import ServiceLifecycle
import TemperCore
import TemperHost
import TemperLifecycle
import TemperMetrics

/// `temper watch [--json] [--verbose] [--interval S]`: a line per condition change until Ctrl-C.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print a line each time the host's condition changes, until interrupted.",
        discussion: """
            Samples the host every --interval seconds and classifies each sample with the policy's rules (see \
            'temper status --help'): a tier escalates at once, and steps down one tier at a time after the dwell. \
            A line is printed when the tier or low power changes (the first sample always prints); --verbose \
            adds a line per sample. With --json each line is one JSON object with the keys of 'temper status --json' \
            (each sensor with its own tier and thresholds) plus `event`: `change` or `sample`. Ctrl-C (or SIGTERM) ends it with exit 0.

            --metrics-listen and --metrics-textfile export the governor's metrics for Prometheus (temper_tier, \
            temper_low_power, …; see docs/embedding.md, "Metrics for fleets").

            Examples:
              temper watch
              temper watch --json --verbose --interval 0.5
              temper watch --policy ./quick-dwell.yaml
              temper watch --metrics-listen 127.0.0.1:9464
            """
    )

    @Option(
        name: .long,
        help: "A policy file, or a policy's name (default, phone, handheld, or yours), whose classifier settings to use.",
        completion: .policyNames
    )
    var policy: String?

    @Flag(name: .long, help: "Print JSON lines.")
    var json = false

    @Flag(name: .long, help: "Also print a line for every sample.")
    var verbose = false

    // Unconditional, so `--interval -1` reaches validate() and gets its own message.
    @Option(name: .long, parsing: .unconditional, help: "Seconds between samples, 0.1 to 3600.")
    var interval: Double = 1

    @OptionGroup(title: "Metrics")
    var metrics: MetricsArguments

    func validate() throws {
        try OptionRange.check(interval, OptionRange.sampleInterval, option: "--interval")
    }

    func run() async throws {
        let policy = try HostSession.policy(policy).policy
        let logger = HostSession.makeLogger()
        // --metrics-label's device and sku on every metric (checked by validate()).
        let export = PrometheusExport(version: TemperVersion.number, labels: try metrics.options().labels)
        let exporters: [any Service]
        do {
            exporters = try await metrics.options().services(export: export, logger: logger)
        } catch let error as MetricsError {
            throw CLIFailure.usage(error.description)
        }
        let host = HostSession.makeHost(logger: logger)
        HostSession.unblockTerminationSignals()
        let (json, verbose) = (json, verbose)
        let previous = Locked<Condition?>(nil)
        // The exporters run in the sampling group, so a graceful end lets the textfile writer write its last values.
        // Started before the group so the first sample has the battery; the host's run() owns it from then on.
        await host.start()
        let governor = Governor.sampler(
            policy: policy,
            source: host,
            clock: host.clock,
            intervalSeconds: interval,
            logger: logger,
            metricsFactory: export.factory
        )
        try await governor.runSampling(alongside: [host] + exporters, gracefulShutdownSignals: HostSession.terminationSignals) {
            sample in
            let changed = previous.withLock { previous in
                defer { previous = sample.condition }
                // A peripheral plugged in or out, or its battery turning low, is a change too.
                return previous.map { !$0.isSameState(as: sample.condition) || !$0.hasSamePeripherals(as: sample.condition) } ?? true
            }
            if changed || verbose {
                let line = try Self.line(event: changed ? .change : .sample, sample: sample, json: json)
                // Piped, an event is one line (what logs and grep read); on a terminal it wraps to fit.
                let text = json ? line : TerminalText.fit(line, width: TerminalWidth.current())
                OutputStream.standardOutput.print(text + "\n")
            }
            return true
        }
    }

    static func line(event: HostStatusDocument.Event, sample: HostSample, json: Bool) throws -> String {
        let (condition, snapshot) = (sample.condition, sample.snapshot)
        if json {
            return try HostStatusDocument(event: event, sample: sample).jsonLine()
        }
        let time = snapshot.timestamp?.formatted(.iso8601) ?? String(cFormat: "%.1f s", snapshot.time)
        let reasons = condition.reasons.map(\.message).joined(separator: "; ")
        let peripherals = condition.peripherals.map { judged in
            let charge = judged.peripheral.percentage.map { String(cFormat: " %.0f %%", $0) } ?? ""
            return "\(judged.peripheral.displayName)\(charge) \(judged.battery.rawValue)"
        }
        let devices = peripherals.isEmpty ? "" : "; peripherals: " + peripherals.joined(separator: ", ")
        guard event == .sample else {
            return "\(time) \(condition)" + (reasons.isEmpty ? "" : "  (\(reasons))") + devices
        }
        let hottest = snapshot.temperatures.filter { $0.celsius != nil }.max { $0.celsius! < $1.celsius! }
        let temperature = hottest.map { "hottest \($0.displayName) " + String(cFormat: "%.1f °C", $0.celsius!) } ?? "no temperature"
        let profile = snapshot.powerProfile.activeProfile ?? "unknown"
        return "\(time) sample \(condition): \(temperature); battery \(HostStatusTable.battery(snapshot.battery)); profile \(profile)"
            + devices
    }
}
