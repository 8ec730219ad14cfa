import Dispatch
import Foundation
import Glibc
import Logging
import TemperCore
import TemperHost

/// What `status`, `watch` and `record` share: the live host, its logger, and clean handling of Ctrl-C.
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

    /// Runs `body` until it returns or SIGINT/SIGTERM arrives; a signal cancels it, which counts as a clean
    /// end. Only the command line handles signals; the library never does.
    static func runUntilInterrupted(_ body: @escaping @Sendable () async throws -> Void) async throws {
        let task = Task { try await body() }
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { task.cancel() }
            source.resume()
            return source
        }
        unblockInterrupts()
        defer { sources.forEach { $0.cancel() } }
        do {
            try await task.value
        } catch is CancellationError {
            return
        }
    }

    /// A parent may have started us with SIGINT and SIGTERM blocked (test runners do); Ctrl-C must still work.
    static func unblockInterrupts() {
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// The classifier settings of `--policy NAME|FILE`, or the built-in default policy's.
    static func classifierSettings(policy argument: String?) throws -> ClassifierSettings {
        do {
            return try PolicyFiles.load(argument).classifier
        } catch {
            throw CLIFailure.usage(error.description)
        }
    }

    /// Parses `--interval`/`--duration` seconds.
    static func duration(seconds: Double) -> Duration {
        .nanoseconds(Int64((seconds * 1_000_000_000).rounded()))
    }
}
