public import ArgumentParser
import TemperCore

/// The `temper` command: score, simulate and govern haptic and audio feedback.
public struct Temper: AsyncParsableCommand, Sendable {
    public static let configuration = CommandConfiguration(
        commandName: "temper",
        abstract: "A power- and thermal-aware governor for haptic and audio feedback, and a profiler of what it costs.",
        discussion: """
            Score AHAP patterns against energy budgets, read the live host's thermal and battery state, \
            rewrite feedback requests to fit a condition, and simulate thermal transitions in virtual time.

            Start with: temper score (the example patterns), temper simulate (the built-in heat-soak \
            scenario), temper status (this machine).

            Exit codes: 0 success; 1 a check failed (a pattern over budget, a policy with errors); \
            2 bad input or usage.

            Text fits COLUMNS, else the terminal's width; piped, a diagnostic stays on one line. Colour only on \
            a terminal: NO_COLOR (set and not empty) turns it off, CLICOLOR_FORCE turns it on for a pipe.
            """,
        version: "temper \(TemperVersion.number)",
        subcommands: [
            ScoreCommand.self,
            RewriteCommand.self,
            StatusCommand.self,
            WatchCommand.self,
            ServeCommand.self,
            RecordCommand.self,
            ImportCommand.self,
            ForecastCommand.self,
            SimulateCommand.self,
            PolicyCommand.self,
            ReportCommand.self,
            CalibrateCommand.self,
            ConvertCommand.self,
            CompareCommand.self,
            ProfileCommand.self,
        ]
    )

    public init() {}
}
