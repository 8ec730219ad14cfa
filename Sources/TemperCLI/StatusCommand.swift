import ArgumentParser

struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Not built yet.")

    func run() async throws {
        throw CLIFailure.usage("temper status is not built yet")
    }
}
