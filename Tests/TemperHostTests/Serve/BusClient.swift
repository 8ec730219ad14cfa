import Foundation
import Glibc

/// The real clients of `temper serve`: `Harness/bus_client.py` (python3-gi's Gio), `gdbus` and `busctl`,
/// each pointed at a private bus by address.
enum BusClient {
    static let script = HostTestbed.harnessDirectory.appendingPathComponent("bus_client.py").path

    /// Runs `bus_client.py ADDRESS ARGUMENTS…` to its end and decodes its one JSON object; as `user` when given
    /// (through `setpriv`, with the user's own group and no others).
    static func python(
        _ address: String,
        _ arguments: [String],
        as user: String? = nil,
        timeout: Duration = .seconds(120)
    ) throws -> [String: Any] {
        let (executable, prefix) = command(as: user)
        let result = try run(executable, prefix + [script, address] + arguments, timeout: timeout)
        guard let line = result.stdout.split(separator: "\n").last,
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        else {
            throw HarnessError("bus_client.py \(arguments.joined(separator: " ")) printed no JSON: \(result.stdout) \(result.stderr)")
        }
        return object
    }

    /// The executable and leading arguments that run the Python client, as `user` when given.
    static func command(as user: String?) -> (String, [String]) {
        guard let user else { return (HarnessRequirements.python, []) }
        let group = user == "nobody" ? "nogroup" : user
        return ("/usr/bin/setpriv", ["--reuid=\(user)", "--regid=\(group)", "--clear-groups", HarnessRequirements.python])
    }

    /// Starts `bus_client.py ADDRESS ARGUMENTS…` and returns it running, with its lines collected.
    static func startPython(_ address: String, _ arguments: [String], as user: String? = nil) throws -> (Process, LineCollector) {
        let process = Process()
        let (executable, prefix) = command(as: user)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = prefix + [script, address] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let lines = LineCollector(reading: output.fileHandleForReading)
        try process.run()
        return (process, lines)
    }

    /// `gdbus ARGUMENTS…` against the bus at `address`.
    static func gdbus(_ address: String, _ arguments: [String]) throws -> TemperProcess.Result {
        try run(HarnessRequirements.findOnPath("gdbus") ?? "/usr/bin/gdbus", [arguments[0], "--address", address] + arguments.dropFirst())
    }

    /// `busctl --address=ADDRESS ARGUMENTS…`.
    static func busctl(_ address: String, _ arguments: [String]) throws -> TemperProcess.Result {
        try run(HarnessRequirements.findOnPath("busctl") ?? "/usr/bin/busctl", ["--address=\(address)"] + arguments)
    }

    /// Waits until `org.temper.Temper1` is on the bus.
    static func waitForService(_ address: String) throws {
        let result = try gdbus(address, ["wait", "--timeout", "20", "org.temper.Temper1"])
        guard result.status == 0 else { throw HarnessError("org.temper.Temper1 never appeared: \(result.stderr)") }
    }

    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    static func run(_ executable: String, _ arguments: [String], timeout: Duration = .seconds(30)) throws -> TemperProcess.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let out = LineCollector(reading: output.fileHandleForReading)
        let err = LineCollector(reading: errors.fileHandleForReading)
        try process.run()
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while process.isRunning, clock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        out.waitUntilClosed(timeout: .seconds(5))
        err.waitUntilClosed(timeout: .seconds(5))
        return TemperProcess.Result(
            status: process.terminationStatus,
            stdout: out.allLines.joined(separator: "\n"),
            stderr: err.allLines.joined(separator: "\n")
        )
    }

    /// The resident set of a process, in MiB, from /proc.
    static func residentMebibytes(of pid: Int32) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kibibytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kibibytes / 1024
    }
}
