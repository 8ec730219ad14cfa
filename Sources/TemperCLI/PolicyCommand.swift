import ArgumentParser

struct PolicyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "policy", abstract: "Not built yet.")

    func run() async throws {
        throw CLIFailure.usage("temper policy is not built yet")
    }
}
