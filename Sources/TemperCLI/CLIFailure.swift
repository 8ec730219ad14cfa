import ArgumentParser
import Foundation

/// How a command ends badly; the only place errors become exit codes.
enum CLIFailure: Error, CustomStringConvertible {
    /// Exit 1: a check failed (a pattern over budget, a policy with errors). The message may be empty when
    /// the command already printed its findings.
    case checkFailed(String)
    /// Exit 2: bad input or usage.
    case usage(String)

    var description: String {
        switch self {
        case .checkFailed(let message), .usage(let message): message
        }
    }

    var exitCode: ExitCode {
        switch self {
        case .checkFailed: ExitCode(1)
        case .usage: ExitCode(2)
        }
    }
}

/// Writes one line to stderr.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

extension Temper {
    /// Runs the command line, printing one-line errors on stderr and mapping them to exit codes.
    public static func runMain() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CLIFailure {
            if !failure.description.isEmpty { printError("temper: \(failure.description)") }
            Foundation.exit(failure.exitCode.rawValue)
        } catch {
            let code = exitCode(for: error)
            // ArgumentParser's own usage errors exit 64 by default; the contract says 2. Its full message adds
            // help and usage lines; the contract wants one line, so only the error itself is printed.
            if code == .validationFailure || code.rawValue == 64 {
                let message = message(for: error).split(whereSeparator: \.isNewline).joined(separator: " ")
                printError("temper: \(message) (see --help)")
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
