import ArgumentParser

struct ScoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "score", abstract: "Not built yet.")

    func run() async throws {
        throw CLIFailure.usage("temper score is not built yet")
    }
}
