import Foundation
import TemperTestSupport

/// The `temper` binary running under the testbed, with its output collected line by line.
final class TemperProcess: Sendable {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    let process: Process
    let output: LineCollector
    let errors: LineCollector

    /// The built `temper`, found once for every test target.
    static let executable: URL? = TemperRunner.builtExecutable

    init(arguments: [String], environment: [String: String]) throws {
        guard let executable = Self.executable else {
            throw HarnessError("the temper binary is not built (run swift build)")
        }
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = PackagePaths.root
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        output = LineCollector(reading: out.fileHandleForReading)
        errors = LineCollector(reading: err.fileHandleForReading)
        try process.run()
    }

    /// Sends SIGINT, as Ctrl-C would.
    func interrupt() {
        if process.isRunning { kill(process.processIdentifier, SIGINT) }
    }

    func terminate() {
        if process.isRunning { process.terminate() }
    }

    /// Waits for the process to end (terminating it after `timeout`) and returns what it printed.
    func waitForExit(timeout: Duration) -> Result {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while process.isRunning, clock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            process.terminate()
        }
        process.waitUntilExit()
        output.waitUntilClosed(timeout: .seconds(5))
        errors.waitUntilClosed(timeout: .seconds(5))
        return Result(
            status: process.terminationStatus,
            stdout: output.allLines.joined(separator: "\n"),
            stderr: errors.allLines.joined(separator: "\n")
        )
    }

    /// Reads status lines (`watch --json`) until one matches, or `timeout` passes; returns it.
    ///
    /// The match is data, not a closure: Swift 6.3.1 miscompiled several predicate closures in one test
    /// body (every call ran the first closure).
    func nextStatus(timeout: Duration, matching match: StatusMatch) -> StatusLine? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        let decoder = JSONDecoder()
        while let line = output.nextLine(timeout: deadline - clock.now) {
            guard let status = try? decoder.decode(StatusLine.self, from: Data(line.utf8)) else { continue }
            if match.matches(status) { return status }
        }
        return nil
    }
}
