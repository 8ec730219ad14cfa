import ArgumentParser
import FoundationEssentials
import Logging
import ServiceLifecycle
import TemperCalibration
import TemperCore
import TemperFiles
import TemperHost
import TemperMetrics
import TemperService
import TemperSimulation
import UnixSignals

/// `temper serve [--session | --address ADDR] [--policy P] [--device D] [--interval S]`: the D-Bus service.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the governor on D-Bus as org.temper.Temper1, until interrupted.",
        discussion: """
            Owns org.temper.Temper1 on the system bus (or --session, or --address) and exports \
            /org/temper/Temper1 with the interface org.temper.Temper1.Governor: properties Tier, LowPower, \
            Reasons, HeadroomSeconds, Condition and Policy (each with PropertiesChanged), methods Decide, \
            Schedule, Cancel and Score, and the Released signal. The host is sampled every --interval seconds \
            and at once when UPower, power-profiles-daemon, a udev uevent of an hwmon or thermal device or the kernel's thermal events \
            announce a change. See docs/service.md for the API, and packaging/ for the bus policy and the unit.

            With --feedbackd it also sets feedbackd's profile (full, quiet, silent) on the session bus from the \
            condition, through the policy's feedbackd section (default: serious or low power → quiet, critical → \
            silent); it puts the user's profile back when the condition clears, and a profile the user sets \
            meanwhile stands, across changes of tier, until the condition asks for none. What it holds is kept in \
            --state-directory, so after a crash the next start puts the user's profile back.

            --metrics-listen and --metrics-textfile export the governor's metrics for Prometheus (see docs/embedding.md, \
            "Metrics for fleets").

            Ctrl-C or SIGTERM gives the name back after every scheduled request got its final decision.

            Examples:
              temper serve
              temper serve --session --policy handheld --device gamepad
              temper serve --metrics-listen 127.0.0.1:9464
              busctl introspect org.temper.Temper1 /org/temper/Temper1
            """
    )

    @Flag(name: .long, help: "Serve on the session bus instead of the system bus.")
    var session = false

    @Option(name: .long, help: ArgumentHelp("Serve on the bus at this D-Bus address.", valueName: "addr"))
    var address: String?

    @Option(name: .long, help: "A policy file, or a built-in policy's name.", completion: .policyNames)
    var policy: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The device profile requests are priced on: a built-in name or a YAML file.", valueName: "name|file"),
        completion: .deviceNames
    )
    var device: String?

    @Option(name: .long, parsing: .unconditional, help: "Seconds between samples when nothing announces a change (a positive number).")
    var interval: Double = 1

    @Option(
        name: .customLong("internal"),
        help:
            "With a --device profile fitted by calibrate thermal: the internal-node sensor its model forecasts (label, chip/label or chip path)."
    )
    var internalSensor = "internal"

    @Option(name: .customLong("skin"), help: "With a fitted --device profile: the skin (hotspot) sensor its model forecasts.")
    var skinSensor = "skin"

    @Option(
        name: .customLong("forecast-test"),
        help:
            "The --json output of 'temper forecast' on this device's own recording: GetHeadroom forecasts with the method it found best at its longest horizon (the fitted model only if it won).",
        completion: .file()
    )
    var forecastTest: String?

    @Flag(name: .long, help: "Set feedbackd's profile (on the session bus) from the condition, as the policy's feedbackd section maps it.")
    var feedbackd = false

    @Option(
        name: .customLong("state-directory"),
        help: ArgumentHelp(
            "Where --feedbackd keeps the profile it holds and the user's, to put the user's back after a crash (default: the unit's StateDirectory, else ~/.local/state/temper).",
            valueName: "dir"
        ),
        completion: .directory
    )
    var stateDirectory: String?

    @Option(
        name: .customLong("rate-limit"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "Calls a second each client may make, in bursts of twice as many; more are answered RateLimited.",
            valueName: "calls"
        )
    )
    var rateLimit: Double = 500

    @OptionGroup(title: "Metrics")
    var metrics: MetricsArguments

    @Flag(name: .customLong("print-introspection"), help: .hidden)
    var printIntrospection = false

    func validate() throws {
        guard interval > 0, interval.isFinite else { throw ValidationError("--interval must be a positive number of seconds") }
        guard rateLimit >= 1, rateLimit.isFinite else { throw ValidationError("--rate-limit must be at least 1 call a second") }
        if session, address != nil { throw ValidationError("--session and --address exclude each other") }
        if let stateDirectory, !stateDirectory.hasPrefix("/") {
            throw ValidationError("--state-directory must be an absolute path, not '\(stateDirectory)'")
        }
    }

    /// A long-running service looks again for a missing bus or daemon every 5 s instead of every 0.5 s, and
    /// (as every host) only while one is missing: daemons that come and go mostly announce themselves on the
    /// bus, and a service without upowerd should not wake twice a second to check.
    static let quietBus = BusMonitor.Settings(retryMilliseconds: 5000)

    func run() async throws {
        if printIntrospection {
            print(GovernorInterface.introspectionXML, terminator: "")
            return
        }
        let rules: Policy
        let profile: DeviceProfile
        let validation: ForecastSummary?
        do throws(TemperError) {
            rules = try PolicyLibrary.standard().policy(policy)
            profile = try DeviceProfileLibrary.standard().profile(device)
            validation = try forecastTest.map { (path) throws(TemperError) in
                try ForecastSummary.decode(Data(try InputFile.bytes(path, kind: .configuration)), file: path)
            }
        } catch {
            throw CLIFailure.usage(error.description)
        }
        let bus: DBusBus = if let address { .address(address) } else if session { .session } else { .system }
        var logger = HostSession.makeLogger()
        logger[metadataKey: "service"] = "serve"
        // --metrics-label's device and sku on every metric (checked by validate()).
        let export = PrometheusExport(version: TemperVersion.number, labels: try metrics.options().labels)
        let exporters: [any Service]
        do {
            exporters = try await metrics.options().services(export: export, logger: logger)
        } catch let error as MetricsError {
            throw CLIFailure.usage(error.description)
        }
        let host = HostSession.makeHost(logger: logger, bus: Self.quietBus)
        let model: (any ThermalForecaster)? = ModelForecaster(profile: profile, internalSensor: internalSensor, skinSensor: skinSensor)
        let service = GovernorBusService(
            policy: rules,
            profile: profile,
            host: host,
            profiles: .standard(),
            configuration: .init(
                bus: bus,
                sampleIntervalSeconds: interval,
                limits: .init(callsPerSecondPerSender: rateLimit, burstPerSender: 2 * rateLimit),
                feedbackdBus: feedbackd ? .session : nil,
                feedbackdMarksPath: feedbackd ? feedbackdMarksPath() : nil,
                setsThermalThresholds: HostSession.readsKernelZones(host)
            ),
            logger: logger,
            metricsFactory: export.factory,
            // A profile fitted by `temper calibrate thermal` forecasts its sensors with its model, others by the trend;
            // unless the device's own forecast test found another method better.
            forecaster: validation.map { $0.headroomForecaster(model: model) } ?? model
        )
        let group = ServiceGroup(
            configuration: .init(
                services: (service.services + exporters).map { .init(service: $0) }
                    + [.init(service: ServeStartupPages(governor: service.governor, logger: logger), successTerminationBehavior: .ignore)],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
        )
        HostSession.unblockTerminationSignals()
        do {
            try await group.run()
        } catch let failure as DBusFailure {
            throw CLIFailure.checkFailed(failure.description)
        }
    }
}
