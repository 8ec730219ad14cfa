public import Foundation

/// Runs the built `temper` binary, as a user would, and captures what it prints.
public enum TemperRunner: Sendable {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// The built `temper` next to the test bundle in the build products folder, else in `.build/debug`; `nil`
    /// when it is not built.
    public static let builtExecutable: URL? = {
        var candidates: [URL] = []
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            candidates.append(directory.appendingPathComponent("temper"))
            directory.deleteLastPathComponent()
        }
        candidates.append(PackagePaths.root.appendingPathComponent(".build/debug/temper"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// ``builtExecutable``, or where it would be (so running it fails with a clear error).
    public static let executable: URL =
        builtExecutable ?? Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("temper")

    /// Runs `temper` (or another `executable`, e.g. a wrapper that gives it a terminal).
    public static func run(
        _ arguments: [String],
        currentDirectory: URL = PackagePaths.root,
        environment: [String: String] = [:],
        stdin: Data? = nil,
        executable: URL = executable
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = currentDirectory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large output cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self)
        )
    }

    /// util-linux `script` (in Debian's essential bsdutils), which gives a command a pseudo-terminal.
    public static let terminalWrapper = URL(fileURLWithPath: "/usr/bin/script")
    /// Whether ``runOnATerminal(_:)`` can run here; tests that need a terminal skip without it.
    public static var hasTerminal: Bool { FileManager.default.isExecutableFile(atPath: terminalWrapper.path) }

    /// Runs `temper` with stdout and stderr on a pseudo-terminal; both arrive, interleaved, in `stdout`.
    public static func runOnATerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let command = ([executable.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        return try run(["-qec", command.joined(separator: " "), "/dev/null"], environment: environment, executable: terminalWrapper)
    }
}
