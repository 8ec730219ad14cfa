import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One run of a command as a whole process, its output thrown away: its CPU time and peak memory as the kernel
/// counted them (`wait4`), and its wall time.
struct MeasuredProcess: Sendable {
    var cpuSeconds: Double
    var wallSeconds: Double
    var peakMebibytes: Double
    /// `nil` when a signal ended it.
    var exitStatus: Int32?

    struct SpawnFailed: Error, CustomStringConvertible {
        var description: String
    }

    static func run(_ arguments: [String]) throws -> MeasuredProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let start = ContinuousClock.now
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw SpawnFailed(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = ContinuousClock.now - start
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        let exited = status & 0x7f == 0
        return MeasuredProcess(
            cpuSeconds: cpu,
            wallSeconds: Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18,
            peakMebibytes: Double(usage.ru_maxrss) / 1024,
            exitStatus: exited ? (status >> 8) & 0xff : nil
        )
    }
}
