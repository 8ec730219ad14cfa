import ArgumentParser
import Foundation
import TemperCore
import TemperHost

/// `temper record --out FILE [--duration S] [--interval S]`: a trace of host snapshots, one JSON line each.
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record host snapshots as JSON lines for replay.",
        discussion: """
            Each line is written in one piece and flushed, so an interrupt (Ctrl-C) never leaves a torn last line.
            Without --duration, records until interrupted.
            """
    )

    @Option(name: .long, help: "The trace file to write (replaced if it exists).")
    var out: String

    @Option(name: .long, help: "Seconds to record; until interrupted when omitted.")
    var duration: Double?

    @Option(name: .long, help: "Seconds between snapshots.")
    var interval: Double = 1

    func validate() throws {
        guard interval > 0, interval.isFinite else { throw ValidationError("--interval must be a positive number of seconds") }
        if let duration, !(duration >= 0 && duration.isFinite) {
            throw ValidationError("--duration must be a non-negative number of seconds")
        }
    }

    func run() async throws {
        guard FileManager.default.createFile(atPath: out, contents: nil),
            let file = FileHandle(forWritingAtPath: out)
        else {
            throw CLIFailure.usage("\(out): cannot create the trace file")
        }
        let logger = HostSession.makeLogger()
        let host = HostSession.makeHost(logger: logger)
        await host.start()
        defer {
            host.stop()
            try? file.close()
        }
        let (period, limit) = (HostSession.duration(seconds: interval), duration.map(HostSession.duration(seconds:)))
        try await HostSession.runUntilInterrupted {
            let encoder = HostSnapshot.traceEncoder()
            let clock = ContinuousClock()
            let start = clock.now
            while !Task.isCancelled {
                var line = try encoder.encode(await host.snapshot())
                line.append(UInt8(ascii: "\n"))
                // One write per line: the signal handler only cancels the task, so a line is never cut.
                try file.write(contentsOf: line)
                try file.synchronize()
                let next = clock.now + period
                if let limit, next - start > limit { break }
                try await Task.sleep(until: next, clock: clock)
            }
        }
    }
}
