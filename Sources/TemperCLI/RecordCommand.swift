import ArgumentParser
import FoundationEssentials
import Glibc
import TemperCore
import TemperFiles
import TemperHost
import TemperLifecycle
import TemperReports
import TemperSimulation

/// `temper record --out FILE [--duration S] [--interval S]`: a trace of host snapshots, one JSON line each.
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record host snapshots as JSON lines for replay.",
        discussion: """
            Writes a header line naming the trace format and its version, then one snapshot per line in the shape \
            of 'temper status --json' (time in seconds since recording began, timestamp in seconds since 1970, \
            sensors with their limits, health, thresholds and tier, power, fans, voltages, currents, battery, \
            power profiles, and the condition the default policy gives), one every --interval seconds for \
            --duration seconds; without --duration, until interrupted. Each line is written in one piece and \
            flushed, so an interrupt (Ctrl-C or SIGTERM, exit 0) never leaves a torn last line. Read the trace \
            back with 'temper report TRACE --report DIR', or fit a device profile to it with 'temper calibrate \
            thermal TRACE'.

            Power readings: hwmon power and energy (through libsensors), RAPL energy counters \
            (/sys/class/powercap/intel-rapl:*, joules, their wraps added back; root-only on most kernels) and \
            each battery's power_now (or current_now × voltage_now), refreshed about once a second.

            On a terminal, stderr shows what is recorded: a progress bar with --duration, else a line per sample \
            (the hottest sensor, the battery, the power profile). Piped, it stays quiet.

            Exit 2 for a bad --interval (0.1 to 3600 s) or --duration (0 to 7 days, at most 1000000 snapshots), \
            or an --out that cannot be created.

            Examples:
              temper record --out trace.jsonl --duration 60
              temper record --out /tmp/idle.jsonl --interval 0.5
            """
    )

    @Option(name: .long, help: "The trace file to write (replaced if it exists).", completion: .file())
    var out: String

    // Unconditional, so a negative number reaches validate() and gets its own message.
    @Option(name: .long, parsing: .unconditional, help: "Seconds to record, 0 to 604800 (7 days); until interrupted when omitted.")
    var duration: Double?

    @Option(name: .long, parsing: .unconditional, help: "Seconds between snapshots, 0.1 to 3600.")
    var interval: Double = 1

    func validate() throws {
        try OptionRange.check(interval, OptionRange.sampleInterval, option: "--interval")
        if let duration {
            try OptionRange.check(duration, OptionRange.recordDuration, option: "--duration")
            guard duration / interval <= Double(OptionRange.maxRecordedSnapshots) else {
                throw ValidationError(
                    "--duration ÷ --interval must be at most \(OptionRange.maxRecordedSnapshots) snapshots, found \(QuantityLimits.number((duration / interval).rounded(.up)))"
                )
            }
        }
    }

    func run() async throws {
        let descriptor = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let failure = errno
            // Creating a file, "no such file" means its folder is missing.
            let cause =
                failure == ENOENT
                ? "the folder \(URL(fileURLWithPath: out).deletingLastPathComponent().path) does not exist"
                : FileErrorText.describe(errno: failure)
            throw CLIFailure.usage("\(out): cannot create the trace file: \(cause)")
        }
        let file = OutputStream(owning: descriptor)
        let logger = HostSession.makeLogger()
        let host = HostSession.makeHost(logger: logger)
        HostSession.unblockTerminationSignals()
        let (period, limit) = (HostSession.duration(seconds: interval), duration.map(HostSession.duration(seconds:)))
        let clock = ContinuousClock()
        let start = clock.now
        try file.write(TraceFile.headerLine)
        let progress = RecordProgress(durationSeconds: duration)
        await host.start()
        let governor = Governor.sampler(policy: .default, source: host, clock: host.clock, intervalSeconds: interval, logger: logger)
        try await governor.runSampling(alongside: [host], gracefulShutdownSignals: HostSession.terminationSignals) { sample in
            let line = try TraceFile.line(sample)
            // One write per line: a signal only ends the sampling between samples, so a line is never cut.
            try file.write(line)
            try file.synchronize()
            await progress.recorded(sample.snapshot, after: clock.now - start)
            if let limit, clock.now + period - start > limit { return false }
            return true
        }
        await progress.finish()
        let seconds = Double((clock.now - start).components.seconds)
        let size = (try? file.offset()).map { TerminalText.size(bytes: Int($0)) } ?? "?"
        let count = await progress.count
        print("recorded \(count) snapshot\(count == 1 ? "" : "s") over \(ClockText.format(seconds)) into \(out) (\(size))")
    }
}

/// What `temper record` shows on a terminal: a bar with --duration, else a line per sample; nothing when piped.
actor RecordProgress {
    private let durationSeconds: Double?
    private let onATerminal = isatty(STDERR_FILENO) == 1
    private var progress = TerminalProgress()
    private(set) var count = 0

    init(durationSeconds: Double?) {
        self.durationSeconds = durationSeconds
    }

    func recorded(_ snapshot: HostSnapshot, after elapsed: Duration) {
        count += 1
        if let durationSeconds {
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            progress.bar(
                fraction: durationSeconds > 0 ? seconds / durationSeconds : 1,
                label: "\(count) sample\(count == 1 ? "" : "s"); \(Self.summary(snapshot))"
            )
        } else if onATerminal {
            printError("\(count): \(Self.summary(snapshot))")
        }
    }

    func finish() { progress.finish() }

    /// One snapshot in a line: the hottest temperature first (a cut line loses the sensor's name, not the
    /// figure), the battery and the power profile.
    static func summary(_ snapshot: HostSnapshot) -> String {
        var parts: [String] = []
        let readings = snapshot.temperatures.compactMap { reading in reading.celsius.map { (reading, $0) } }
        if let (hottest, celsius) = readings.max(by: { $0.1 < $1.1 }) {
            parts.append("\(String(cFormat: "%.1f", celsius)) °C hottest (\(hottest.label))")
        } else {
            parts.append("no temperature sensors")
        }
        if snapshot.battery.present, let percent = snapshot.battery.percentage {
            parts.append("battery \(String(cFormat: "%.0f", percent)) %" + (snapshot.battery.onBattery ? " on battery" : ""))
        }
        if let profile = snapshot.powerProfile.activeProfile { parts.append("profile \(profile)") }
        return parts.joined(separator: ", ")
    }
}
