import FoundationEssentials
import Glibc
import Logging
import TemperCore
import TemperFiles
import TemperHost
import UnixSignals

/// What `status`, `watch` and `record` share: the live host, its logger, the policy, and the signals that end them.
enum HostSession {
    /// The CLI's logger: stderr only (stdout carries the output), level from `TEMPER_LOG_LEVEL` (default warning).
    static func makeLogger() -> Logger {
        var logger = Logger(label: "temper.host") { StreamLogHandler.standardError(label: $0) }
        let level = ProcessInfo.processInfo.environment["TEMPER_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:))
        logger.logLevel = level ?? .warning
        return logger
    }

    /// The live host. `TEMPER_SYSFS_ROOT` moves the sysfs root (thermal zones, hwmon listing);
    /// `TEMPER_SENSORS_CONFIG` names a sensors.conf to use instead of the system's.
    static func makeHost(logger: Logger, bus: BusMonitor.Settings = .init()) -> LinuxHost {
        var configuration = LinuxHost.Configuration(bus: bus)
        let environment = ProcessInfo.processInfo.environment
        if let root = environment["TEMPER_SYSFS_ROOT"], !root.isEmpty {
            configuration.sysfsRoot = root
        }
        if let config = environment["TEMPER_SENSORS_CONFIG"], !config.isEmpty {
            configuration.sensorsConfigPath = config
        }
        return LinuxHost(configuration: configuration, logger: logger)
    }

    /// Whether `host` reads the kernel's own thermal zones, not a `TEMPER_SYSFS_ROOT` tree or a umockdev testbed:
    /// thresholds go to the kernel's zones by number, which a fake zone must not lend.
    static func readsKernelZones(_ host: LinuxHost) -> Bool {
        host.configuration.sysfsRoot == "/sys" && ProcessInfo.processInfo.environment["UMOCKDEV_DIR"] == nil
    }

    /// The signals that end `watch` and `record` cleanly; the command line chooses them, the library never does.
    static let terminationSignals: [UnixSignal] = [.sigint, .sigterm]

    /// A parent may have started us with SIGINT and SIGTERM blocked (test runners do); Ctrl-C must still reach
    /// the `ServiceGroup` that handles them.
    static func unblockTerminationSignals() {
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// The policy `--policy NAME|FILE` names (the policy named `default` without it), and where it was found.
    static func policy(_ argument: String?) throws -> (policy: Policy, source: ConfigurationSearch.Source) {
        do {
            return try PolicyLibrary.standard().resolve(argument)
        } catch {
            throw CLIFailure.usage(error.description)
        }
    }

    /// Parses `--interval`/`--duration` seconds.
    static func duration(seconds: Double) -> Duration {
        .nanoseconds(Int64((seconds * 1_000_000_000).rounded()))
    }
}
