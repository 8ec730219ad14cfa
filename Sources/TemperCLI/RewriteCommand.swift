import ArgumentParser

struct RewriteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rewrite", abstract: "Not built yet.")

    func run() async throws {
        throw CLIFailure.usage("temper rewrite is not built yet")
    }
}
