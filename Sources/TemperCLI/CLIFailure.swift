import ArgumentParser
import Dispatch
import FoundationEssentials
import Glibc
import TemperAHAP
import TemperCore

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

extension CLIFailure {
    /// Every problem found in one file, each on its own `temper: ` line on stderr, as a failure of `kind` (such as
    /// ``CLIFailure/usage(_:)``): one problem is the failure's own line; several are listed, then counted.
    static func reporting(_ errors: [TemperError], in file: String, as kind: (String) -> CLIFailure) -> CLIFailure {
        guard errors.count > 1 else { return kind(errors.first?.description ?? "\(file): not valid") }
        for error in errors { printError("temper: \(error)") }
        return kind("\(file): \(errors.count) errors")
    }
}

/// Writes one diagnostic to stderr. Control characters that came from a user's file (a YAML key with a newline or
/// an escape sequence in it) are written as escapes, so they cannot drive the terminal. Piped, it is one line (what
/// editors and scripts parse: `temper: FILE:LINE:COLUMN: …`); on a terminal or with `COLUMNS`, it wraps to fit,
/// its further lines indented.
func printError(_ line: String) {
    let text = TerminalText.fit(OneLineText.escaping(line), width: TerminalWidth.current(of: STDERR_FILENO))
    OutputStream.standardError.print(text + "\n")
}

extension Temper {
    /// Runs the command line on the concurrency pool while the main thread waits, then returns.
    ///
    /// Top-level `await` would do the same through `dispatch_main()`, which ends the main thread with
    /// `pthread_exit`: that unwinds the main thread's stack through the binary's unwind tables, and the
    /// megabyte of them it touches stays resident for as long as the process lives, `temper serve` included.
    /// Nothing in temper runs on the main actor or the main queue, so a waiting main thread loses nothing.
    public static func runMainAndWait() {
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            await runMain()
            finished.signal()
        }
        finished.wait()
    }

    /// Runs the command line, printing one-line errors on stderr and mapping them to exit codes.
    static func runMain() async {
        if let problem = CommandSuggestion.problem(in: Array(CommandLine.arguments.dropFirst()), root: Temper.self) {
            printError("temper: \(problem)")
            Glibc.exit(2)
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CLIFailure {
            if !failure.description.isEmpty { printError("temper: \(failure.description)") }
            Glibc.exit(failure.exitCode.rawValue)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success, message.contains("\n" + HelpText.usagePrefix) || message.hasPrefix(HelpText.usagePrefix) {
                OutputStream.standardOutput.print(HelpText.fitted(message, width: TerminalWidth.current()) + "\n")
                Glibc.exit(0)
            }
            // ArgumentParser's own usage errors exit 64 by default; the contract says 2.
            if code == .validationFailure || code.rawValue == 64 {
                printError(UsageErrorText.line(message))
                Glibc.exit(2)
            }
            exit(withError: error)
        }
    }
}
