import ArgumentParser

/// `temper calibrate thermal TRACE...`: fits the thermal section of a device profile to recorded traces.
struct CalibrateThermalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thermal",
        abstract: "Fit the thermal section of a device profile to recorded traces."
    )

    @Argument(help: "Traces written by 'temper record' or 'temper simulate --record-trace'.")
    var traces: [String] = []

    func run() async throws {
        throw CLIFailure.usage("calibrate thermal is not built yet")
    }
}
