import ArgumentParser

struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "simulate", abstract: "Not built yet.")

    func run() async throws {
        throw CLIFailure.usage("temper simulate is not built yet")
    }
}
