public import Logging
public import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a ``PrometheusExport`` to a file for node_exporter's textfile collector, as a swift-service-lifecycle
/// `Service`: at start, every ``interval``, and once more at graceful shutdown.
///
/// Each write goes to a hidden temporary file beside the target (its name does not end in `.prom`, so the collector
/// never reads it half-written) and is renamed over the target, which replaces it atomically.
public struct MetricsTextfileWriter: Service {
    /// The file, e.g. `/var/lib/prometheus/node-exporter/temper.prom`.
    public var path: String
    /// Time between writes.
    public var interval: Duration
    private let export: PrometheusExport
    private let logger: Logger

    public init(path: String, interval: Duration = .seconds(15), export: PrometheusExport, logger: Logger) {
        self.path = path
        self.interval = interval
        self.export = export
        self.logger = logger
    }

    /// Writes the metrics now.
    ///
    /// - Throws: ``MetricsError/Code/cannotWrite`` with the system's reason; the target is left as it was.
    public func write() throws(MetricsError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) + "/" } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = "\(folder).\(name).\(getpid()).tmp"
        let bytes = export.bytes()
        /// The error for a failed step; what this write created is removed, nothing else.
        func failure(_ step: String, created: Bool = true) -> MetricsError {
            let reason = String(cString: strerror(errno))
            if created { unlink(temporary) }
            return MetricsError(code: .cannotWrite, message: "cannot write metrics to \(path): \(step): \(reason)")
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw failure("cannot create \(temporary)", created: false) }
        // node_exporter runs as another user: readable by all whatever the umask (a unit's is often 077).
        guard fchmod(descriptor, 0o644) == 0 else {
            close(descriptor)
            throw failure("chmod")
        }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                close(descriptor)
                throw failure("write")
            }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            close(descriptor)
            throw failure("fsync")
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else { throw failure("rename") }
    }

    /// Writes every ``interval`` until graceful shutdown or cancellation, then once more. A failed write is logged
    /// and tried again at the next interval: a full disk must not stop the governor.
    public func run() async throws {
        logger.info("writing metrics", metadata: ["file": "\(path)", "interval": "\(interval)"])
        writeLogging()
        do {
            try await cancelWhenGracefulShutdown {
                while true {
                    try await Task.sleep(for: interval)
                    writeLogging()
                }
            }
        } catch is CancellationError {
            // Graceful shutdown or cancellation: write the last values and stop.
        }
        writeLogging()
    }

    private func writeLogging() {
        do throws(MetricsError) {
            try write()
        } catch {
            logger.warning("metrics textfile not written", metadata: ["error": "\(error)"])
        }
    }
}

/// POSIX `write(2)`, named apart from ``MetricsTextfileWriter/write()``.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}
