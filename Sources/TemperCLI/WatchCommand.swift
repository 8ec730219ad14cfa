import ArgumentParser

struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "watch", abstract: "Not built yet.")

    func run() async throws {
        throw CLIFailure.usage("temper watch is not built yet")
    }
}
