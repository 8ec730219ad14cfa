import ArgumentParser

struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "record", abstract: "Not built yet.")

    func run() async throws {
        throw CLIFailure.usage("temper record is not built yet")
    }
}
